// Replies never wait for cache upkeep: a write never waits for the sweep it starts, an
// answer never waits for its own write, writes past the bound are skipped, and a value
// that cannot be stored is a skipped write with one warning, never a failure.
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import type { Driver } from 'unstorage';
import memoryDriver from 'unstorage/drivers/memory';
import { cachedAnswer } from '../../src/cache/answer.ts';
import { type Cache, createCache, MAX_PENDING_WRITES } from '../../src/cache/cache.ts';
import { readEntry, readEntryHead } from '../../src/cache/entry.ts';
import { fsCacheDriver } from '../../src/cache/fs-driver.ts';
import { sweepEntries } from '../../src/cache/sweep.ts';
import type { Log } from '../../src/log.ts';
import { createSingleFlight } from '../../src/single-flight.ts';
import { reply } from '../reply/helpers.ts';

const never = new Promise<never>(() => {});

function recordingLog() {
  const warnings: string[] = [];
  const log: Log = { info() {}, warn: (m) => warnings.push(m) };
  return { log, warnings };
}

/** The memory driver with some operations that never answer. */
function stalling(stall: { getKeys?: boolean; setItem?: boolean }): Driver & { writes: number } {
  const inner = memoryDriver();
  const driver = {
    ...inner,
    writes: 0,
    getKeys: (base: string, opts: object) => (stall.getKeys ? never : inner.getKeys(base, opts)),
    setItem: (key: string, value: string, opts: object) => {
      driver.writes += 1;
      return stall.setItem ? never : inner.setItem?.(key, value, opts);
    },
  };
  return driver;
}

const within = <T>(promise: Promise<T>, ms: number, what: string): Promise<T> =>
  Promise.race([
    promise,
    new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`${what} took over ${ms} ms`)), ms)),
  ]);

describe('cache upkeep off the call path', () => {
  it('the first write returns while the sweep it started is still stuck listing keys', async () => {
    const cache = createCache({ driver: stalling({ getKeys: true }), maxBytes: 1e6, log: silentish() });
    await within(cache.set('k', { answer: 'a' }, 60_000), 200, 'the first write');
    assert.deepEqual((await cache.get('k'))?.value, { answer: 'a' });
  });

  it('an answer comes back without waiting for its own write', async () => {
    const cache = createCache({ driver: stalling({ setItem: true }), maxBytes: 1e6, log: silentish() });
    const out = await within(
      cachedAnswer(
        { cache, flights: createSingleFlight(), clock: Date.now },
        {
          key: 'q',
          ttlMs: 60_000,
          refresh: false,
          signal: new AbortController().signal,
          produce: async () => reply(),
        },
      ),
      200,
      'the answer',
    );
    assert.equal(typeof out, 'object');
  });

  it(`skips writes past ${MAX_PENDING_WRITES} in flight`, async () => {
    const driver = stalling({ setItem: true });
    const cache: Cache = createCache({ driver, maxBytes: 1e6, log: silentish(), opTimeoutMs: 60_000 });
    for (let i = 0; i < MAX_PENDING_WRITES + 10; i++) void cache.set(`k${i}`, { i }, 60_000);
    await new Promise((r) => setTimeout(r, 20));
    // Two reach the stalled disk (its slots), the rest wait for a slot; none past the bound is queued.
    await within(cache.set('late', { i: -1 }, 60_000), 50, 'a write past the bound');
    assert.ok(driver.writes <= MAX_PENDING_WRITES, `${driver.writes} writes reached the disk`);
  });

  it('a value that cannot be stored is skipped with one warning, never a rejection', async () => {
    const { log, warnings } = recordingLog();
    const cache = createCache({ driver: memoryDriver(), maxBytes: 1e6, log });
    await cache.set('k', { n: 1n }, 60_000);
    assert.equal(await cache.get('k'), undefined);
    assert.equal(warnings.length, 1);
    assert.match(warnings[0] ?? '', /^cache: skipped a write/);
  });

  it('settled() resolves once the writes started so far have landed', async () => {
    const cache = createCache({ driver: memoryDriver(), maxBytes: 1e6, log: silentish() });
    void cache.set('a', { a: 1 }, 60_000);
    void cache.set('b', { b: 1 }, 60_000);
    await cache.settled();
    assert.ok(await cache.get('a'));
    assert.ok(await cache.get('b'));
  });
});

describe('a sweep reads only the expiry', () => {
  it('takes times and sizes from the head the fs driver gives, and never reads a whole entry', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'web-mcp-sweep-'));
    try {
      const clock = { now: 1_700_000_000_000 };
      const fs = fsCacheDriver({ base: dir });
      const cache = createCache({ driver: fs, maxBytes: 1e9, log: silentish(), clock: () => clock.now });
      const big = 'x'.repeat(50_000);
      for (let i = 0; i < 20; i++) await cache.set(`k${i}`, { big, i }, i < 5 ? 1000 : 60_000);
      await cache.sweep();
      let reads = 0;
      const counting: Driver = {
        ...fs,
        getItem: (key, opts) => {
          reads += 1;
          return fs.getItem(key, opts);
        },
      };
      const swept = await sweepEntries({
        driver: counting,
        now: clock.now + 2000,
        maxBytes: 1e9,
        targetBytes: 1e9,
        readTimes: readEntry,
        readHeadTimes: readEntryHead,
      });
      assert.equal(reads, 0, 'no entry read whole');
      assert.equal(swept.removedEntries, 5, 'the five expired ones');
      assert.equal(swept.keptEntries, 15);
      assert.ok(swept.keptBytes > 15 * 50_000);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('reads the times from an entry head exactly as set writes them, and nothing else', () => {
    const entry = JSON.stringify({
      v: 1,
      storedAt: 1_700_000_000_123,
      expiresAt: 1_700_003_600_123,
      value: {},
    });
    assert.deepEqual(readEntryHead(entry.slice(0, 96)), {
      storedAt: 1_700_000_000_123,
      expiresAt: 1_700_003_600_123,
    });
    assert.equal(readEntryHead('{"v":0,"storedAt":1,"expiresAt":2,"value":1}'), undefined);
    assert.equal(readEntryHead('{"storedAt":1,"v":1,"expiresAt":2,"value":1}'), undefined);
    assert.equal(readEntryHead('not json'), undefined);
  });
});

function silentish(): Log {
  return recordingLog().log;
}
