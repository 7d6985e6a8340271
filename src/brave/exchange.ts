// One HTTP exchange with Brave, sorted into the outcomes the client acts on.
// The key goes only into the request header; whatever comes back is scrubbed of it.
import { type ToolError, toolError } from '../errors.ts';
import {
  type BraveResult,
  isKeyOrPlanError,
  parseError,
  parseResults,
  perSecondLimit,
  retryAfterMs,
} from './response.ts';
import { loadSnippetParser } from './snippet.ts';

export type Exchange =
  | { readonly kind: 'ok'; readonly results: BraveResult[]; readonly perSecond: number | undefined }
  | { readonly kind: 'limited'; readonly waitMs: number; readonly code: string }
  | { readonly kind: 'key'; readonly status: number; readonly code: string }
  | { readonly kind: 'option' }
  | ToolError;

export interface ExchangeDeps {
  readonly fetch: typeof fetch;
  readonly key: string;
  readonly timeoutMs: number;
  readonly now: () => number;
}

const MAX_BODY_BYTES = 4 * 1024 * 1024;

/** Every occurrence of the key (plain or URL-encoded) replaced by [redacted]. */
export function redactor(key: string): (text: string) => string {
  if (key === '') return (text) => text;
  const forms = [...new Set([key, encodeURIComponent(key)])];
  return (text) => forms.reduce((t, form) => t.split(form).join('[redacted]'), text);
}

async function readCapped(response: Response): Promise<string | undefined> {
  const reader = response.body?.getReader();
  if (!reader) return '';
  const decoder = new TextDecoder();
  let text = '';
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return text + decoder.decode();
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      await reader.cancel().catch(() => {});
      return undefined;
    }
    text += decoder.decode(value, { stream: true });
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export async function exchange(
  deps: ExchangeDeps,
  url: URL,
  count: number,
  signal?: AbortSignal,
): Promise<Exchange> {
  const redact = redactor(deps.key);
  const timeout = AbortSignal.timeout(deps.timeoutMs);
  try {
    const response = await deps.fetch(url, {
      headers: { Accept: 'application/json', 'X-Subscription-Token': deps.key },
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
    const text = await readCapped(response);
    if (text === undefined)
      return toolError(
        'fetch_failed',
        'fetch_failed: Brave answered with an oversized body; try again later',
      );
    if (response.ok) {
      await loadSnippetParser();
      const results = parseResults(parseJson(text), count);
      if (results === undefined) {
        return toolError(
          'fetch_failed',
          'fetch_failed: Brave answered with JSON this server does not understand; try again later',
        );
      }
      const clean = results.map((r) => ({
        ...r,
        title: redact(r.title),
        url: redact(r.url),
        snippet: redact(r.snippet),
      }));
      return { kind: 'ok', results: clean, perSecond: perSecondLimit(response.headers) };
    }
    const error = parseError(text);
    const code = redact(error.code);
    if (response.status === 429)
      return { kind: 'limited', waitMs: retryAfterMs(response.headers, deps.now()), code };
    if (code === 'OPTION_NOT_IN_PLAN') return { kind: 'option' };
    if (isKeyOrPlanError(response.status, code)) return { kind: 'key', status: response.status, code };
    if (response.status >= 400 && response.status < 500) {
      const why = redact(error.detail || code || 'no reason given');
      return toolError(
        'invalid_input',
        `invalid_input: Brave rejected the query (HTTP ${response.status}: ${why}); rephrase it with fewer or plainer words`,
      );
    }
    return toolError('fetch_failed', `fetch_failed: Brave answered HTTP ${response.status}; try again later`);
  } catch (error) {
    if (signal?.aborted)
      return toolError('cancelled', 'cancelled: the Brave search was cancelled by the caller');
    if (timeout.aborted) {
      const seconds = Math.round(deps.timeoutMs / 1000);
      return toolError('timeout', `timeout: Brave did not answer within ${seconds} s; try again later`);
    }
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
    const why = redact(cause instanceof Error ? cause.message : 'network error').slice(0, 200);
    return toolError(
      'fetch_failed',
      `fetch_failed: Brave could not be reached (${why}); check the network or BRAVE_BASE_URL`,
    );
  }
}
