// The disk cache: hits and misses, lifetimes on an injected clock, bad entries,
// an unwritable directory, temp-file debris and the size bound.
import assert from 'node:assert/strict';
import { mkdtemp, readdir, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import memoryDriver from 'unstorage/drivers/memory';
import * as v from 'valibot';
import { createCache, FORMAT_VERSION, researchTtl, SWEEP_EVERY_MS, TTL } from '../../src/cache/cache.ts';
import { fsCacheDriver } from '../../src/cache/fs-driver.ts';
import { cacheKey } from '../../src/cache/keys.ts';
import type { Log } from '../../src/log.ts';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

let root = '';
before(async () => {
  root = await mkdtemp(join(tmpdir(), 'web-mcp-cache-'));
});
after(async () => {
  await rm(root, { recursive: true, force: true });
});

function recordingLog() {
  const warnings: string[] = [];
  const log: Log = { info() {}, warn: (m) => warnings.push(m) };
  return { log, warnings };
}

/** A cache over a fresh directory with a clock the test moves by hand. */
async function setup(maxBytes = 10 * 1024 * 1024) {
  const dir = await mkdtemp(join(root, 'c-'));
  const clock = { now: 1_700_000_000_000 };
  const { log, warnings } = recordingLog();
  const cache = createCache({
    driver: fsCacheDriver({ base: dir }),
    clock: () => clock.now,
    maxBytes,
    log,
    where: dir,
  });
  return { dir, clock, cache, warnings };
}

async function dirBytes(dir: string): Promise<number> {
  let total = 0;
  for (const name of await readdir(dir)) total += (await stat(join(dir, name))).size;
  return total;
}

const Answer = v.object({ answer: v.string() });
const KEY = 'a'.repeat(64);

describe('createCache: hits and misses', () => {
  it('returns what was stored under the same key, with when it was stored', async () => {
    const { cache, clock } = await setup();
    const key = await cacheKey({ tool: 'research', question: 'Who wrote Dune?', maxTokens: 400 });
    await cache.set(key, { answer: 'Frank Herbert' }, TTL.research.any);
    const stored = clock.now;
    clock.now += 1000;
    assert.deepEqual(await cache.get(key, Answer), { value: { answer: 'Frank Herbert' }, storedAt: stored });
    assert.equal(
      await cache.get(await cacheKey({ tool: 'research', question: 'Who wrote Emma?', maxTokens: 400 })),
      undefined,
    );
  });

  it('hits for the same question asked with another format or other spacing', async () => {
    const { cache } = await setup();
    const asked = { tool: 'research', question: 'Who wrote  Dune?', goal: 'a quiz', format: 'json' } as const;
    await cache.set(await cacheKey(asked), { answer: 'Frank Herbert' }, TTL.research.any);
    const again = {
      tool: 'research',
      question: ' Who wrote Dune? ',
      goal: 'a quiz\n',
      format: 'markdown',
    } as const;
    assert.equal((await cache.get(await cacheKey(again), Answer))?.value.answer, 'Frank Herbert');
  });

  it('checks the value with a type guard too, and drops a value that fails the check', async () => {
    const { cache, dir } = await setup();
    await cache.set(KEY, { answer: 42 }, DAY);
    const isAnswer = (x: unknown): x is { answer: string } => v.is(Answer, x);
    assert.equal(await cache.get(KEY, isAnswer), undefined);
    assert.deepEqual(await readdir(dir), []);
  });

  it('skips writing with a lifetime of zero or less', async () => {
    const { cache, dir } = await setup();
    await cache.set(KEY, { answer: 'x' }, 0);
    assert.deepEqual(await readdir(dir), []);
  });

  it('works the same over the memory driver', async () => {
    const clock = { now: 0 };
    const cache = createCache({
      driver: memoryDriver(),
      clock: () => clock.now,
      maxBytes: 1e6,
      log: recordingLog().log,
    });
    await cache.set(KEY, { answer: 'x' }, HOUR);
    assert.equal((await cache.get(KEY, Answer))?.value.answer, 'x');
    clock.now += HOUR;
    assert.equal(await cache.get(KEY), undefined);
  });
});

describe('createCache: lifetimes', () => {
  it('has the lifetimes of R-K2', () => {
    assert.deepEqual(
      (['day', 'week', 'month', 'year', 'any'] as const).map((r) => researchTtl(r)),
      [HOUR, 6 * HOUR, DAY, 3 * DAY, 7 * DAY],
    );
    assert.equal(researchTtl(undefined), 7 * DAY);
    assert.equal(TTL.page, DAY);
    assert.equal(TTL.pageText, DAY);
  });

  const lifetimes = [
    ...(['day', 'week', 'month', 'year', 'any'] as const).map(
      (r) => [`research, recency ${r}`, researchTtl(r)] as const,
    ),
    ['page answer', TTL.page],
    ['page text', TTL.pageText],
  ] as const;
  for (const [name, ttl] of lifetimes) {
    it(`keeps a ${name} entry until its lifetime ends, then misses and removes it`, async () => {
      const { cache, clock, dir } = await setup();
      await cache.set(KEY, { answer: 'x' }, ttl);
      clock.now += ttl - 1;
      assert.ok(await cache.get(KEY, Answer), 'live just before expiry');
      clock.now += 1;
      assert.equal(await cache.get(KEY, Answer), undefined);
      assert.deepEqual(await readdir(dir), []);
    });
  }
});

describe('createCache: bad entries are misses and are removed', () => {
  const bad: ReadonlyArray<readonly [string, string]> = [
    ['garbage', '\u0000\u00ff not json at all'],
    [
      'truncated JSON',
      JSON.stringify({ v: FORMAT_VERSION, storedAt: 1, expiresAt: 9e15, value: { answer: 'x' } }).slice(
        0,
        30,
      ),
    ],
    [
      'a wrong format version',
      JSON.stringify({ v: FORMAT_VERSION + 1, storedAt: 1, expiresAt: 9e15, value: {} }),
    ],
    ['a wrong shape', JSON.stringify({ v: FORMAT_VERSION, storedAt: 'yesterday', value: {} })],
    ['an empty file', ''],
  ];
  for (const [name, content] of bad) {
    it(`treats ${name} as a miss and deletes it`, async () => {
      const { cache, dir, warnings } = await setup();
      await writeFile(join(dir, KEY), content);
      assert.equal(await cache.get(KEY), undefined);
      assert.deepEqual(await readdir(dir), []);
      assert.deepEqual(warnings, []);
      assert.equal(cache.enabled, true);
    });
  }
});

describe('createCache: an unwritable directory', () => {
  it('warns once, turns itself off and never throws', async () => {
    const file = join(await mkdtemp(join(root, 'u-')), 'a-file');
    await writeFile(file, 'a regular file where the cache dir should be');
    const { log, warnings } = recordingLog();
    const cache = createCache({
      driver: fsCacheDriver({ base: join(file, 'web-mcp') }),
      maxBytes: 1e6,
      log,
      where: file,
    });
    assert.equal(await cache.get(KEY), undefined);
    await cache.set(KEY, { answer: 'x' }, DAY);
    await cache.set('b'.repeat(64), { answer: 'y' }, DAY);
    await cache.sweep();
    assert.equal(cache.enabled, false);
    assert.equal(warnings.length, 1);
    assert.match(warnings[0] ?? '', /cannot write to .*a-file.*WEB_MCP_CACHE_DIR/);
    assert.equal(await cache.get(KEY), undefined);
  });

  it('rides out a failed write after earlier successes, but turns off after a run of them', async () => {
    const inner = memoryDriver();
    let failing = false;
    const driver = {
      ...inner,
      setItem: async (key: string, value: string) => {
        if (failing) throw Object.assign(new Error('busy'), { code: 'EPERM' });
        await inner.setItem?.(key, value, {});
      },
    };
    const { log, warnings } = recordingLog();
    const cache = createCache({ driver, maxBytes: 1e6, log });
    await cache.set(KEY, { answer: 'x' }, DAY);
    failing = true;
    await cache.set('b'.repeat(64), { answer: 'y' }, DAY);
    assert.equal(cache.enabled, true);
    assert.deepEqual(warnings, []);
    await cache.set('c'.repeat(64), { answer: 'y' }, DAY);
    await cache.set('d'.repeat(64), { answer: 'y' }, DAY);
    assert.equal(cache.enabled, false);
    assert.equal(warnings.length, 1);
    assert.match(warnings[0] ?? '', /EPERM/);
  });
});

describe('createCache: a directory it cannot list', () => {
  it('keeps serving when a sweep fails, and warns only the first time', async () => {
    const inner = memoryDriver();
    const driver = {
      ...inner,
      getKeys: async (): Promise<string[]> => {
        throw Object.assign(new Error('denied'), { code: 'EACCES' });
      },
    };
    const { log, warnings } = recordingLog();
    const cache = createCache({ driver, maxBytes: 1e6, log });
    await cache.set(KEY, { answer: 'x' }, DAY); // the first write sweeps
    await cache.sweep();
    assert.equal((await cache.get(KEY, Answer))?.value.answer, 'x');
    assert.equal(cache.enabled, true);
    assert.equal(warnings.length, 1);
    assert.match(warnings[0] ?? '', /could not sweep .*EACCES/);
  });
});

describe('createCache: atomic writes', () => {
  it('ignores a half-written temp file from a crashed write, and a sweep clears it', async () => {
    const { cache, dir } = await setup();
    const temp = join(dir, `.${KEY}.deadbeef1.tmp`);
    await writeFile(
      temp,
      JSON.stringify({ v: FORMAT_VERSION, storedAt: 1, expiresAt: 9e15, value: { answer: 'half' } }).slice(
        0,
        40,
      ),
    );
    assert.equal(await cache.get(KEY), undefined);

    await cache.set(KEY, { answer: 'whole' }, DAY);
    assert.equal((await cache.get(KEY, Answer))?.value.answer, 'whole');
    await cache.sweep(); // joins the sweep the first write started in the background

    const old = new Date(Date.now() - 2 * HOUR);
    await utimes(temp, old, old);
    await cache.sweep();
    assert.deepEqual(await readdir(dir), [KEY]);
  });
});

describe('createCache: size bound', () => {
  const value = (i: number) => ({ answer: `${i}:${'x'.repeat(1000)}` });

  it('keeps the directory under maxBytes as writes pile up, dropping the oldest first', async () => {
    const maxBytes = 10_000;
    const { cache, clock, dir } = await setup(maxBytes);
    const keys: string[] = [];
    for (let i = 0; i < 40; i++) {
      const key = await cacheKey({ tool: 'page-text', url: `https://example.com/${i}` });
      keys.push(key);
      clock.now += 1000;
      await cache.set(key, value(i), DAY);
    }
    // Writes start sweeps in the background: join the one running, then the one the last writes asked for.
    await cache.sweep();
    await cache.sweep();
    assert.ok((await dirBytes(dir)) <= maxBytes, `directory holds ${await dirBytes(dir)} bytes`);
    assert.ok(await cache.get(keys[39] ?? ''), 'the newest entry survives');
    assert.equal(await cache.get(keys[0] ?? ''), undefined, 'the oldest entry went first');
  });

  it('removes expired entries before live ones, even newer-stored ones', async () => {
    const { cache: big, clock, dir } = await setup(1e9);
    await big.set('old-live', value(1), 7 * DAY);
    clock.now += 1000;
    await big.set('new-short', value(2), HOUR);
    clock.now += 1000;
    await big.set('newest', value(3), 7 * DAY);
    clock.now += 2 * HOUR; // 'new-short' has expired, the others have not
    const { log } = recordingLog();
    const maxBytes = (await dirBytes(dir)) - 1; // over the cap by one byte
    const small = createCache({
      driver: fsCacheDriver({ base: dir }),
      clock: () => clock.now,
      maxBytes,
      log,
    });
    await small.sweep();
    assert.deepEqual((await readdir(dir)).sort(), ['newest', 'old-live']);
  });

  it('sweeps expired entries on a write once the sweep interval has passed, not before', async () => {
    const { cache, clock, dir } = await setup();
    await cache.set('first', value(1), 60_000); // the first write sweeps (and finds nothing)
    await cache.sweep(); // that sweep runs in the background: join it
    clock.now += 2 * 60_000;
    await cache.set('second', value(2), DAY);
    await new Promise((r) => setTimeout(r, 100)); // time enough for a sweep of two files, were one started
    assert.deepEqual((await readdir(dir)).sort(), ['first', 'second'], 'no sweep yet: expiry alone is lazy');
    clock.now += SWEEP_EVERY_MS;
    await cache.set('third', value(3), DAY);
    const until = Date.now() + 2000;
    while ((await readdir(dir)).includes('first') && Date.now() < until)
      await new Promise((r) => setTimeout(r, 10));
    assert.deepEqual((await readdir(dir)).sort(), ['second', 'third']);
  });
});
