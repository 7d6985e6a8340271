// Single-flight: one run per key at a time, shared by its callers, stopped only when all have left.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isToolError } from '../src/errors.ts';
import { createSingleFlight } from '../src/single-flight.ts';

/** A task the test finishes by hand, recording each run and the signal it was given. */
function controllableTask<T>() {
  const runs: AbortSignal[] = [];
  let finish: (value: T) => void = () => {};
  let fail: (error: unknown) => void = () => {};
  const task = (signal: AbortSignal) => {
    runs.push(signal);
    return new Promise<T>((resolve, reject) => {
      finish = resolve;
      fail = reject;
    });
  };
  return { task, runs, finish: (value: T) => finish(value), fail: (error: unknown) => fail(error) };
}

const tick = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

describe('createSingleFlight', () => {
  it('runs one task for two identical concurrent calls and answers both', async () => {
    const flight = createSingleFlight();
    const t = controllableTask<string>();
    const a = flight.run('k', new AbortController().signal, t.task);
    const b = flight.run('k', new AbortController().signal, t.task);
    await tick();
    t.finish('answer');
    assert.deepEqual(await Promise.all([a, b]), ['answer', 'answer']);
    assert.equal(t.runs.length, 1);
  });

  it('runs different keys separately', async () => {
    const flight = createSingleFlight();
    const one = controllableTask<string>();
    const two = controllableTask<string>();
    const a = flight.run('k1', new AbortController().signal, one.task);
    const b = flight.run('k2', new AbortController().signal, two.task);
    await tick();
    assert.equal(flight.size, 2);
    one.finish('first');
    two.finish('second');
    assert.deepEqual(await Promise.all([a, b]), ['first', 'second']);
    assert.equal(one.runs.length + two.runs.length, 2);
  });

  it('answers the second caller when the first cancels, without stopping the run', async () => {
    const flight = createSingleFlight();
    const t = controllableTask<string>();
    const first = new AbortController();
    const a = flight.run('k', first.signal, t.task);
    const b = flight.run('k', new AbortController().signal, t.task);
    await tick();
    first.abort();
    const cancelled = await a; // resolves at once, before the task finishes
    assert.ok(isToolError(cancelled) && cancelled.code === 'cancelled');
    assert.match(cancelled.message, /^cancelled: /);
    assert.equal(t.runs[0]?.aborted, false);
    t.finish('answer');
    assert.equal(await b, 'answer');
    assert.equal(t.runs.length, 1);
  });

  it('aborts the shared run when every caller has cancelled, and starts afresh after', async () => {
    const flight = createSingleFlight();
    const t = controllableTask<string>();
    const one = new AbortController();
    const two = new AbortController();
    const a = flight.run('k', one.signal, t.task);
    const b = flight.run('k', two.signal, t.task);
    await tick();
    one.abort();
    assert.equal(t.runs[0]?.aborted, false);
    two.abort();
    assert.equal(t.runs[0]?.aborted, true);
    for (const result of await Promise.all([a, b]))
      assert.ok(isToolError(result) && result.code === 'cancelled');
    assert.equal(flight.size, 0);

    const c = flight.run('k', new AbortController().signal, t.task);
    await tick();
    assert.equal(t.runs.length, 2, 'a new call must not join the run being stopped');
    t.finish('fresh');
    assert.equal(await c, 'fresh');
  });

  it('releases the key when the task finishes, so a later call runs again', async () => {
    const flight = createSingleFlight();
    let runs = 0;
    const task = async () => ++runs;
    assert.equal(await flight.run('k', new AbortController().signal, task), 1);
    assert.equal(flight.size, 0);
    assert.equal(await flight.run('k', new AbortController().signal, task), 2);
  });

  it('does not start a task for a caller that has already cancelled', async () => {
    const flight = createSingleFlight();
    const gone = new AbortController();
    gone.abort();
    let runs = 0;
    const result = await flight.run('k', gone.signal, async () => ++runs);
    assert.ok(isToolError(result) && result.code === 'cancelled');
    assert.equal(runs, 0);
  });

  it('rejects every waiting caller when the task throws, and releases the key', async () => {
    const flight = createSingleFlight();
    const t = controllableTask<string>();
    const a = flight.run('k', new AbortController().signal, t.task);
    const b = flight.run('k', new AbortController().signal, t.task);
    await tick();
    t.fail(new Error('bug'));
    await assert.rejects(a, /bug/);
    await assert.rejects(b, /bug/);
    assert.equal(flight.size, 0);
  });
});
