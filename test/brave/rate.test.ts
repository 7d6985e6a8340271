import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createRateGate } from '../../src/brave/rate.ts';

function fakeTime() {
  let now = 0;
  const sleeps: number[] = [];
  return {
    clock: () => now,
    // Time moves only after pending continuations ran, as with a real timer.
    sleep: async (ms: number) => {
      sleeps.push(ms);
      await new Promise((resolve) => setTimeout(resolve, 0));
      now += ms;
    },
    sleeps,
    advance: (ms: number) => {
      now += ms;
    },
  };
}

describe('brave rate gate', () => {
  it('lets at most perSecond callers start in any one-second window, in arrival order', async () => {
    const t = fakeTime();
    const gate = createRateGate({ perSecond: 1, clock: t.clock, sleep: t.sleep });
    const order: [string, number][] = [];
    await Promise.all(
      ['a', 'b', 'c'].map((name) => gate.acquire().then((go) => go && order.push([name, t.clock()]))),
    );
    assert.deepEqual(order, [
      ['a', 0],
      ['b', 1050],
      ['c', 2100],
    ]);
  });

  it('allows a burst up to the rate, then waits', async () => {
    const t = fakeTime();
    const gate = createRateGate({ perSecond: 3, clock: t.clock, sleep: t.sleep });
    const at: number[] = [];
    await Promise.all(Array.from({ length: 5 }, () => gate.acquire().then(() => at.push(t.clock()))));
    assert.deepEqual(at, [0, 0, 0, 1050, 1050]);
  });

  it('does not wait once the window has passed', async () => {
    const t = fakeTime();
    const gate = createRateGate({ perSecond: 1, clock: t.clock, sleep: t.sleep });
    await gate.acquire();
    t.advance(1500);
    await gate.acquire();
    assert.deepEqual(t.sleeps, []);
  });

  it('lets a waiting caller leave through its signal; the next one keeps its place', async () => {
    const t = fakeTime();
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    // A sleep that blocks until the test releases it, so callers are really queued.
    const gate = createRateGate({
      perSecond: 1,
      clock: t.clock,
      sleep: async (ms) => {
        await held;
        t.advance(ms);
      },
    });
    await gate.acquire();
    const controller = new AbortController();
    const b = gate.acquire(controller.signal);
    const c = gate.acquire();
    assert.equal(gate.waiting, 2);
    controller.abort();
    assert.equal(await b, false);
    assert.equal(gate.waiting, 1);
    release();
    assert.equal(typeof (await c), 'function');
    assert.equal(t.clock(), 1050);
  });

  it('counts a slow request from its answer, so the next cannot arrive right behind it', async () => {
    const t = fakeTime();
    const gate = createRateGate({ perSecond: 1, clock: t.clock, sleep: t.sleep });
    const answered = await gate.acquire();
    t.advance(300);
    if (answered) answered();
    await gate.acquire();
    assert.equal(t.clock(), 1350);
  });

  it('refuses an already aborted signal without queueing', async () => {
    const gate = createRateGate({ perSecond: 1, clock: () => 0 });
    assert.equal(await gate.acquire(AbortSignal.abort()), false);
    assert.equal(gate.waiting, 0);
  });

  it('adopts a higher plan rate', async () => {
    const t = fakeTime();
    const gate = createRateGate({ perSecond: 1, clock: t.clock, sleep: t.sleep });
    gate.setRate(4);
    await Promise.all(Array.from({ length: 4 }, () => gate.acquire()));
    assert.deepEqual(t.sleeps, []);
  });
});
