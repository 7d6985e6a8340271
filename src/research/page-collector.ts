// Fetches the server's own copy of the pages a research run reads and cites, so
// their quotes can be checked (R-V1): started while the run streams, a few at a
// time, each with a short timeout, never waited for past a given moment, never failing.
import { isToolError } from '../errors.ts';
import { clientText } from '../log.ts';
import type { PageReader } from '../page/page-text.ts';
import { canonicalUrl } from '../url.ts';

export interface CollectorOptions {
  readonly reader: PageReader;
  /** Stops every fetch (the call was cancelled or is over). */
  readonly signal: AbortSignal;
  readonly parallel?: number;
  readonly perPageMs?: number;
  /** Fetch every page anew (and store it), never from the page cache. */
  readonly refresh?: boolean;
  /** Told of a read that threw (a bug, not a page that failed to load): the page is then not held. */
  readonly onError?: (url: string, error: unknown) => void;
}

export interface PageCollector {
  /** Starts fetching `url` (once per URL) when a slot is free. */
  want(url: string): void;
  /** Text of each of `urls` that was fetched by `until` (ms since epoch); thin or failed pages are absent. */
  collect(urls: readonly string[], until: number, clock: () => number): Promise<Map<string, string>>;
}

export const COLLECT_DEFAULTS = { parallel: 3, perPageMs: 8000 } as const;

/**
 * A read that threw, as one log line: the page, the error's first line (never a stack),
 * and what it cost. The URL came from a run's output, so both are quoted as client text.
 */
export function collectorFailure(url: string, error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  const first = clientText(text.split('\n')[0] ?? '');
  return `research: reading ${clientText(url)} to check its quotes failed unexpectedly (${first}); its quotes stay unverified — report it to web-mcp if it repeats`;
}

export function createPageCollector(options: CollectorOptions): PageCollector {
  const parallel = options.parallel ?? COLLECT_DEFAULTS.parallel;
  const perPageMs = options.perPageMs ?? COLLECT_DEFAULTS.perPageMs;
  const jobs = new Map<string, Promise<string | undefined>>();
  const queue: (() => void)[] = [];
  let active = 0;

  const slot = () =>
    new Promise<void>((resolve) => {
      if (active < parallel) {
        active += 1;
        resolve();
      } else queue.push(resolve);
    });
  const release = () => {
    const next = queue.shift();
    if (next) next();
    else active -= 1;
  };

  // Never rejects: a read that fails in any way (even by throwing) is a page not held, so its
  // quotes stay unverified; nobody may be waiting for it, so a rejection would go unhandled.
  async function fetchText(url: string): Promise<string | undefined> {
    await slot();
    try {
      if (options.signal.aborted) return undefined;
      const page = await options.reader.read(url, {
        signal: options.signal,
        timeoutMs: perPageMs,
        refresh: options.refresh === true,
      });
      return isToolError(page) || page.thin ? undefined : page.text;
    } catch (error) {
      options.onError?.(url, error);
      return undefined;
    } finally {
      release();
    }
  }

  const keyOf = (url: string) => {
    try {
      return canonicalUrl(url);
    } catch {
      return undefined;
    }
  };

  function want(url: string): void {
    const key = keyOf(url);
    if (key === undefined || jobs.has(key) || options.signal.aborted) return;
    jobs.set(key, fetchText(url));
  }

  async function collect(urls: readonly string[], until: number, clock: () => number) {
    for (const url of urls) want(url);
    const held = new Map<string, string>();
    const waitMs = Math.max(0, until - clock());
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, waitMs);
    });
    await Promise.all(
      urls.map(async (url) => {
        const key = keyOf(url);
        const job = key === undefined ? undefined : jobs.get(key);
        if (!job) return;
        const text = await Promise.race([job, late.then(() => undefined)]);
        if (text !== undefined) held.set(url, text);
      }),
    );
    clearTimeout(timer);
    return held;
  }

  return { want, collect };
}
