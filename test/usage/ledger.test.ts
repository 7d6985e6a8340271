// The usage ledger over an in-memory driver: records survive a new ledger on the same
// store, pieces fold into the summary, a rejected plan refuses until its reset, and
// writing never throws into a call even when the disk refuses.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createStorage, type Driver } from 'unstorage';
import memoryDriver from 'unstorage/drivers/memory';
import { createCache } from '../../src/cache/cache.ts';
import { COMPACT_EVERY, createLedger, LOAD_WAIT_MS, REREAD_PLAN_MS } from '../../src/usage/ledger.ts';
import { withoutLedger } from '../../src/usage/place.ts';
import type { CallRecord } from '../../src/usage/record.ts';
import { createLedgerStore } from '../../src/usage/store.ts';

const T0 = Date.UTC(2026, 11, 1, 12, 0, 0);

function call(fields: Partial<CallRecord> = {}): CallRecord {
  return {
    at: T0,
    tool: 'web_lookup',
    cached: false,
    runs: 1,
    turns: 3,
    inputTokens: 900,
    outputTokens: 200,
    costUsd: 0.0042,
    braveRequests: 1,
    searches: 1,
    pages: 1,
    seconds: 2.5,
    outcome: 'answered',
    ...fields,
  };
}

function setup(driver: Driver = memoryDriver(), now = { t: T0 }) {
  const warnings: string[] = [];
  const log = { info() {}, warn: (m: string) => warnings.push(m) };
  const clock = () => now.t;
  const store = createLedgerStore({ driver, clock });
  const ledger = createLedger({ store, clock, log, braveQuota: 10 });
  return { driver, ledger, store, warnings, now };
}

describe('usage ledger', () => {
  it('keeps calls across a restart and folds them by day and tool', async () => {
    const a = setup();
    a.ledger.record(call());
    a.ledger.record(call({ tool: 'web_read', braveRequests: 0, outcome: 'timeout' }));
    a.ledger.record(call({ cached: true, runs: 0, costUsd: 0, braveRequests: 0 }));
    await a.ledger.flush();
    const b = setup(a.driver);
    const snapshot = await b.store.load();
    const day = snapshot.days['2026-12-01'];
    assert.equal(day?.web_lookup?.calls, 2);
    assert.equal(day?.web_lookup?.cached, 1);
    assert.equal(day?.web_lookup?.runs, 1);
    assert.equal(day?.web_read?.errors.timeout, 1);
    await b.ledger.refusal();
    assert.equal(b.ledger.braveThisMonth(), 1);
  });

  it('folds its journal pieces into one summary and counts each call once', async () => {
    const a = setup();
    for (let i = 0; i < COMPACT_EVERY * 3; i++) {
      a.ledger.record(call());
      await a.ledger.flush();
    }
    await a.store.compact();
    const keys = await a.driver.getKeys('', {});
    assert.deepEqual(keys, ['summary']);
    const snapshot = await setup(a.driver).store.load();
    assert.equal(snapshot.days['2026-12-01']?.web_lookup?.calls, COMPACT_EVERY * 3);
  });

  it('refuses while the plan is rejected, also after a restart, and not after the reset', async () => {
    const a = setup();
    a.ledger.notePlan({ status: 'rejected', window: 'five_hour', resetsAt: T0 + 90 * 60_000, seenAt: T0 });
    const refused = await a.ledger.refusal();
    assert.equal(refused?.code, 'rate_limited');
    assert.match(refused?.message ?? '', /5-hour usage limit .* resets 13:30 UTC \(in 1 h 30 min\)/);
    await a.ledger.flush();
    const b = setup(a.driver, a.now);
    assert.equal((await b.ledger.refusal())?.code, 'rate_limited');
    b.now.t = T0 + 90 * 60_000;
    assert.equal(await b.ledger.refusal(), undefined);
  });

  it('hears of a rejected plan from another server sharing the directory', async () => {
    const a = setup();
    const b = setup(a.driver, a.now);
    assert.equal(await b.ledger.refusal(), undefined);
    a.ledger.notePlan({ status: 'rejected', window: 'seven_day', resetsAt: T0 + 86_400_000, seenAt: T0 });
    await a.ledger.flush();
    assert.equal(await b.ledger.refusal(), undefined, 'not read again yet');
    a.now.t = T0 + REREAD_PLAN_MS;
    await b.ledger.refusal();
    await new Promise((resolve) => setTimeout(resolve, 50));
    assert.match((await b.ledger.refusal())?.message ?? '', /weekly usage limit is reached/);
  });

  it('notes a warning state for replies', async () => {
    const a = setup();
    a.ledger.notePlan({
      status: 'allowed_warning',
      window: 'seven_day',
      utilization: 0.82,
      resetsAt: T0 + 3 * 86_400_000,
      seenAt: T0,
    });
    await a.ledger.refusal();
    assert.equal(
      a.ledger.note(),
      'Claude plan weekly window 82% used, resets 2026-12-04 12:00 UTC (in 3 days); slow down',
    );
  });

  it('warns once near the Brave quota', async () => {
    const a = setup();
    await a.ledger.refusal();
    for (let i = 0; i < 12; i++) a.ledger.record(call());
    assert.equal(a.warnings.filter((w) => /Brave: 9 of the plan's 10 requests/.test(w)).length, 1);
    assert.equal(a.warnings.length, 1);
  });

  it('never throws into a call when the disk refuses, and warns once', async () => {
    const broken = memoryDriver();
    broken.setItem = async () => {
      throw new Error('EACCES: permission denied');
    };
    const a = setup(broken);
    for (let i = 0; i < 5; i++) a.ledger.record(call());
    await a.ledger.flush();
    assert.equal(a.warnings.length, 1);
    assert.match(a.warnings[0] ?? '', /usage ledger: could not write the ledger \(EACCES/);
  });

  it('lets a call go on when the ledger does not load in time', async () => {
    const store = {
      load: () => new Promise<never>(() => {}),
      append: async () => {},
      compact: async () => {},
    };
    const ledger = createLedger({ store, clock: () => T0, log: { info() {}, warn() {} }, braveQuota: 10 });
    const started = Date.now();
    assert.equal(await ledger.refusal(), undefined);
    const waited = Date.now() - started;
    assert.ok(waited >= LOAD_WAIT_MS - 50 && waited < LOAD_WAIT_MS + 2000, `${waited} ms`);
  });

  it('is out of the answer cache’s sight: a sweep neither counts nor removes it', async () => {
    const driver = memoryDriver();
    await driver.setItem?.('usage:summary', '{"v":1}', {});
    const cache = createCache({ driver: withoutLedger(driver), maxBytes: 1, log: { info() {}, warn() {} } });
    await cache.sweep();
    assert.equal(await driver.getItem('usage:summary', {}), '{"v":1}');
  });

  it('skips torn or foreign lines when it reads', async () => {
    const driver = memoryDriver();
    const storage = createStorage({ driver });
    await storage.setItem('journal:000-bad', '{"k":"call","r":{"at":1}}\nnot json\n');
    const a = setup(driver);
    assert.deepEqual((await a.store.load()).days, {});
  });
});
