// A cache whose disk stops answering: every operation ends by its deadline, stuck ones
// hold at most their slots (so the I/O thread pool stays free for everything else),
// there is one warning, and the cache serves again once the disk does.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { constants } from 'node:fs';
import { mkdtemp, open, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import type { Driver } from 'unstorage';
import memoryDriver from 'unstorage/drivers/memory';
import { boundDriver, CacheTimeout } from '../../src/cache/bounded-driver.ts';
import { createCache } from '../../src/cache/cache.ts';
import type { Log } from '../../src/log.ts';

/** A driver whose operations hang until `release()` is called. */
function hungDriver(): { driver: Driver; started: () => number; release: () => void } {
  const inner = memoryDriver();
  let started = 0;
  let gate!: () => void;
  const opened = new Promise<void>((resolve) => (gate = resolve));
  const hang =
    <A extends unknown[], R>(fn: (...args: A) => R) =>
    async (...args: A) => {
      started += 1;
      await opened;
      return fn(...args);
    };
  return {
    driver: {
      name: 'hung',
      hasItem: hang((k: string) => inner.hasItem(k, {})),
      getItem: hang((k: string) => inner.getItem(k, {})),
      setItem: hang((k: string, v: string) => inner.setItem?.(k, v, {})),
      removeItem: hang((k: string) => inner.removeItem?.(k, {})),
      getKeys: hang(() => inner.getKeys('', {})),
    },
    started: () => started,
    release: () => gate(),
  };
}

function recordingLog(): Log & { warnings: string[] } {
  const warnings: string[] = [];
  return { warnings, info() {}, warn: (m) => void warnings.push(m) };
}

const elapsed = async (work: () => Promise<unknown>) => {
  const start = performance.now();
  await work();
  return performance.now() - start;
};

describe('boundDriver', () => {
  it('rejects an operation past its deadline, and one waiting for a slot past the same deadline', async () => {
    const hung = hungDriver();
    const timeouts: string[] = [];
    const bounded = boundDriver(hung.driver, {
      timeoutMs: 100,
      listTimeoutMs: 100,
      concurrency: 1,
      onTimeout: (e) => void timeouts.push(e.op),
    });
    const results = await Promise.allSettled([bounded.getItem('a', {}), bounded.setItem?.('b', 'x', {})]);
    for (const r of results) assert.ok(r.status === 'rejected' && r.reason instanceof CacheTimeout);
    assert.equal(hung.started(), 1, 'the second never reached the hung disk: its slot was taken');
    assert.deepEqual(timeouts.sort(), ['getItem', 'setItem']);
    hung.release();
  });

  it('frees the slot when the stuck operation finally ends', async () => {
    const hung = hungDriver();
    const bounded = boundDriver(hung.driver, {
      timeoutMs: 80,
      listTimeoutMs: 80,
      concurrency: 1,
      onTimeout() {},
    });
    await assert.rejects(async () => bounded.getItem('a', {}), CacheTimeout);
    hung.release();
    await new Promise((r) => setTimeout(r, 10));
    await bounded.setItem?.('k', 'v', {});
    assert.equal(await bounded.getItem('k', {}), 'v');
  });
});

describe('createCache over a disk that stops answering', () => {
  it('misses and skips writes within the deadline, warns once, and serves again later', async () => {
    const hung = hungDriver();
    const log = recordingLog();
    const cache = createCache({
      driver: hung.driver,
      maxBytes: 1e6,
      log,
      where: '/mnt/hung',
      opTimeoutMs: 150,
    });
    const took = await elapsed(async () => {
      const all = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          i % 2 ? cache.get(`k${i}`) : cache.set(`k${i}`, { n: i }, 60_000),
        ),
      );
      for (const r of all) assert.equal(r, undefined);
    });
    assert.ok(took < 2000, `six calls took ${took} ms`);
    assert.ok(hung.started() <= 2, 'at most two operations ever held by the stuck disk');
    assert.equal(log.warnings.length, 1, log.warnings.join('\n'));
    assert.match(log.warnings[0] ?? '', /\/mnt\/hung is not answering .*WEB_MCP_CACHE_DIR/);
    assert.equal(cache.enabled, true, 'a slow disk is skipped, not given up on');

    hung.release();
    await new Promise((r) => setTimeout(r, 10));
    await cache.set('again', { ok: true }, 60_000);
    assert.deepEqual((await cache.get('again'))?.value, { ok: true });
    assert.equal(log.warnings.length, 1);
  });

  it('keeps the I/O thread pool free when reads block in the kernel (Node)', async (t) => {
    if (process.platform !== 'linux') return t.skip('needs mkfifo');
    const dir = await mkdtemp(join(tmpdir(), 'web-mcp-bounded-'));
    after(() => rm(dir, { recursive: true, force: true }));
    const fifos = Array.from({ length: 6 }, (_, i) => join(dir, `f${i}`));
    for (const f of fifos) execFileSync('mkfifo', [f]);
    // A driver as naive as a plain readFile: opening a FIFO blocks a pool thread until a writer comes.
    const naive: Driver = {
      name: 'naive',
      hasItem: async () => false,
      getItem: (key) => readFile(join(dir, key), 'utf8'),
      setItem: async () => {},
      getKeys: async () => [],
    };
    const cache = createCache({ driver: naive, maxBytes: 1e6, log: recordingLog(), opTimeoutMs: 150 });
    try {
      const took = await elapsed(async () => {
        const misses = await Promise.all(fifos.map((_, i) => cache.get(`f${i}`)));
        assert.deepEqual(
          misses,
          fifos.map(() => undefined),
        );
      });
      assert.ok(took >= 100, 'the reads really blocked until their deadline');
      // Node's pool has four threads; six blocked opens would take all of them.
      const statTook = await elapsed(() =>
        Promise.race([stat(dir), new Promise((r) => setTimeout(r, 1500).unref())]),
      );
      assert.ok(statTook < 1000, `an unrelated fs call waited ${statTook} ms for a pool thread`);
    } finally {
      // Give each blocked open its writer, so the pool threads come back.
      for (const f of fifos) {
        const writer = await open(f, constants.O_WRONLY | constants.O_NONBLOCK).catch(() => undefined);
        await writer?.close();
      }
    }
  });
});
