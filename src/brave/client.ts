// The Brave Web Search client: one paced request per uncached search, results
// held in memory for 10 minutes only (Brave's terms: transient storage), the key
// kept out of everything it logs or returns, and a bad key switching Brave off.
import { LRUCache } from 'lru-cache';
import { type ToolError, toolError } from '../errors.ts';
import type { Log } from '../log.ts';
import { exchange, redactor } from './exchange.ts';
import { buildQuery, freshnessFor, type Recency } from './query.ts';
import { createRateGate, type Sleep } from './rate.ts';
import type { BraveResult } from './response.ts';

export type { Recency } from './query.ts';
export type { BraveResult } from './response.ts';

export interface BraveResults {
  readonly kind: 'results';
  readonly results: readonly BraveResult[];
}

export interface BraveSkipped {
  readonly kind: 'skipped';
  readonly reason: string;
}

export interface SearchOptions {
  readonly query: string;
  /** 1–20, default 10. */
  readonly count?: number;
  readonly recency?: Recency;
  readonly domains?: readonly string[];
  readonly signal?: AbortSignal;
  /** Told each time a request actually goes out to Brave (not for an answer from memory). */
  readonly onRequest?: () => void;
}

export interface BraveOptions {
  readonly key: string;
  /** No trailing slash, e.g. https://api.search.brave.com/res/v1. */
  readonly baseUrl: string;
  readonly fetch: typeof fetch;
  readonly clock?: () => number;
  readonly log: Log;
  /** The plan's rate until Brave states it (X-RateLimit-Policy); default 1, the free plan. */
  readonly ratePerSecond?: number;
  /** Per request, default 10 000. */
  readonly timeoutMs?: number;
  /** How the rate gate waits; tests pass one that advances a fake clock. */
  readonly sleep?: Sleep;
  readonly cacheEntries?: number;
  /** Told what Brave says of the plan: its per-second rate, and that the monthly quota is spent. */
  readonly onPlan?: (news: { perSecond?: number; quotaSpentFor?: number }) => void;
}

export interface Brave {
  search(opts: SearchOptions): Promise<BraveResults | ToolError | BraveSkipped>;
  /** False without a key, and for good once Brave turned the key or plan down. */
  readonly enabled: boolean;
}

export const CACHE_TTL_MS = 10 * 60 * 1000;

type Outcome = BraveResults | ToolError | BraveSkipped;

const cancelled = () => toolError('cancelled', 'cancelled: the Brave search was cancelled by the caller');

function humanWait(seconds: number): string {
  if (seconds < 120) return `${seconds} s`;
  return seconds < 7200 ? `${Math.ceil(seconds / 60)} min` : `${Math.ceil(seconds / 3600)} h`;
}

export function createBrave(options: BraveOptions): Brave {
  const clock = options.clock ?? Date.now;
  const key = options.key.trim();
  const redact = redactor(key);
  const deps = { fetch: options.fetch, key, timeoutMs: options.timeoutMs ?? 10_000, now: clock };
  const gate = createRateGate({
    perSecond: options.ratePerSecond ?? 1,
    clock,
    ...(options.sleep && { sleep: options.sleep }),
  });
  const cache = new LRUCache<string, BraveResults>({
    max: options.cacheEntries ?? 500,
    ttl: CACHE_TTL_MS,
    ttlResolution: 0,
    perf: { now: clock },
  });
  let offReason: string | undefined = key === '' ? 'no Brave key is set (BRAVE_API_KEY)' : undefined;
  let coolUntil = 0;
  let coolMessage = '';
  let withExtras = true;

  function switchOff(status: number, code: string): ToolError {
    const why = `Brave turned down the API key (HTTP ${status}${code ? `, ${code}` : ''})`;
    if (offReason === undefined) {
      offReason = `Brave search is off until restart: ${why}`;
      options.log.warn(`${offReason}; check BRAVE_API_KEY or BRAVE_API_KEY_FILE and the plan, then restart`);
    }
    return toolError(
      'no_backend',
      `no_backend: ${why}; Brave search is off until the server restarts with a working key`,
    );
  }

  function coolDown(waitMs: number, code: string): ToolError {
    const seconds = Math.max(1, Math.ceil(waitMs / 1000));
    coolUntil = clock() + seconds * 1000;
    if (/QUOTA/i.test(code)) options.onPlan?.({ quotaSpentFor: seconds * 1000 });
    coolMessage = /QUOTA/i.test(code)
      ? `rate_limited: the Brave plan's quota is used up; it renews in about ${humanWait(seconds)}, so raise the plan or try later`
      : `rate_limited: Brave's rate limit for this key was reached; try again in ${humanWait(seconds)}`;
    return toolError('rate_limited', coolMessage);
  }

  // One turn at the gate and one request; 'retry' when Brave refused an option we can drop.
  async function attempt(
    q: string,
    count: number,
    freshness: string | undefined,
    cacheKey: string,
    signal?: AbortSignal,
    onRequest?: () => void,
  ) {
    const answered = await gate.acquire(signal);
    if (!answered) return cancelled();
    // While this call waited its turn, Brave may have been switched off or paused, or the answer cached.
    if (offReason !== undefined) return { kind: 'skipped', reason: offReason } as const;
    if (clock() < coolUntil) return toolError('rate_limited', coolMessage);
    const hit = cache.get(cacheKey);
    if (hit) return hit;
    const url = new URL(`${options.baseUrl}/web/search`);
    url.searchParams.set('q', q);
    url.searchParams.set('count', String(count));
    if (freshness !== undefined) url.searchParams.set('freshness', freshness);
    url.searchParams.set('result_filter', 'web');
    if (withExtras) url.searchParams.set('extra_snippets', 'true');
    onRequest?.();
    const got = await exchange(deps, url, count, signal).finally(answered);
    switch (got.kind) {
      case 'ok': {
        if (got.perSecond !== undefined) gate.setRate(got.perSecond);
        if (got.perSecond !== undefined) options.onPlan?.({ perSecond: got.perSecond });
        const results: BraveResults = { kind: 'results', results: got.results };
        cache.set(cacheKey, results);
        return results;
      }
      case 'limited':
        return coolDown(got.waitMs, got.code);
      case 'key':
        return switchOff(got.status, got.code);
      case 'option':
        if (!withExtras)
          return toolError(
            'invalid_input',
            'invalid_input: Brave refused an option of this query; rephrase it',
          );
        withExtras = false; // extra_snippets is the only option we ask for: go on without it
        return 'retry' as const;
      default:
        return { ...got, message: redact(got.message) };
    }
  }

  return {
    get enabled() {
      return offReason === undefined;
    },
    async search(opts): Promise<Outcome> {
      if (offReason !== undefined) return { kind: 'skipped', reason: offReason };
      const q = buildQuery(opts.query, opts.domains ?? []);
      if (typeof q !== 'string') return q;
      const count = Math.min(20, Math.max(1, Math.floor(opts.count ?? 10)));
      const freshness = freshnessFor(opts.recency ?? 'any');
      const cacheKey = JSON.stringify([q, count, freshness ?? '']);
      const cached = cache.get(cacheKey);
      if (cached) return cached;
      if (clock() < coolUntil) return toolError('rate_limited', coolMessage);
      for (;;) {
        const outcome = await attempt(q, count, freshness, cacheKey, opts.signal, opts.onRequest);
        if (outcome !== 'retry') return outcome;
      }
    },
  };
}

/** Results as the plain-text block that opens a research prompt (the prompt builder fences it); '' for none. */
export function formatHeadStart(results: readonly BraveResult[]): string {
  return results
    .map((r, i) => {
      const lines = [`${i + 1}. ${r.title}`, `   URL: ${r.url}`];
      if (r.date !== undefined) lines.push(`   Date: ${r.date}`);
      if (r.snippet !== '') lines.push(`   ${r.snippet}`);
      return lines.join('\n');
    })
    .join('\n\n');
}
