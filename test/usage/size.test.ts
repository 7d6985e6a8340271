// A ledger grown by 100,000 calls over more than a year of days stays under its stated
// size (LEDGER_MAX_BYTES), and reading it for `web-mcp usage` stays well under a second.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import memoryDriver from 'unstorage/drivers/memory';
import { createLedger, LEDGER_MAX_BYTES } from '../../src/usage/ledger.ts';
import { buildReport } from '../../src/usage/report.ts';
import { createLedgerStore } from '../../src/usage/store.ts';

const TOOLS = ['web_lookup', 'web_research', 'web_read', 'web_page', 'web_investigate', 'web_search'];
const OUTCOMES = ['answered', 'answered', 'answered', 'partial', 'timeout', 'rate_limited', 'blocked_url'];
const DAY = 86_400_000;
const END = Date.UTC(2026, 11, 1, 12);

describe('usage ledger size', () => {
  it('stays under its stated size after 100,000 calls, and reads back in under a second', async () => {
    const driver = memoryDriver();
    const now = { t: END - 500 * DAY };
    const clock = () => now.t;
    const store = createLedgerStore({ driver, clock });
    const ledger = createLedger({ store, clock, log: { info() {}, warn() {} }, braveQuota: 2000 });
    for (let i = 0; i < 100_000; i++) {
      now.t = END - 500 * DAY + Math.floor((i * 500 * DAY) / 100_000);
      ledger.record({
        at: now.t,
        tool: TOOLS[i % TOOLS.length] ?? 'web_lookup',
        cached: i % 3 === 0,
        runs: i % 3 === 0 ? 0 : 1,
        turns: 4,
        inputTokens: 12_345,
        outputTokens: 678,
        costUsd: 0.0123,
        braveRequests: i % 2,
        searches: 2,
        pages: 3,
        seconds: 12.3,
        outcome: OUTCOMES[i % OUTCOMES.length] ?? 'answered',
      });
      if (i % 500 === 499) await ledger.flush();
    }
    await ledger.flush();
    let bytes = 0;
    for (const key of await driver.getKeys('', {})) bytes += String(await driver.getItem(key, {})).length;
    assert.ok(bytes < LEDGER_MAX_BYTES, `${bytes} bytes`);

    const started = performance.now();
    const report = buildReport(await createLedgerStore({ driver, clock }).load(), {
      now: END,
      braveQuota: 2000,
    });
    const ms = performance.now() - started;
    assert.ok(ms < 1000, `read in ${ms.toFixed(0)} ms`);
    assert.ok(report.windows.days30.calls > 5000, 'the last 30 days are all there');
  });
});
