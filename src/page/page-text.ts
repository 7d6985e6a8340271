// The page pipeline as one call: safe fetch → read (decode and extract, or a PDF's text layer, in a
// contained worker when the server runs), with the page-text
// cache (1 day) and one shared fetch for identical reads in flight. Used by the page
// tools and by research-quote verification, so a page read for one serves the other.
import * as v from 'valibot';
import { type Cache, TTL } from '../cache/cache.ts';
import { cacheKey } from '../cache/keys.ts';
import { isToolError, type ToolError, toolError } from '../errors.ts';
import { linkSignals } from '../linked-signal.ts';
import { createSingleFlight } from '../single-flight.ts';
import { checkStored, type HostPolicy } from './fetch/address.ts';
import { safeFetch } from './fetch/safe-fetch.ts';
import type { Extracted } from './html/extracted.ts';
import { visibleStrings } from './invisible-chars.ts';
import type { PagePool } from './page-pool.ts';
import { type ReadDocument, readInProcess } from './read-job.ts';

export interface PageText extends Extracted {
  /** The URL the text came from, after redirects. */
  readonly url: string;
  /** What the text leaves out (e.g. the pages of a long PDF past the limit). */
  readonly gaps?: readonly string[];
}

const PageTextSchema = v.object({
  url: v.string(),
  title: v.string(),
  byline: v.optional(v.string()),
  published: v.optional(v.string()),
  markdown: v.string(),
  text: v.string(),
  thin: v.boolean(),
  thinReason: v.optional(v.string()),
  gaps: v.optional(v.array(v.string())),
});

export interface PageReaderDeps extends HostPolicy {
  readonly fetch: typeof fetch;
  readonly cache: Cache | undefined;
  /** Largest PDF read (WEB_MCP_MAX_PDF_MB). */
  readonly maxPdfBytes?: number;
  /** How a fetched body is read; default: in this process. */
  readonly readDocument?: ReadDocument;
  /** Where fetches and reads wait their turn; default: none (each starts at once). */
  readonly pool?: PagePool;
}

export interface ReadOptions {
  readonly signal: AbortSignal;
  /** Skip the cached copy (and store the fresh one). */
  readonly refresh?: boolean;
  /** Shorter than the 20 s default, e.g. for verification fetches. */
  readonly timeoutMs?: number;
}

export interface PageReader {
  read(url: string, options: ReadOptions): Promise<PageText | ToolError>;
}

export function createPageReader(deps: PageReaderDeps): PageReader {
  const flights = createSingleFlight();

  async function load(url: string, key: string, signal: AbortSignal): Promise<PageText | ToolError> {
    const fetched = await safeFetch(url, {
      fetch: deps.fetch,
      resolve: deps.resolve,
      allowHosts: deps.allowHosts,
      ...(deps.isPublic ? { isPublic: deps.isPublic } : {}),
      signal,
      ...(deps.maxPdfBytes === undefined ? {} : { maxPdfBytes: deps.maxPdfBytes }),
    });
    if (isToolError(fetched)) return fetched;
    const readDocument = deps.readDocument ?? readInProcess;
    const extracted = await readDocument(
      { bytes: fetched.bytes, contentType: fetched.contentType, url: fetched.url },
      signal,
    );
    if (isToolError(extracted)) return extracted;
    if ('unsupported' in extracted) {
      return toolError(
        'fetch_failed',
        `fetch_failed: ${fetched.url} is ${extracted.unsupported}, which this server cannot read; give the URL of an HTML or text page`,
      );
    }
    const page: PageText = { ...visibleStrings(extracted), url: fetched.url };
    // Stored after the caller moves on: a read never waits for the disk.
    if (deps.cache && !page.thin) void deps.cache.set(key, page, TTL.pageText);
    return page;
  }

  return {
    async read(url, options) {
      const key = await cacheKey({ tool: 'page-text', url });
      if (!options.refresh && deps.cache) {
        const hit = await deps.cache.get(key, PageTextSchema);
        // Today's guard and allow-list decide, not the ones the copy was fetched under.
        if (hit) return (await checkStored([url, hit.value.url], deps)) ?? stripUndefined(hit.value);
      }
      // Each caller waits its own time: one that joins a read in flight keeps its own time-out.
      const own = linkSignals([options.signal], options.timeoutMs);
      try {
        // Page work waits its turn in the pool, once per shared read.
        const page = await flights.run(`${options.refresh ? 'refresh:' : ''}${key}`, own.signal, (shared) =>
          deps.pool ? deps.pool.run(shared, () => load(url, key, shared)) : load(url, key, shared),
        );
        if (!own.timedOut() || !isToolError(page)) return page;
        return toolError(
          'fetch_failed',
          `fetch_failed: ${url} did not finish within ${(options.timeoutMs ?? 0) / 1000} s; try again later or another source`,
        );
      } finally {
        own.dispose();
      }
    },
  };
}

/** A cached copy back in the PageText shape (optional fields absent rather than undefined). */
function stripUndefined(value: v.InferOutput<typeof PageTextSchema>): PageText {
  const { byline, published, thinReason, gaps, ...rest } = value;
  return {
    ...rest,
    ...(gaps === undefined ? {} : { gaps }),
    ...(byline === undefined ? {} : { byline }),
    ...(published === undefined ? {} : { published }),
    ...(thinReason === undefined ? {} : { thinReason }),
  };
}
