// Heartbeats: a call that takes progress hears from the server every period with a
// true status line (queue position while waiting, the task's own line once running);
// a call without a progress token gets nothing.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { NO_PROGRESS_SECONDS } from '../src/budgets.ts';
import { callBudgetMs, createCallContext } from '../src/call-context.ts';
import { inSlot } from '../src/claude/call.ts';
import { createLimiter } from '../src/claude/limiter.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until(ok: () => boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await sleep(10);
  }
}

describe('call context heartbeat', () => {
  it('sends the status line every period until stopped, and follows setStatus', async () => {
    const sent: string[] = [];
    const ctx = createCallContext({
      signal: new AbortController().signal,
      clock: Date.now,
      send: (m) => sent.push(m),
      heartbeatMs: 20,
    });
    try {
      await until(() => sent.length >= 2);
      assert.match(sent[0] ?? '', /^working: \d+ s$/);
      ctx.setStatus((s) => `researching: ${s} s of 90 s`);
      await until(() => (sent.at(-1) ?? '').startsWith('researching'));
      assert.match(sent.at(-1) ?? '', /^researching: \d+ s of 90 s$/);
      ctx.progress('searching: tides');
      assert.equal(sent.at(-1), 'searching: tides');
    } finally {
      ctx.stop();
    }
    const count = sent.length;
    await sleep(60);
    assert.equal(sent.length, count, 'nothing after stop');
  });

  it('sends nothing at all without a progress token', async () => {
    const ctx = createCallContext({
      signal: new AbortController().signal,
      clock: Date.now,
      send: undefined,
      heartbeatMs: 10,
    });
    ctx.progress('searching: x');
    await sleep(40);
    ctx.stop();
  });

  it('tells the queue position while a call waits for a slot, then the task line', async () => {
    const limiter = createLimiter({ concurrency: 1, queue: 4 });
    let release = () => {};
    const blocker = limiter.run(
      { signal: new AbortController().signal, deadline: Date.now() + 5000 },
      () => new Promise<string>((r) => (release = () => r('done'))),
    );
    const sent: string[] = [];
    const ctx = createCallContext({
      signal: new AbortController().signal,
      clock: Date.now,
      send: (m) => sent.push(m),
      heartbeatMs: 20,
    });
    try {
      const waiting = inSlot(
        limiter,
        ctx,
        { budgetMs: 5000, status: (s) => `answering (${s} s)` },
        async () => {
          await sleep(70);
          return 'ran';
        },
      );
      await until(() => sent.length > 0);
      assert.match(sent.at(-1) ?? '', /^waiting: number 1 in the queue for a Claude slot \(\d+ s\)$/);
      release();
      assert.equal(await blocker, 'done');
      await until(() => /^answering/.test(sent.at(-1) ?? ''));
      assert.equal(await waiting, 'ran');
    } finally {
      release();
      ctx.stop();
    }
  });

  it('knows whether its caller hears progress', () => {
    const signal = new AbortController().signal;
    const quiet = createCallContext({ signal, clock: Date.now, send: undefined });
    const heard = createCallContext({ signal, clock: Date.now, send: () => {} });
    assert.equal(quiet.hearsProgress, false);
    assert.equal(heard.hearsProgress, true);
    heard.stop();
  });
});

describe('call budget', () => {
  const unset = { callSeconds: undefined, noProgressSeconds: NO_PROGRESS_SECONDS };
  it('a caller that hears no progress gets 55 s by default, under the 60 s SDK default', () => {
    assert.equal(NO_PROGRESS_SECONDS, 55);
    assert.equal(callBudgetMs(90_000, unset, { hearsProgress: false }), 55_000);
    assert.equal(callBudgetMs(300_000, unset, { hearsProgress: false }), 55_000);
    assert.equal(callBudgetMs(30_000, unset, { hearsProgress: false }), 30_000);
  });
  it('a caller that hears progress keeps the tool budget', () => {
    assert.equal(callBudgetMs(300_000, unset, { hearsProgress: true }), 300_000);
  });
  it('an explicit WEB_MCP_CALL_SECONDS wins, for every caller', () => {
    const set = { callSeconds: 120, noProgressSeconds: 55 };
    assert.equal(callBudgetMs(300_000, set, { hearsProgress: false }), 120_000);
    assert.equal(callBudgetMs(300_000, set, { hearsProgress: true }), 120_000);
    assert.equal(callBudgetMs(90_000, { ...set, callSeconds: 20 }, { hearsProgress: false }), 20_000);
  });
});
