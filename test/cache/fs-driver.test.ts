// The Node adapter's fs cache driver: atomic writes, nested keys, temp-file debris.
import assert from 'node:assert/strict';
import { mkdtemp, readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fsCacheDriver } from '../../src/cache/fs-driver.ts';

let root = '';
before(async () => {
  root = await mkdtemp(join(tmpdir(), 'web-mcp-fs-driver-'));
});
after(async () => {
  await rm(root, { recursive: true, force: true });
});

const fresh = async () => mkdtemp(join(root, 'd-'));

describe('fsCacheDriver', () => {
  it('stores, reads, lists and removes entries, creating the directory on first write', async () => {
    const dir = join(await fresh(), 'not', 'yet', 'there');
    const driver = fsCacheDriver({ base: dir });
    assert.equal(await driver.getItem('abc', {}), null);
    await driver.setItem?.('abc', '{"x":1}', {});
    await driver.setItem?.('ns:def', 'two', {});
    assert.equal(await driver.getItem('abc', {}), '{"x":1}');
    assert.equal(await readFile(join(dir, 'ns', 'def'), 'utf8'), 'two');
    assert.equal(await driver.hasItem('abc', {}), true);
    assert.deepEqual((await driver.getKeys('', {})).sort(), ['abc', 'ns:def']);
    assert.equal((await driver.getMeta?.('abc', {}))?.size, 7);
    await driver.removeItem?.('abc', {});
    await driver.removeItem?.('abc', {}); // removing twice is fine
    assert.equal(await driver.hasItem('abc', {}), false);
  });

  it('overwrites by rename and leaves no temp file behind', async () => {
    const dir = await fresh();
    const driver = fsCacheDriver({ base: dir });
    await driver.setItem?.('k', 'old', {});
    await driver.setItem?.('k', 'new', {});
    assert.equal(await driver.getItem('k', {}), 'new');
    assert.deepEqual(await readdir(dir), ['k']);
  });

  it('ignores a half-written temp file and deletes it once it is stale', async () => {
    const dir = await fresh();
    const driver = fsCacheDriver({ base: dir });
    const temp = join(dir, '.k.1234abcd1.tmp');
    await writeFile(temp, '{"v":1,"storedAt":');
    assert.equal(await driver.getItem('k', {}), null);
    assert.deepEqual(await driver.getKeys('', {}), []);
    assert.ok(
      (await readdir(dir)).includes('.k.1234abcd1.tmp'),
      'a recent temp file may be a write in progress',
    );
    const old = new Date(Date.now() - 60 * 60 * 1000);
    await utimes(temp, old, old);
    assert.deepEqual(await driver.getKeys('', {}), []);
    assert.deepEqual(await readdir(dir), []);
  });

  it('rejects keys that could escape the directory or look like temp files', async () => {
    const driver = fsCacheDriver({ base: await fresh() });
    for (const key of ['..', 'a:..:b', '.hidden', 'a/b', 'a\\b', 'a::b']) {
      await assert.rejects(async () => driver.getItem(key, {}), /not a plain key/, key);
    }
  });

  it('reads as absent and fails writes when the directory sits under a regular file', async () => {
    const file = join(await fresh(), 'a-file');
    await writeFile(file, 'not a directory');
    const driver = fsCacheDriver({ base: join(file, 'cache') });
    assert.equal(await driver.getItem('k', {}), null);
    assert.deepEqual(await driver.getKeys('', {}), []);
    await assert.rejects(async () => driver.setItem?.('k', 'v', {}), /ENOTDIR|EEXIST|ENOENT/);
  });
});
