// The cache-driver contract every runtime adapter passes on its own runtime (in the
// style of unstorage's testDriver): atomic writes, listing, removal, and odd files at
// a key — a FIFO, a directory, a symlink, torn JSON — that read as absent, never hang.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, symlink, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import process from 'node:process';
import { after, describe, it } from 'node:test';
import type { Driver } from 'unstorage';
import { createCache } from '../../src/cache/cache.ts';
import type { Log } from '../../src/log.ts';

/** A driver call that has not settled by then counts as hung: the suite fails instead of hanging. */
const HANG_MS = 3000;

async function settles<T>(what: string, work: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const hung = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not settle within ${HANG_MS} ms`)), HANG_MS);
  });
  try {
    return await Promise.race([work, hung]);
  } finally {
    clearTimeout(timer);
  }
}

const quietLog = (): Log & { warnings: string[] } => {
  const warnings: string[] = [];
  return { warnings, info() {}, warn: (m) => void warnings.push(m) };
};

export function testCacheDriver(runtime: string, makeDriver: (dir: string) => Driver): void {
  describe(`${runtime}: cache driver contract`, () => {
    const dirs: string[] = [];
    after(async () => {
      for (const d of dirs) await rm(d, { recursive: true, force: true });
    });
    const fresh = async () => {
      const dir = await mkdtemp(join(tmpdir(), `web-mcp-contract-${runtime}-`));
      dirs.push(dir);
      return dir;
    };

    it('stores, reads, lists and removes, creating the directory on first write', async () => {
      const dir = join(await fresh(), 'not', 'yet');
      const driver = makeDriver(dir);
      assert.equal(await driver.getItem('a', {}), null);
      assert.deepEqual(await driver.getKeys('', {}), []);
      await driver.setItem?.('a', '{"x":1}', {});
      await driver.setItem?.('ns:b', 'two', {});
      assert.equal(await driver.getItem('a', {}), '{"x":1}');
      assert.equal(await driver.hasItem('ns:b', {}), true);
      assert.deepEqual((await driver.getKeys('', {})).sort(), ['a', 'ns:b']);
      assert.equal((await driver.getMeta?.('a', {}))?.size, 7);
      await driver.removeItem?.('a', {});
      await driver.removeItem?.('a', {});
      assert.equal(await driver.hasItem('a', {}), false);
      assert.deepEqual(await driver.getKeys('', {}), ['ns:b']);
      await driver.clear?.('', {});
      assert.deepEqual(await driver.getKeys('', {}), []);
    });

    it('writes atomically: concurrent writers leave one whole value and no temp file', async () => {
      const dir = await fresh();
      const driver = makeDriver(dir);
      const values = Array.from({ length: 12 }, (_, i) => String(i).repeat(64 * 1024));
      await Promise.all(values.map((value) => driver.setItem?.('k', value, {})));
      const stored = await driver.getItem('k', {});
      assert.ok(values.includes(String(stored)), 'a whole value from one writer');
      assert.deepEqual(await readdir(dir), ['k']);
    });

    it('reads a FIFO at a key as absent at once, and a write replaces it', async (t) => {
      if (process.platform === 'win32') return t.skip('no FIFOs');
      const dir = await fresh();
      execFileSync('mkfifo', [join(dir, 'k')]);
      const driver = makeDriver(dir);
      assert.equal(await settles('getItem on a FIFO', Promise.resolve(driver.getItem('k', {}))), null);
      assert.equal(await settles('hasItem on a FIFO', Promise.resolve(driver.hasItem('k', {}))), false);
      assert.equal(await settles('getMeta on a FIFO', Promise.resolve(driver.getMeta?.('k', {}))), null);
      assert.deepEqual(await settles('getKeys beside a FIFO', Promise.resolve(driver.getKeys('', {}))), []);
      await settles('setItem over a FIFO', Promise.resolve(driver.setItem?.('k', 'v', {})));
      assert.equal(await driver.getItem('k', {}), 'v');
    });

    it('reads a directory at a key as absent and lists what is inside it', async () => {
      const dir = await fresh();
      await mkdir(join(dir, 'k'));
      await writeFile(join(dir, 'k', 'inner'), 'x');
      const driver = makeDriver(dir);
      assert.equal(await settles('getItem on a directory', Promise.resolve(driver.getItem('k', {}))), null);
      assert.equal(await driver.hasItem('k', {}), false);
      assert.equal(await driver.getMeta?.('k', {}), null);
      assert.deepEqual(await driver.getKeys('', {}), ['k:inner']);
      await assert.rejects(
        settles('setItem over a directory', Promise.resolve(driver.setItem?.('k', 'v', {}))),
      );
      assert.equal(await readFile(join(dir, 'k', 'inner'), 'utf8'), 'x', 'nothing inside was touched');
    });

    it('never follows a symlink at a key', async () => {
      const dir = await fresh();
      const outside = join(await fresh(), 'secret');
      await writeFile(outside, 'not cache data');
      await symlink(outside, join(dir, 'k'));
      const driver = makeDriver(dir);
      assert.equal(await driver.getItem('k', {}), null);
      assert.equal(await driver.hasItem('k', {}), false);
      assert.deepEqual(await driver.getKeys('', {}), []);
      await driver.setItem?.('k', 'v', {});
      assert.equal(await readFile(outside, 'utf8'), 'not cache data', 'the link target is untouched');
    });

    it('hands back torn or corrupt files as they are, and the cache reads them as misses', async () => {
      const dir = await fresh();
      await writeFile(join(dir, 'torn'), '{"v":1,"storedAt":17');
      await writeFile(join(dir, 'junk'), '\u0000\u00ff garbage');
      const driver = makeDriver(dir);
      assert.equal(await driver.getItem('torn', {}), '{"v":1,"storedAt":17');
      const log = quietLog();
      const cache = createCache({ driver, maxBytes: 1e6, log });
      assert.equal(await cache.get('torn'), undefined);
      assert.equal(await cache.get('junk'), undefined);
      assert.deepEqual(await readdir(dir), [], 'both were removed');
      await cache.set('torn', { ok: 1 }, 60_000);
      assert.deepEqual((await cache.get('torn'))?.value, { ok: 1 });
      assert.deepEqual(log.warnings, []);
    });

    it('through the cache, five FIFOs are misses and the cache keeps serving other keys', async (t) => {
      if (process.platform === 'win32') return t.skip('no FIFOs');
      const dir = await fresh();
      for (let i = 0; i < 5; i++) execFileSync('mkfifo', [join(dir, `f${i}`)]);
      const cache = createCache({ driver: makeDriver(dir), maxBytes: 1e6, log: quietLog() });
      const misses = await settles(
        'five reads of FIFOs',
        Promise.all(Array.from({ length: 5 }, (_, i) => cache.get(`f${i}`))),
      );
      assert.deepEqual(misses, [undefined, undefined, undefined, undefined, undefined]);
      await settles('a write after them', cache.set('ok', { n: 1 }, 60_000));
      assert.deepEqual((await settles('a read after them', cache.get('ok')))?.value, { n: 1 });
    });

    it('a file larger than any entry (200 MB, sparse) is a miss, found without reading it', async () => {
      const dir = await fresh();
      const driver = makeDriver(dir);
      await driver.setItem?.('big', 'x', {});
      await truncate(join(dir, 'big'), 200 * 1_048_576);
      const before = process.memoryUsage.rss();
      assert.equal(await settles('reading the large file', Promise.resolve(driver.getItem('big', {}))), null);
      const grew = process.memoryUsage.rss() - before;
      assert.ok(grew < 32 * 1_048_576, `memory grew ${Math.round(grew / 1_048_576)} MB`);
    });
  });
}
