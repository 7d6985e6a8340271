// Fetches one page from the public web only: every hop's host is checked before
// connecting, redirects are followed by hand, and size and time are capped while streaming.
//
// DNS rebinding: the check here gives a clear early error; the page fetch the runtime
// supplies (Runtime.pageFetch with connectGuard) checks again at each connection and
// connects to the checked address itself, so a name whose answer flips is caught there.

import { PDF_MAX_MB_LIMIT } from '../../config.ts';
import { type ToolError, toolError } from '../../errors.ts';
import { blocked, checkUrl, type HostPolicy } from './address.ts';
import { parseContentType } from './decode.ts';
import { isPdfType, looksLikePdf } from './pdf-sniff.ts';

export interface FetchedPage {
  /** The final URL, after redirects. */
  readonly url: string;
  readonly status: number;
  /** The Content-Type header as received ('' when absent). */
  readonly contentType: string;
  readonly charset?: string;
  readonly bytes: Uint8Array;
  readonly truncated: false;
}

export interface SafeFetchOptions extends HostPolicy {
  readonly fetch: typeof fetch;
  readonly signal?: AbortSignal;
  readonly maxBytes?: number;
  /** The cap for a body that starts with the PDF signature (PDFs run larger than pages). */
  readonly maxPdfBytes?: number;
  readonly timeoutMs?: number;
  readonly maxRedirects?: number;
  readonly userAgent?: string;
}

export const SAFE_FETCH_DEFAULTS = {
  maxBytes: 2 * 1024 * 1024,
  maxPdfBytes: 10 * 1024 * 1024,
  timeoutMs: 20_000,
  maxRedirects: 5,
} as const;
export const DEFAULT_USER_AGENT = 'Mozilla/5.0 (compatible; web-mcp/0.1; page reader for an AI agent)';
const ACCEPT =
  'text/html,application/xhtml+xml,text/plain;q=0.9,text/markdown;q=0.9,application/json;q=0.8,application/pdf;q=0.8,*/*;q=0.5';
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

const isUntyped = (contentType: string) =>
  /^\s*(?:(?:application|binary)\/octet-stream\s*(?:;|$)|$)/i.test(contentType);

type Race = <T>(work: Promise<T>) => Promise<T>;

const size = (bytes: number): string =>
  bytes % 1_048_576 === 0 ? `${bytes / 1_048_576} MB` : `${bytes} bytes`;

function join(chunks: readonly Uint8Array[], total: number): Uint8Array {
  const bytes = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
}

/**
 * The body, or its cap once it passes it (the rest is never read). A body that starts
 * with the PDF signature, whatever its Content-Type, has the PDF cap instead of the page cap.
 */
async function readCapped(
  body: ReadableStream<Uint8Array> | null,
  caps: { page: number; pdf: number },
  race: Race,
): Promise<Uint8Array | { over: number }> {
  if (body === null) return new Uint8Array(0);
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  let cap = caps.page;
  try {
    for (;;) {
      const { done, value } = await race(reader.read());
      if (done) break;
      total += value.byteLength;
      chunks.push(value);
      if (total > cap && cap === caps.page && looksLikePdf(join(chunks, total))) cap = caps.pdf;
      if (total > cap) return { over: cap };
    }
  } finally {
    // Stops the download (and frees the connection) when we leave early.
    reader.cancel().catch(() => {});
  }
  const bytes = join(chunks, total);
  return total > caps.pdf && looksLikePdf(bytes) ? { over: caps.pdf } : bytes;
}

async function fetchHops(start: URL, opts: SafeFetchOptions, signal: AbortSignal, race: Race) {
  const caps = {
    page: opts.maxBytes ?? SAFE_FETCH_DEFAULTS.maxBytes,
    pdf: opts.maxPdfBytes ?? SAFE_FETCH_DEFAULTS.maxPdfBytes,
  };
  const maxRedirects = opts.maxRedirects ?? SAFE_FETCH_DEFAULTS.maxRedirects;
  const headers = { 'user-agent': opts.userAgent ?? DEFAULT_USER_AGENT, accept: ACCEPT };
  let url = start;
  for (let hop = 0; ; hop++) {
    // fetch refuses URLs with credentials, and a page tool has none to send.
    url.username = '';
    url.password = '';
    const refused = await race(checkUrl(url, opts));
    if (refused !== undefined) return refused;
    const response = await race(opts.fetch(url.href, { redirect: 'manual', signal, headers }));
    const failed = (why: string): ToolError => {
      response.body?.cancel().catch(() => {});
      return toolError('fetch_failed', `fetch_failed: the page at ${url.href} ${why}`);
    };
    if (REDIRECTS.has(response.status)) {
      const location = response.headers.get('location');
      if (location === null)
        return failed(`answered ${response.status} without a Location; try another source`);
      if (hop >= maxRedirects)
        return failed(`redirected more than ${maxRedirects} times; try the final address`);
      response.body?.cancel().catch(() => {});
      try {
        url = new URL(location, url);
      } catch {
        return failed(`redirected to an invalid address; try another source`);
      }
      continue;
    }
    if (response.status < 200 || response.status > 299) {
      return failed(`answered ${response.status}; try again later or another source`);
    }
    const contentType = response.headers.get('content-type')?.trim() ?? '';
    const tooBig = (cap: number) =>
      cap === caps.pdf && caps.pdf !== caps.page
        ? `is a PDF larger than ${size(cap)}, the most page tools read (WEB_MCP_MAX_PDF_MB raises it to ${PDF_MAX_MB_LIMIT} MB); try another source`
        : `is larger than ${size(cap)}, the most page tools read; try a smaller page or another source`;
    // Before reading, the type is all there is: a PDF, or an untyped body that may be one,
    // gets the PDF cap; a PDF mislabelled otherwise is caught by its signature while reading.
    const announced = isPdfType(contentType) || isUntyped(contentType) ? caps.pdf : caps.page;
    if (Number(response.headers.get('content-length') ?? 0) > announced) return failed(tooBig(announced));
    const bytes = await readCapped(response.body, caps, race);
    if (!(bytes instanceof Uint8Array))
      return toolError('fetch_failed', `fetch_failed: the page at ${url.href} ${tooBig(bytes.over)}`);
    const { charset } = parseContentType(contentType);
    const page: FetchedPage = {
      url: url.href,
      status: response.status,
      contentType,
      bytes,
      truncated: false,
    };
    return charset === undefined ? page : { ...page, charset };
  }
}

/** The guard's refusal when the page fetch rejected because of it. */
function refusalOf(error: unknown): string | undefined {
  for (let at = error, depth = 0; at instanceof Error && depth < 4; at = at.cause, depth++) {
    if (at.name === 'ConnectRefused') return at.message;
  }
  return undefined;
}

function reasonOf(error: unknown): string {
  const cause = error instanceof Error ? error.cause : undefined;
  if (cause instanceof Error)
    return 'code' in cause && typeof cause.code === 'string' ? cause.code : cause.message;
  return error instanceof Error ? error.message : String(error);
}

/** Fetches `url` if it and every redirect stay on public addresses (or allow-listed hosts). */
export async function safeFetch(url: string, opts: SafeFetchOptions): Promise<FetchedPage | ToolError> {
  let start: URL;
  try {
    start = new URL(url);
  } catch {
    return toolError('invalid_input', `invalid_input: "${url}" is not a URL; give a full http(s) address`);
  }
  start.username = '';
  start.password = '';
  const cancelled = () =>
    toolError('cancelled', `cancelled: the fetch of ${start.href} was cancelled by the caller`);
  if (opts.signal?.aborted) return cancelled();

  const timeoutMs = opts.timeoutMs ?? SAFE_FETCH_DEFAULTS.timeoutMs;
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const onCallerAbort = () => controller.abort();
  opts.signal?.addEventListener('abort', onCallerAbort, { once: true });
  // Resolvers and injected fetches may ignore the signal; racing makes every await stop on abort.
  const stopped = new Promise<never>((_, reject) => {
    controller.signal.addEventListener('abort', () => reject(new Error('aborted')), { once: true });
  });
  stopped.catch(() => {});
  const race: Race = (work) => Promise.race([work, stopped]);

  try {
    return await fetchHops(start, opts, controller.signal, race);
  } catch (error) {
    if (opts.signal?.aborted) return cancelled();
    const refused = refusalOf(error);
    if (refused !== undefined) return blocked(start.href, `was refused when connecting: ${refused}`);
    if (timedOut) {
      return toolError(
        'fetch_failed',
        `fetch_failed: ${start.href} did not finish within ${timeoutMs / 1000} s; try again later or another source`,
      );
    }
    return toolError(
      'fetch_failed',
      `fetch_failed: could not fetch ${start.href} (${reasonOf(error)}); check the address or try another source`,
    );
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener('abort', onCallerAbort);
  }
}
