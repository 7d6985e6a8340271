// The page pool: at most `size` page fetches and reads at once, in arrival order; a call
// past the Claude gate's capacity is refused at admission, before it fetches anything.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { TIMEOUT_REASON } from '../../src/claude/limiter.ts';
import { isToolError } from '../../src/errors.ts';
import { createPagePool } from '../../src/page/page-pool.ts';

const never = () => new AbortController().signal;
const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('createPagePool', () => {
  it('runs at most `size` at once, the rest in arrival order', async () => {
    const pool = createPagePool({ size: 2, capacity: 100, pending: () => 0 });
    let [now, most] = [0, 0];
    const order: number[] = [];
    const work = (i: number) => async () => {
      now++;
      most = Math.max(most, now);
      await tick();
      order.push(i);
      now--;
      return i;
    };
    const results = await Promise.all([0, 1, 2, 3, 4].map((i) => pool.run(never(), work(i))));
    assert.deepEqual(results, [0, 1, 2, 3, 4]);
    assert.equal(most, 2);
    assert.deepEqual(order.slice(2), [2, 3, 4]);
  });
  it('admits up to capacity, counting the calls the Claude gate already holds', () => {
    let pending = 3;
    const pool = createPagePool({ size: 2, capacity: 5, pending: () => pending });
    const first = pool.admit();
    const second = pool.admit();
    assert.ok(!isToolError(first) && !isToolError(second));
    const third = pool.admit();
    assert.ok(isToolError(third));
    assert.match(third.message, /^busy: .*the page was not fetched/);
    first.release();
    first.release();
    assert.equal(pool.stats().admitted, 1);
    pending = 4;
    assert.ok(isToolError(pool.admit()), 'the gate filled up meanwhile');
    pending = 0;
    assert.ok(!isToolError(pool.admit()));
  });
  it('a call that gives up while waiting leaves the line; a deadline is a timeout', async () => {
    const pool = createPagePool({ size: 1, capacity: 100, pending: () => 0 });
    let release: () => void = () => {};
    const holder = pool.run(never(), () => new Promise<void>((resolve) => (release = resolve)));
    const cancel = new AbortController();
    const cancelled = pool.run(cancel.signal, async () => 'ran');
    const deadline = new AbortController();
    const late = pool.run(deadline.signal, async () => 'ran');
    cancel.abort();
    deadline.abort(TIMEOUT_REASON);
    assert.match(JSON.stringify(await cancelled), /"code":"cancelled"/);
    assert.match(JSON.stringify(await late), /"code":"timeout"/);
    assert.equal(pool.stats().waiting, 0);
    release();
    await holder;
    assert.equal(await pool.run(never(), async () => 'next'), 'next');
  });
});
