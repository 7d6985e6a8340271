// The page pipeline as one call: safe fetch → decode → extract, with the page-text
// cache (1 day) and one shared fetch for identical reads in flight. Used by the page
// tools and by research-quote verification, so a page read for one serves the other.
import * as v from 'valibot';
import type { Cache } from '../cache/cache.ts';
import { TTL } from '../cache/cache.ts';
import { cacheKey } from '../cache/keys.ts';
import { createSingleFlight } from '../cache/single-flight.ts';
import { isToolError, type ToolError, toolError } from '../errors.ts';
import type { HostPolicy } from './address.ts';
import { decodeBody } from './decode.ts';
import { type Extracted, extractByType } from './extract.ts';
import { safeFetch } from './safe-fetch.ts';

export interface PageText extends Extracted {
  /** The URL the text came from, after redirects. */
  readonly url: string;
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
});

export interface PageReaderDeps extends HostPolicy {
  readonly fetch: typeof fetch;
  readonly cache: Cache | undefined;
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

  async function load(
    url: string,
    key: string,
    signal: AbortSignal,
    timeoutMs?: number,
  ): Promise<PageText | ToolError> {
    const fetched = await safeFetch(url, {
      fetch: deps.fetch,
      resolve: deps.resolve,
      allowHosts: deps.allowHosts,
      ...(deps.isPublic ? { isPublic: deps.isPublic } : {}),
      signal,
      ...(timeoutMs === undefined ? {} : { timeoutMs }),
    });
    if (isToolError(fetched)) return fetched;
    const text = decodeBody(fetched.bytes, fetched.contentType);
    const extracted = await extractByType(text, fetched.contentType, fetched.url);
    if ('unsupported' in extracted) {
      return toolError(
        'fetch_failed',
        `fetch_failed: ${fetched.url} is ${extracted.unsupported}, which this server cannot read; give the URL of an HTML or text page`,
      );
    }
    const page: PageText = { ...extracted, url: fetched.url };
    if (deps.cache && !page.thin) await deps.cache.set(key, page, TTL.pageText);
    return page;
  }

  return {
    async read(url, options) {
      const key = await cacheKey({ tool: 'page-text', url });
      if (!options.refresh && deps.cache) {
        const hit = await deps.cache.get(key, PageTextSchema);
        if (hit) return stripUndefined(hit.value);
      }
      return flights.run(`${options.refresh ? 'refresh:' : ''}${key}`, options.signal, (shared) =>
        load(url, key, shared, options.timeoutMs),
      );
    },
  };
}

/** A cached copy back in the PageText shape (optional fields absent rather than undefined). */
function stripUndefined(value: v.InferOutput<typeof PageTextSchema>): PageText {
  const { byline, published, thinReason, ...rest } = value;
  return {
    ...rest,
    ...(byline === undefined ? {} : { byline }),
    ...(published === undefined ? {} : { published }),
    ...(thinReason === undefined ? {} : { thinReason }),
  };
}
