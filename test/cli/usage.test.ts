// `web-mcp usage` and doctor's usage line, in-process over an in-memory ledger:
// today, 7 and 30 days; Brave's month against BRAVE_MONTHLY_QUOTA; the plan's state.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import memoryDriver from 'unstorage/drivers/memory';
import { HELP } from '../../src/cli/help.ts';
import { runUsage, usageCheck } from '../../src/cli/usage.ts';
import { createLedger } from '../../src/usage/ledger.ts';
import type { CallRecord } from '../../src/usage/record.ts';
import { createLedgerStore } from '../../src/usage/store.ts';

const NOW = Date.UTC(2026, 11, 10, 15, 0);
const DAY = 86_400_000;

const call = (at: number, fields: Partial<CallRecord> = {}): CallRecord => ({
  at,
  tool: 'web_lookup',
  cached: false,
  runs: 1,
  turns: 2,
  inputTokens: 1000,
  outputTokens: 100,
  costUsd: 0.01,
  braveRequests: 1,
  searches: 1,
  pages: 1,
  seconds: 3,
  outcome: 'answered',
  ...fields,
});

async function setup(env: Record<string, string> = {}) {
  const driver = memoryDriver();
  const runtime = { cacheDriver: () => driver };
  const clock = () => NOW;
  const ledger = createLedger({
    store: createLedgerStore({ driver, clock }),
    clock,
    log: { info() {}, warn() {} },
    braveQuota: 2000,
  });
  const sources = {
    argv: [],
    env: { WEB_MCP_CACHE_DIR: '/nowhere', ...env },
    platform: 'linux',
    readTextFile: () => '',
  };
  const deps = { runtime, sources, clock };
  const run = async (json: boolean) => {
    let out = '';
    const code = await runUsage(
      deps,
      { json },
      (t) => (out += t),
      () => {},
    );
    return { code, out };
  };
  return { ledger, deps, run };
}

describe('web-mcp usage', () => {
  it('sums today, 7 days and 30 days by tool, and Brave against the quota', async () => {
    const { ledger, run } = await setup({ BRAVE_MONTHLY_QUOTA: '100' });
    ledger.record(call(NOW - 60_000));
    ledger.record(call(NOW - 60_000, { cached: true, runs: 0, costUsd: 0, braveRequests: 0 }));
    ledger.record(call(NOW - 3 * DAY, { tool: 'web_search', runs: 0, costUsd: 0 }));
    ledger.record(call(NOW - 20 * DAY, { outcome: 'timeout' }));
    ledger.record(call(NOW - 40 * DAY));
    await ledger.flush();
    const { code, out } = await run(true);
    assert.equal(code, 0);
    const report = JSON.parse(out);
    const w = report.windows;
    assert.deepEqual([w.today.calls, w.days7.calls, w.days30.calls], [2, 3, 4]);
    assert.equal(w.today.cacheShare, 0.5);
    assert.deepEqual(Object.keys(w.days7.byTool), ['web_lookup', 'web_search']);
    assert.equal(w.days30.costUsd, 0.02);
    assert.deepEqual(w.days30.errors, { timeout: 1 });
    assert.deepEqual(
      report.days.map((d: { day: string }) => d.day),
      ['2026-12-10', '2026-12-07', '2026-11-20'],
    );
    // 2026-12: today's one Brave request and the web_search three days ago.
    assert.deepEqual([report.brave.requests, report.brave.quota, report.brave.left], [2, 100, 98]);

    const text = (await run(false)).out;
    assert.match(text, /^calls\s+2\s+3\s+4$/m);
    assert.match(text, /^ {2}from cache\s+50%\s+33%\s+25%$/m);
    assert.match(text, /^ {2}web_lookup\s+3 calls, 33% from cache, 2 runs, \$0\.02, 2 Brave$/m);
    assert.match(text, /^Brave: 2 of 100 requests this month \(2%\), 98 left; 1 a second \(the free plan/m);
    assert.match(text, /^Claude plan: no state reported yet/m);
  });

  it('says when the plan is rejected, and doctor warns with one line', async () => {
    const { ledger, run, deps } = await setup();
    ledger.notePlan({
      status: 'rejected',
      window: 'five_hour',
      resetsAt: NOW + 95 * 60_000,
      seenAt: NOW - 60_000,
    });
    await ledger.flush();
    assert.match(
      (await run(false)).out,
      /^Claude plan: rejected: calls that need a run answer rate_limited until the reset \(5-hour window\), resets 2026-12-10 16:35 UTC \(in 1 h 35 min\); seen 2026-12-10 14:59 UTC$/m,
    );
    const check = await usageCheck(deps);
    assert.equal(check.status, 'warn');
    assert.match(check.message, /^today 0 calls .*; Claude plan: rejected/);
  });

  it('doctor says ok with today, Brave and the plan on one line', async () => {
    const { ledger, deps } = await setup();
    ledger.record(call(NOW));
    ledger.notePlan({ status: 'allowed', seenAt: NOW });
    await ledger.flush();
    const check = await usageCheck(deps);
    assert.equal(check.status, 'ok');
    assert.equal(
      check.message,
      'today 1 calls (0 from cache), 1 Claude runs, $0.0100 list price; Brave 1/2000 this month; plan: allowed (web-mcp usage for more)',
    );
  });

  it('says which directory it could not read, and exits 1', async () => {
    const broken = memoryDriver();
    broken.getKeys = async () => {
      throw new Error('EACCES: permission denied');
    };
    let err = '';
    const deps = {
      runtime: { cacheDriver: () => broken },
      sources: { argv: [], env: { WEB_MCP_CACHE_DIR: '/locked' }, platform: 'linux', readTextFile: () => '' },
      clock: () => NOW,
    };
    const code = await runUsage(
      deps,
      { json: false },
      () => {},
      (t) => (err += t),
    );
    assert.equal(code, 1);
    assert.match(
      err,
      /^web-mcp usage: the ledger in \/locked could not be read \(.*EACCES.*\); check WEB_MCP_CACHE_DIR/,
    );
    assert.equal((await usageCheck(deps)).status, 'warn');
  });

  it('explains how to read it in --help', () => {
    for (const words of ['--json', 'BRAVE_MONTHLY_QUOTA', 'list price', 'rate_limited', 'never a question'])
      assert.ok(HELP.usage.includes(words), words);
  });
});
