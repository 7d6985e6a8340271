// Cached answers (R-K3, R-K5): a hit skips the run and says how old it is, a refresh
// runs again and overwrites, identical concurrent calls share one run, errors are not kept.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import memoryDriver from 'unstorage/drivers/memory';
import { type AnswerStore, cachedAnswer } from '../../src/cache/answer.ts';
import { createCache } from '../../src/cache/cache.ts';
import { isToolError, type ToolError, toolError } from '../../src/errors.ts';
import { silentLog } from '../../src/log.ts';
import type { Reply } from '../../src/reply/contract.ts';
import { createSingleFlight } from '../../src/single-flight.ts';
import { reply } from '../reply/helpers.ts';

const HOUR = 60 * 60 * 1000;

function setup() {
  const clock = { now: 1_700_000_000_000 };
  const cache = createCache({
    driver: memoryDriver(),
    maxBytes: 1024 * 1024,
    log: silentLog,
    clock: () => clock.now,
  });
  const store: AnswerStore = { cache, flights: createSingleFlight(), clock: () => clock.now };
  return { clock, store };
}

/** A producer that counts its calls and answers with `answer` (a reply numbered by call). */
function producer(answer?: (n: number) => Reply | ToolError) {
  let calls = 0;
  return {
    get calls() {
      return calls;
    },
    produce: async () => {
      calls += 1;
      return answer ? answer(calls) : reply({ answer: `answer #${calls}` });
    },
  };
}

const live = () => new AbortController().signal;

function asReply(value: Reply | ToolError): Reply {
  if (isToolError(value)) assert.fail(`unexpected error ${value.message}`);
  return value;
}

describe('cachedAnswer', () => {
  it('does not keep a partial reply: the next call researches in full', async () => {
    const { store } = setup();
    const p = producer((n) => {
      const r = reply({ answer: `answer #${n}` });
      return { ...r, meta: { ...r.meta, partial: true } };
    });
    const request = { key: 'kp', ttlMs: HOUR, refresh: false, signal: live(), produce: p.produce };
    asReply(await cachedAnswer(store, request));
    const second = asReply(await cachedAnswer(store, request));
    assert.equal(second.answer, 'answer #2');
    assert.equal(p.calls, 2);
  });

  it('serves a hit without producing, marked cached with its age from the clock', async () => {
    const { clock, store } = setup();
    const p = producer();
    const request = { key: 'k1', ttlMs: HOUR, refresh: false, signal: live(), produce: p.produce };
    const first = asReply(await cachedAnswer(store, request));
    await store.cache?.settled(); // the write lands after the reply
    assert.equal(first.answer, 'answer #1');
    assert.equal(first.meta.cached, false);
    assert.equal(first.meta.age, undefined);

    clock.now += 42_400;
    const second = asReply(await cachedAnswer(store, request));
    assert.equal(p.calls, 1, 'produce is not called for a hit');
    assert.equal(second.answer, 'answer #1');
    assert.equal(second.meta.cached, true);
    assert.equal(second.meta.age, 42);
  });

  it('runs again once the entry has expired', async () => {
    const { clock, store } = setup();
    const p = producer();
    const request = { key: 'k-exp', ttlMs: HOUR, refresh: false, signal: live(), produce: p.produce };
    await cachedAnswer(store, request);
    clock.now += HOUR + 1;
    const again = asReply(await cachedAnswer(store, request));
    assert.equal(p.calls, 2);
    assert.equal(again.meta.cached, false);
  });

  it('refresh produces anew and overwrites the stored reply', async () => {
    const { clock, store } = setup();
    const p = producer();
    const base = { key: 'k2', ttlMs: HOUR, signal: live(), produce: p.produce };
    await cachedAnswer(store, { ...base, refresh: false });
    await store.cache?.settled(); // the write lands after the reply
    clock.now += 1000;
    const refreshed = asReply(await cachedAnswer(store, { ...base, refresh: true }));
    await store.cache?.settled(); // the write lands after the reply
    assert.equal(p.calls, 2);
    assert.equal(refreshed.answer, 'answer #2');
    assert.equal(refreshed.meta.cached, false);

    clock.now += 5000;
    const after = asReply(await cachedAnswer(store, { ...base, refresh: false }));
    assert.equal(p.calls, 2);
    assert.equal(after.answer, 'answer #2', 'the refreshed reply replaced the old one');
    assert.equal(after.meta.age, 5);
  });

  it('keeps replies of different keys apart', async () => {
    const { store } = setup();
    const p = producer();
    await cachedAnswer(store, { key: 'a', ttlMs: HOUR, refresh: false, signal: live(), produce: p.produce });
    const b = asReply(
      await cachedAnswer(store, {
        key: 'b',
        ttlMs: HOUR,
        refresh: false,
        signal: live(),
        produce: p.produce,
      }),
    );
    assert.equal(p.calls, 2);
    assert.equal(b.answer, 'answer #2');
  });

  it('shares one produce between two identical calls in flight', async () => {
    const { store } = setup();
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let calls = 0;
    const produce = async () => {
      calls += 1;
      await gate;
      return reply({ answer: 'shared' });
    };
    const request = { key: 'k3', ttlMs: HOUR, refresh: false, produce };
    const one = cachedAnswer(store, { ...request, signal: live() });
    const two = cachedAnswer(store, { ...request, signal: live() });
    await new Promise((resolve) => setTimeout(resolve, 10));
    release();
    const [a, b] = await Promise.all([one, two]);
    assert.equal(calls, 1);
    assert.equal(asReply(a).answer, 'shared');
    assert.equal(asReply(b).answer, 'shared');
  });

  it('a refresh does not join a plain call already in flight: it runs on its own', async () => {
    const { store } = setup();
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let calls = 0;
    const produce = async () => {
      calls += 1;
      const n = calls;
      await gate;
      return reply({ answer: `run ${n}` });
    };
    const plain = cachedAnswer(store, { key: 'k6', ttlMs: HOUR, refresh: false, signal: live(), produce });
    await new Promise((resolve) => setTimeout(resolve, 10));
    const fresh = cachedAnswer(store, { key: 'k6', ttlMs: HOUR, refresh: true, signal: live(), produce });
    await new Promise((resolve) => setTimeout(resolve, 10));
    release();
    const [a, b] = await Promise.all([plain, fresh]);
    assert.equal(calls, 2);
    assert.equal(asReply(a).answer, 'run 1');
    assert.equal(asReply(b).answer, 'run 2');
  });

  it('does not cache an error: the next call produces again', async () => {
    const { store } = setup();
    const p = producer((n) =>
      n === 1 ? toolError('rate_limited', 'rate_limited: try later') : reply({ answer: `answer #${n}` }),
    );
    const request = { key: 'k4', ttlMs: HOUR, refresh: false, signal: live(), produce: p.produce };
    const first = await cachedAnswer(store, request);
    assert.ok(isToolError(first));
    assert.equal(first.code, 'rate_limited');
    assert.equal(await store.cache?.get('k4'), undefined, 'nothing was stored for the error');
    const second = asReply(await cachedAnswer(store, request));
    assert.equal(p.calls, 2);
    assert.equal(second.answer, 'answer #2');
    assert.equal(second.meta.cached, false);
  });

  it('without a disk cache every call produces', async () => {
    const { store } = setup();
    const p = producer();
    const noCache: AnswerStore = { ...store, cache: undefined };
    const request = { key: 'k5', ttlMs: HOUR, refresh: false, signal: live(), produce: p.produce };
    await cachedAnswer(noCache, request);
    await cachedAnswer(noCache, request);
    assert.equal(p.calls, 2);
  });
});
