// The limiter (R-C7, R-U5, R-X1): concurrency, FIFO queue, busy beyond it, and
// deadlines/cancellation for waiting and running calls. Timers are injected and fired by hand.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createLimiter } from '../../src/claude/limiter.ts';
import { abortCode, isToolError, type ToolError } from '../../src/errors.ts';

function manualTimers() {
  let now = 0;
  const timers = new Map<number, { at: number; fn: () => void }>();
  let id = 0;
  return {
    clock: () => now,
    setTimer: (fn: () => void, ms: number) => {
      timers.set(++id, { at: now + ms, fn });
      return id;
    },
    clearTimer: (h: unknown) => {
      timers.delete(Number(h));
    },
    advance(ms: number) {
      now += ms;
      for (const [key, t] of [...timers]) {
        if (t.at <= now) {
          timers.delete(key);
          t.fn();
        }
      }
    },
  };
}

function gate() {
  let open = () => {};
  const opened = new Promise<void>((r) => {
    open = r;
  });
  return { open, opened };
}

const tick = () => new Promise((r) => setImmediate(r));

describe('createLimiter', () => {
  it('20 calls at concurrency 2, queue 8: 2 run, 8 wait in order, 10 busy at once', async () => {
    const t = manualTimers();
    const limiter = createLimiter({ concurrency: 2, queue: 8, ...t });
    const started: number[] = [];
    const gates = Array.from({ length: 20 }, gate);
    const calls = gates.map((g, i) =>
      limiter.run({ signal: new AbortController().signal, deadline: 1e9 }, async () => {
        started.push(i);
        await g.opened;
        return i;
      }),
    );
    const settled: (number | ToolError)[] = [];
    for (const [i, c] of calls.entries()) c.then((v) => (settled[i] = v));
    await tick();
    assert.deepEqual(limiter.stats(), { running: 2, queued: 8 });
    assert.deepEqual(started, [0, 1]);
    for (let i = 10; i < 20; i++) {
      const v = settled[i];
      assert.ok(isToolError(v) && v.code === 'busy', `call ${i} should be busy at once`);
    }
    for (let i = 0; i < 10; i++) {
      gates[i]?.open();
      await tick();
    }
    assert.deepEqual(await Promise.all(calls.slice(0, 10)), [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    assert.deepEqual(started, [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    assert.deepEqual(limiter.stats(), { running: 0, queued: 0 });
  });

  it('a queued call whose deadline passes gets timeout and never starts', async () => {
    const t = manualTimers();
    const limiter = createLimiter({ concurrency: 1, queue: 4, ...t });
    const first = gate();
    const running = limiter.run(
      { signal: new AbortController().signal, deadline: 10_000 },
      () => first.opened,
    );
    let ran = false;
    const queued = limiter.run({ signal: new AbortController().signal, deadline: 500 }, async () => {
      ran = true;
    });
    t.advance(500);
    const result = await queued;
    assert.ok(isToolError(result));
    assert.equal(result.code, 'timeout');
    assert.deepEqual(limiter.stats(), { running: 1, queued: 0 });
    first.open();
    await running;
    await tick();
    assert.equal(ran, false);
  });

  it('a cancelled queued call leaves the queue at once and never starts', async () => {
    const limiter = createLimiter({ concurrency: 1, queue: 4 });
    const first = gate();
    const running = limiter.run(
      { signal: new AbortController().signal, deadline: Date.now() + 60_000 },
      () => first.opened,
    );
    const caller = new AbortController();
    let ran = false;
    const queued = limiter.run({ signal: caller.signal, deadline: Date.now() + 60_000 }, async () => {
      ran = true;
    });
    assert.equal(limiter.stats().queued, 1);
    caller.abort();
    const result = await queued;
    assert.ok(isToolError(result));
    assert.equal(result.code, 'cancelled');
    assert.equal(limiter.stats().queued, 0);
    first.open();
    await running;
    await tick();
    assert.equal(ran, false);
  });

  it("a running task's signal fires with a cancel reason or a timeout reason", async () => {
    const t = manualTimers();
    const limiter = createLimiter({ concurrency: 2, queue: 0, ...t });
    const untilAbort = (signal: AbortSignal) =>
      new Promise<string>((resolve) =>
        signal.addEventListener('abort', () => resolve(abortCode(signal.reason))),
      );
    const caller = new AbortController();
    const cancelled = limiter.run({ signal: caller.signal, deadline: 1000 }, untilAbort);
    const expired = limiter.run({ signal: new AbortController().signal, deadline: 1000 }, untilAbort);
    caller.abort();
    t.advance(1000);
    assert.equal(await cancelled, 'cancelled');
    assert.equal(await expired, 'timeout');
    assert.deepEqual(limiter.stats(), { running: 0, queued: 0 });
  });

  it('time waiting counts against the budget: the running deadline is absolute', async () => {
    const t = manualTimers();
    const limiter = createLimiter({ concurrency: 1, queue: 1, ...t });
    const first = gate();
    const a = limiter.run({ signal: new AbortController().signal, deadline: 10_000 }, () => first.opened);
    let abortedAt = -1;
    const b = limiter.run({ signal: new AbortController().signal, deadline: 1000 }, (signal) => {
      return new Promise<void>((resolve) =>
        signal.addEventListener('abort', () => {
          abortedAt = t.clock();
          resolve();
        }),
      );
    });
    t.advance(600);
    first.open();
    await a;
    await tick();
    t.advance(400);
    await b;
    assert.equal(abortedAt, 1000);
  });

  it('a full queue with zero slots free answers busy; an expired or cancelled call is refused up front', async () => {
    const limiter = createLimiter({ concurrency: 1, queue: 0, clock: () => 5000 });
    const hold = gate();
    const running = limiter.run({ signal: new AbortController().signal, deadline: 9000 }, () => hold.opened);
    const busy = await limiter.run({ signal: new AbortController().signal, deadline: 9000 }, async () => 1);
    assert.ok(isToolError(busy) && busy.code === 'busy');
    hold.open();
    await running;
    const late = await limiter.run({ signal: new AbortController().signal, deadline: 4000 }, async () => 1);
    assert.ok(isToolError(late) && late.code === 'timeout');
    const gone = await limiter.run({ signal: AbortSignal.abort(), deadline: 9000 }, async () => 1);
    assert.ok(isToolError(gone) && gone.code === 'cancelled');
  });

  it('a task that throws frees its slot', async () => {
    const limiter = createLimiter({ concurrency: 1, queue: 1 });
    const opts = { signal: new AbortController().signal, deadline: Date.now() + 60_000 };
    await assert.rejects(limiter.run(opts, async () => Promise.reject(new Error('bug'))));
    assert.equal(await limiter.run(opts, async () => 7), 7);
  });

  it('idle() resolves at once with nothing running, else when the last running task ends', async () => {
    const limiter = createLimiter({ concurrency: 2, queue: 2 });
    await limiter.idle();
    const opts = { signal: new AbortController().signal, deadline: Date.now() + 60_000 };
    const first = gate();
    const second = gate();
    void limiter.run(opts, () => first.opened);
    void limiter.run(opts, () => second.opened);
    let settled = false;
    void limiter.idle().then(() => {
      settled = true;
    });
    first.open();
    await tick();
    assert.equal(settled, false, 'one task still runs');
    second.open();
    await tick();
    await tick();
    assert.equal(settled, true);
  });
});
