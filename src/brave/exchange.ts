// One HTTP exchange with Brave, sorted into the outcomes the client acts on.
// The key goes only into the request header, and only to the endpoint's origin; whatever comes
// back is scrubbed of any part of it.
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

// Any run of the key this long, echoed back (a prefix in an error, a snippet), is scrubbed:
// a part that long narrows a guess at the rest too far to be let out.
const KEY_PART = 8;

/** Every run of `KEY_PART` or more characters of the key (plain or URL-encoded), in any case, replaced by [redacted]. */
export function redactor(key: string): (text: string) => string {
  if (key === '') return (text) => text;
  const windows = new Set<string>();
  for (const form of new Set([key, encodeURIComponent(key)])) {
    const size = Math.min(KEY_PART, form.length);
    for (let i = 0; i + size <= form.length; i++) windows.add(form.slice(i, i + size));
  }
  const literal = (w: string) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const starts = new RegExp(`(?=(${[...windows].map(literal).join('|')}))`, 'gi');
  return (text) => {
    // Mark every character covered by some window, then cut each marked run out whole.
    let end = -1;
    const runs: [number, number][] = [];
    for (const m of text.matchAll(starts)) {
      const to = m.index + (m[1]?.length ?? 0);
      const last = runs.at(-1);
      if (last !== undefined && m.index <= end) last[1] = Math.max(last[1], to);
      else runs.push([m.index, to]);
      end = Math.max(end, to);
    }
    let out = text;
    for (const [from, to] of runs.reverse()) out = `${out.slice(0, from)}[redacted]${out.slice(to)}`;
    return out;
  };
}

const MAX_REDIRECTS = 3;

/**
 * The response, following redirects by hand within the endpoint's origin only: the key
 * never travels to another origin. Another origin's address comes back as a string.
 */
async function fetchSameOrigin(
  deps: ExchangeDeps,
  url: URL,
  signal: AbortSignal,
): Promise<Response | string> {
  let at = url;
  for (let hop = 0; ; hop++) {
    const response = await deps.fetch(at, {
      headers: { Accept: 'application/json', 'X-Subscription-Token': deps.key },
      redirect: 'manual',
      signal,
    });
    const location = response.headers.get('location');
    if (response.status < 300 || response.status > 399 || location === null || hop === MAX_REDIRECTS)
      return response;
    await response.body?.cancel().catch(() => {});
    const next = URL.canParse(location, at) ? new URL(location, at) : undefined;
    if (next === undefined || next.origin !== url.origin) return next?.origin ?? location.slice(0, 200);
    at = next;
  }
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
    const response = await fetchSameOrigin(deps, url, signal ? AbortSignal.any([signal, timeout]) : timeout);
    if (typeof response === 'string')
      return toolError(
        'fetch_failed',
        `fetch_failed: Brave redirected to ${redact(response)}, another origin, and the key is sent only to ${url.origin}; check BRAVE_BASE_URL`,
      );
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
        ...(r.date === undefined ? {} : { date: redact(r.date) }),
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
