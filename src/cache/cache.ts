// The disk cache for answers and page text (R-K1–R-K4): small versioned JSON entries
// with their own expiry, over any unstorage driver. It never fails a call: a bad
// entry is a miss, a slow disk a miss past a deadline, and a cache dir it cannot
// write turns it off with one warning.
import type { Driver } from 'unstorage';
import * as v from 'valibot';
import type { Log } from '../log.ts';
import { boundDriver, CacheTimeout } from './bounded-driver.ts';
import { type Entry, FORMAT_VERSION, readEntry, readEntryHead } from './entry.ts';
import { sweepEntries } from './sweep.ts';

export { FORMAT_VERSION } from './entry.ts';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/** Lifetimes (R-K2). Research answers age with the recency the caller asked for. */
export const TTL = {
  research: { day: HOUR, week: 6 * HOUR, month: DAY, year: 3 * DAY, any: 7 * DAY },
  page: DAY,
  pageText: DAY,
} as const;

export type Recency = keyof typeof TTL.research;

export function researchTtl(recency: Recency | undefined): number {
  return TTL.research[recency ?? 'any'];
}

/** Without a size trigger, sweep at least this often (checked on writes; no timers to keep alive). */
export const SWEEP_EVERY_MS = HOUR;
/** Eviction stops at this share of the cap, so a full cache does not sweep on every write. */
const LOW_WATER = 0.8;
/** Consecutive failed writes, after earlier successes, that turn the cache off. */
const FAILURES_TO_DISABLE = 3;
/** A read or write slower than this is a miss or a skipped write: a local disk answers in milliseconds, even under load. */
export const CACHE_OP_TIMEOUT_MS = 5000;
/** Listing every entry for a sweep may take longer on a big cache. */
const CACHE_LIST_TIMEOUT_MS = 30_000;
/** Cache operations in flight at once: stuck ones then hold at most this many I/O threads. */
const CACHE_OP_CONCURRENCY = 2;
/** Writes waiting or in flight at once; more are skipped (a cache may drop an entry, never hold up a call). */
export const MAX_PENDING_WRITES = 32;

export type Validator<T> = ((value: unknown) => value is T) | v.GenericSchema<unknown, T>;

export interface Hit<T> {
  readonly value: T;
  /** Clock reading when the entry was written: replies can say how old they are. */
  readonly storedAt: number;
}

export interface Cache {
  /** A live entry, or undefined for a miss. Expired, corrupt or invalid entries are misses and are removed. */
  get(key: string): Promise<Hit<unknown> | undefined>;
  get<T>(key: string, validate: Validator<T>): Promise<Hit<T> | undefined>;
  /**
   * Stores `value` for `ttlMs`; resolves once stored or skipped, never rejects. Callers on a
   * call's path do not wait for it (`void cache.set(…)`). A sweep it starts, when the cache is
   * full or due, runs on in the background. Past MAX_PENDING_WRITES writes in flight, it skips.
   */
  set(key: string, value: unknown, ttlMs: number): Promise<void>;
  /** Resolves once every write started so far has landed or been skipped (not waiting for a sweep). */
  settled(): Promise<void>;
  /** Removes expired and unreadable entries, then the oldest until the directory is under the cap. */
  sweep(): Promise<void>;
  readonly enabled: boolean;
}

export interface CacheOptions {
  readonly driver: Driver;
  readonly clock?: () => number;
  readonly maxBytes: number;
  readonly log: Log;
  /** Where the entries live (e.g. the cache dir), named in the warning when it cannot be written. */
  readonly where?: string;
  /** Deadline of one cache operation (default CACHE_OP_TIMEOUT_MS). */
  readonly opTimeoutMs?: number;
}

const encoder = new TextEncoder();

function check<T>(validate: Validator<T>, value: unknown): { ok: true; value: T } | { ok: false } {
  if (typeof validate === 'function') return validate(value) ? { ok: true, value } : { ok: false };
  const parsed = v.safeParse(validate, value);
  return parsed.success ? { ok: true, value: parsed.output } : { ok: false };
}

function reason(error: unknown): string {
  if (typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string')
    return error.code;
  return error instanceof Error ? error.message : String(error);
}

export function createCache(options: CacheOptions): Cache {
  const { log, maxBytes } = options;
  const clock = options.clock ?? Date.now;
  const opTimeoutMs = options.opTimeoutMs ?? CACHE_OP_TIMEOUT_MS;
  let slowWarned = false;
  const driver = boundDriver(options.driver, {
    timeoutMs: opTimeoutMs,
    listTimeoutMs: Math.max(opTimeoutMs, CACHE_LIST_TIMEOUT_MS),
    concurrency: CACHE_OP_CONCURRENCY,
    onTimeout: (error) => {
      if (slowWarned) return;
      slowWarned = true;
      log.warn(
        `cache: ${options.where ?? 'the cache'} is not answering (${error.message}); slow reads count as misses and slow writes are skipped — check that disk, or set WEB_MCP_CACHE_DIR to a local directory`,
      );
    },
  });
  let enabled = true;
  // Unknown until the first sweep measures it; -Infinity makes the first write sweep.
  let bytes = 0;
  let lastSweepAt = Number.NEGATIVE_INFINITY;
  let sweeping: Promise<void> | undefined;
  // A dir that never took a write is unusable; after that, one failed write may be a
  // passing hiccup (a reader holding the file on Windows), so only a run of them turns the cache off.
  let wroteOnce = false;
  let failuresInRow = 0;
  let sweepWarned = false;

  const disable = (why: string) => {
    if (!enabled) return;
    enabled = false;
    log.warn(
      `cache: cannot write to ${options.where ?? 'the cache'} (${why}); running without a disk cache — set WEB_MCP_CACHE_DIR to a writable directory`,
    );
  };
  if (driver.setItem === undefined) disable('the storage driver is read-only');

  const remove = async (key: string) => {
    await Promise.resolve(driver.removeItem?.(key, {})).catch(() => undefined);
  };

  const sweep = (): Promise<void> => {
    if (!enabled) return Promise.resolve();
    sweeping ??= (async () => {
      try {
        const result = await sweepEntries({
          driver,
          now: clock(),
          maxBytes,
          targetBytes: Math.floor(maxBytes * LOW_WATER),
          readTimes: readEntry,
          readHeadTimes: readEntryHead,
        });
        bytes = result.keptBytes;
      } catch (error) {
        // Once is enough: the next sweeps will keep trying quietly. A slow disk was already reported.
        if (!sweepWarned && !(error instanceof CacheTimeout)) {
          log.warn(
            `cache: could not sweep ${options.where ?? 'the cache'} (${reason(error)}); will keep trying`,
          );
        }
        sweepWarned = true;
      } finally {
        lastSweepAt = clock();
        sweeping = undefined;
      }
    })();
    return sweeping;
  };

  const write = async (key: string, value: unknown, ttlMs: number, now: number): Promise<void> => {
    // Even the encoding (a page's text can be megabytes) waits until the caller has moved on.
    await new Promise((resolve) => setTimeout(resolve, 0));
    const entry: Entry = { v: FORMAT_VERSION, storedAt: now, expiresAt: now + ttlMs, value };
    const text = JSON.stringify(entry);
    const size = encoder.encode(text).length;
    if (size > maxBytes) return; // would be evicted at once
    try {
      await driver.setItem?.(key, text, {});
    } catch (error) {
      if (error instanceof CacheTimeout) return; // skipped: the disk is slow, not refusing
      failuresInRow += 1;
      if (!wroteOnce || failuresInRow >= FAILURES_TO_DISABLE) disable(reason(error));
      return;
    }
    wroteOnce = true;
    failuresInRow = 0;
    bytes += size;
    // The sweep goes on by itself: no write, and so no call, waits for it.
    if (bytes > maxBytes || now - lastSweepAt >= SWEEP_EVERY_MS) void sweep();
  };

  const pending = new Set<Promise<void>>();
  const set = (key: string, value: unknown, ttlMs: number): Promise<void> => {
    if (!enabled || !(ttlMs > 0) || pending.size >= MAX_PENDING_WRITES) return Promise.resolve();
    const done: Promise<void> = write(key, value, ttlMs, clock())
      .catch((error: unknown) => {
        // A value that cannot be stored (say, one JSON cannot encode) is a skipped write, never a failed call.
        log.warn(`cache: skipped a write to ${options.where ?? 'the cache'} (${reason(error)})`);
      })
      .finally(() => pending.delete(done));
    pending.add(done);
    return done;
  };

  async function get<T>(key: string, validate?: Validator<T>): Promise<Hit<T> | Hit<unknown> | undefined> {
    if (!enabled) return undefined;
    const raw: unknown = await Promise.resolve(driver.getItem(key, {})).catch(() => null);
    if (raw === null || raw === undefined) return undefined;
    const entry = readEntry(raw);
    if (entry === undefined || entry.expiresAt <= clock()) {
      await remove(key);
      return undefined;
    }
    if (validate === undefined) return { value: entry.value, storedAt: entry.storedAt };
    const checked = check(validate, entry.value);
    if (!checked.ok) {
      // Written by an older shape of the code: as good as corrupt.
      await remove(key);
      return undefined;
    }
    return { value: checked.value, storedAt: entry.storedAt };
  }

  return {
    get enabled() {
      return enabled;
    },
    get,
    set,
    settled: async () => {
      await Promise.all([...pending]);
    },
    sweep,
  };
}
