import assert from 'node:assert/strict';
import { after, afterEach, before, describe, it } from 'node:test';
import { CACHE_TTL_MS, createBrave, formatHeadStart } from '../../src/brave/client.ts';
import { createLog } from '../../src/log.ts';
import { type FakeBrave, resultsFor, startFakeBrave, webBody } from '../helpers/fake-brave.ts';

const KEY = 'BSA-test-key-0123456789abcdef';

let fake: FakeBrave;
before(async () => {
  fake = await startFakeBrave();
});
after(() => fake.close());
afterEach(() => {
  fake.requests.length = 0;
  fake.script((req) => ({
    body: webBody(resultsFor(req.params.get('q') ?? '', Number(req.params.get('count')))),
  }));
});

interface Extra {
  ratePerSecond?: number;
  timeoutMs?: number;
  cacheEntries?: number;
  sleep?: (ms: number) => Promise<void>;
}

function setup(extra: Extra = {}) {
  let now = 1_000_000;
  const lines: string[] = [];
  const sentAt: number[] = [];
  const brave = createBrave({
    key: KEY,
    baseUrl: fake.baseUrl,
    fetch: (input, init) => {
      sentAt.push(now);
      return fetch(input, init);
    },
    clock: () => now,
    log: createLog((line) => lines.push(line)),
    sleep: async (ms) => {
      await new Promise((resolve) => setTimeout(resolve, 0));
      now += ms;
    },
    ...extra,
  });
  return { brave, lines, sentAt, advance: (ms: number) => (now += ms) };
}

describe('brave client against a fake Brave', () => {
  it('sends exactly the documented request', async () => {
    const { brave } = setup();
    const out = await brave.search({ query: 'node release schedule' });
    assert.equal(out.kind, 'results');
    const [req] = fake.requests;
    assert.ok(req);
    assert.equal(req.method, 'GET');
    assert.equal(req.path, '/res/v1/web/search');
    assert.deepEqual([...req.params].sort(), [
      ['count', '10'],
      ['extra_snippets', 'true'],
      ['q', 'node release schedule'],
      ['result_filter', 'web'],
    ]);
    assert.equal(req.headers['x-subscription-token'], KEY);
    assert.equal(req.headers.accept, 'application/json');
  });

  it('maps recency to freshness, domains to site: filters, and count', async () => {
    const { brave } = setup({ ratePerSecond: 10 });
    await brave.search({ query: 'deno 2', recency: 'week', domains: ['deno.com', 'github.com'], count: 3 });
    const req = fake.requests[0];
    assert.equal(req?.params.get('freshness'), 'pw');
    assert.equal(req?.params.get('q'), 'deno 2 site:deno.com OR site:github.com');
    assert.equal(req?.params.get('count'), '3');
  });

  it('cuts a long question to 75 words before sending it', async () => {
    const { brave } = setup();
    await brave.search({ query: Array.from({ length: 90 }, (_, i) => `w${i}`).join(' ') });
    assert.equal(fake.requests[0]?.params.get('q')?.split(' ').length, 75);
  });

  it('returns plain-text results with decoded snippets', async () => {
    fake.queue({
      body: webBody([
        {
          title: 'A &amp; B',
          url: 'https://a.example/',
          description: 'The <strong>answer</strong> is &quot;42&quot;',
          extra_snippets: ['Also &lt;here&gt;'],
          page_age: '2024-01-02T00:00:00',
        },
      ]),
    });
    const { brave } = setup();
    const out = await brave.search({ query: 'q' });
    assert.deepEqual(out, {
      kind: 'results',
      results: [
        {
          title: 'A & B',
          url: 'https://a.example/',
          snippet: 'The answer is "42" … Also <here>',
          date: '2024-01-02',
        },
      ],
    });
  });

  it('caches results for 10 minutes of the injected clock', async () => {
    const { brave, advance } = setup({ ratePerSecond: 10 });
    await brave.search({ query: 'cached question' });
    await brave.search({ query: 'cached   question' });
    assert.equal(fake.requests.length, 1);
    await brave.search({ query: 'cached question', recency: 'day' });
    assert.equal(fake.requests.length, 2, 'another recency is another search');
    advance(CACHE_TTL_MS - 1);
    await brave.search({ query: 'cached question' });
    assert.equal(fake.requests.length, 2);
    advance(2);
    await brave.search({ query: 'cached question' });
    assert.equal(fake.requests.length, 3);
  });

  it('bounds the cache size', async () => {
    const { brave } = setup({ ratePerSecond: 10, cacheEntries: 2 });
    for (const q of ['one', 'two', 'three', 'one']) await brave.search({ query: q });
    assert.equal(fake.requests.length, 4);
  });

  it('spaces requests to the plan rate and queues parallel callers', async () => {
    const { brave, sentAt } = setup();
    const outs = await Promise.all(['a', 'b', 'c'].map((query) => brave.search({ query })));
    assert.ok(outs.every((o) => o.kind === 'results'));
    assert.equal(fake.requests.length, 3);
    assert.deepEqual(
      sentAt.map((t) => t - (sentAt[0] ?? 0)),
      [0, 1050, 2100],
    );
  });

  it('adopts the per-second rate Brave states', async () => {
    fake.queue({ headers: { 'x-ratelimit-policy': '20;w=1, 20000000;w=2592000' }, body: webBody([]) });
    const { brave, sentAt } = setup();
    await brave.search({ query: 'first' });
    await Promise.all(['a', 'b', 'c'].map((query) => brave.search({ query })));
    assert.equal(new Set(sentAt.slice(1)).size, 1, 'no waiting at 20 per second');
  });

  it('a 401 switches Brave off for later calls, with one warning', async () => {
    fake.script(() => ({ status: 401, body: { error: { code: 'UNAUTHORIZED', detail: 'no' } } }));
    const { brave, lines } = setup({ ratePerSecond: 10 });
    const first = await brave.search({ query: 'q1' });
    assert.equal(first.kind, 'error');
    assert.ok(first.kind === 'error' && first.code === 'no_backend');
    assert.equal(brave.enabled, false);
    const second = await brave.search({ query: 'q2' });
    assert.equal(second.kind, 'skipped');
    assert.equal(fake.requests.length, 1);
    assert.equal(lines.length, 1);
    assert.match(lines[0] ?? '', /^web-mcp: warning: Brave search is off until restart: .*401/);
  });

  it('a 422 SUBSCRIPTION_TOKEN_INVALID (Brave’s bad-key answer) also switches it off', async () => {
    fake.queue({
      status: 422,
      body: { type: 'ErrorResponse', error: { code: 'SUBSCRIPTION_TOKEN_INVALID', status: 422 } },
    });
    const { brave } = setup();
    await brave.search({ query: 'q' });
    assert.equal(brave.enabled, false);
  });

  it('a rejected query (422) loses only that call', async () => {
    fake.queue({
      status: 422,
      body: { error: { code: 'VALIDATION', detail: 'Unable to validate request parameter(s)' } },
    });
    const { brave, lines } = setup({ ratePerSecond: 10 });
    const bad = await brave.search({ query: 'bad' });
    assert.ok(bad.kind === 'error' && bad.code === 'invalid_input');
    assert.match(bad.message, /^invalid_input: Brave rejected the query \(HTTP 422: Unable to validate/);
    assert.equal(brave.enabled, true);
    assert.equal((await brave.search({ query: 'good' })).kind, 'results');
    assert.deepEqual(lines, []);
  });

  it('a 429 is rate_limited and holds further calls until Retry-After passes', async () => {
    fake.queue({ status: 429, headers: { 'retry-after': '5' }, body: { error: { code: 'RATE_LIMITED' } } });
    const { brave, advance } = setup({ ratePerSecond: 10 });
    const first = await brave.search({ query: 'a' });
    assert.ok(first.kind === 'error' && first.code === 'rate_limited');
    assert.match(first.message, /try again in 5 s/);
    const held = await brave.search({ query: 'b' });
    assert.ok(held.kind === 'error' && held.code === 'rate_limited');
    assert.equal(fake.requests.length, 1);
    advance(5000);
    assert.equal((await brave.search({ query: 'b' })).kind, 'results');
    assert.equal(brave.enabled, true);
  });

  it('a used-up quota says so, timed by X-RateLimit-Reset', async () => {
    fake.queue({
      status: 429,
      headers: { 'x-ratelimit-remaining': '1, 0', 'x-ratelimit-reset': '1, 86400' },
      body: { error: { code: 'QUOTA_LIMITED' } },
    });
    const { brave } = setup();
    const out = await brave.search({ query: 'a' });
    assert.ok(out.kind === 'error' && out.code === 'rate_limited');
    assert.match(out.message, /quota is used up; it renews in about 24 h/);
  });

  it('5xx and network failures lose only that call', async () => {
    fake.queue({ status: 503, body: 'down' });
    const { brave } = setup({ ratePerSecond: 10 });
    const out = await brave.search({ query: 'a' });
    assert.ok(out.kind === 'error' && out.code === 'fetch_failed');
    assert.match(out.message, /HTTP 503/);
    assert.equal(brave.enabled, true);

    const dead = await startFakeBrave();
    const baseUrl = dead.baseUrl;
    await dead.close();
    const offline = createBrave({ key: KEY, baseUrl, fetch, log: createLog(() => {}) });
    const net = await offline.search({ query: 'a' });
    assert.ok(net.kind === 'error' && net.code === 'fetch_failed');
    assert.equal(offline.enabled, true);
  });

  it('unreadable JSON is a failed call, not an empty answer', async () => {
    fake.queue({ body: '{"web": {"results": "nope"}}' });
    const { brave } = setup();
    const out = await brave.search({ query: 'a' });
    assert.ok(out.kind === 'error' && out.code === 'fetch_failed');
  });

  it('retries without extra_snippets when the plan lacks them', async () => {
    fake.queue({ status: 422, body: { error: { code: 'OPTION_NOT_IN_PLAN' } } });
    const { brave } = setup();
    assert.equal((await brave.search({ query: 'a' })).kind, 'results');
    assert.equal(fake.requests.length, 2);
    assert.equal(fake.requests[1]?.params.has('extra_snippets'), false);
    assert.equal(brave.enabled, true);
  });

  it('gives up after its timeout', async () => {
    fake.queue({ hang: true });
    const { brave } = setup({ timeoutMs: 50 });
    const out = await brave.search({ query: 'slow' });
    assert.ok(out.kind === 'error' && out.code === 'timeout');
  });

  it('honours the caller’s AbortSignal in flight and while queued', async () => {
    fake.queue({ hang: true });
    // The gate's wait never ends on its own, so the second call stays queued until aborted.
    const { brave } = setup({ sleep: () => new Promise(() => {}) });
    const controller = new AbortController();
    const inFlight = brave.search({ query: 'a', signal: controller.signal });
    const queued = brave.search({ query: 'b', signal: controller.signal });
    while (fake.requests.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    controller.abort();
    for (const out of await Promise.all([inFlight, queued])) {
      assert.ok(out.kind === 'error' && out.code === 'cancelled');
    }
    assert.equal(fake.requests.length, 1);
  });

  it('never lets the key out: not in logs, errors or results, even when Brave echoes it', async () => {
    const echo = `token ${KEY} (${encodeURIComponent(KEY)})`;
    const { brave, lines } = setup({ ratePerSecond: 100 });
    const outs: unknown[] = [];
    fake.queue({ status: 400, body: { error: { code: 'VALIDATION', detail: echo } } });
    outs.push(await brave.search({ query: 'one' }));
    fake.queue({ status: 503, body: echo });
    outs.push(await brave.search({ query: 'two' }));
    fake.queue({ body: webBody([{ title: echo, url: `https://x.example/?k=${KEY}`, description: echo }]) });
    outs.push(await brave.search({ query: 'three' }));
    fake.queue({ status: 401, body: { error: { code: `BAD_${KEY}`, detail: echo } } });
    outs.push(await brave.search({ query: 'four' }));
    outs.push(await brave.search({ query: 'five' }));
    const captured = JSON.stringify(outs) + lines.join('');
    assert.equal(lines.length, 1);
    assert.ok(captured.includes('[redacted]'), 'the echoes were really there');
    assert.ok(!captured.includes(KEY));
    assert.ok(!captured.includes(encodeURIComponent(KEY)));
  });

  it('scrubs any run of 8 or more characters of the key, in any case, from results, errors and logs', async () => {
    const prefix = KEY.slice(0, 12);
    const middle = KEY.slice(9, 17).toUpperCase();
    const { brave, lines } = setup({ ratePerSecond: 100 });
    const outs: unknown[] = [];
    fake.queue({
      status: 400,
      body: { error: { code: 'VALIDATION', detail: `key ${prefix}… is malformed` } },
    });
    outs.push(await brave.search({ query: 'one' }));
    const snippet = `echo ${prefix} and ${middle} here`;
    fake.queue({
      body: webBody([{ title: prefix, url: `https://x.example/${middle}`, description: snippet }]),
    });
    outs.push(await brave.search({ query: 'two' }));
    // Shorter runs are ordinary text.
    fake.queue({
      body: webBody([{ title: 'x', url: 'https://x.example/', description: `the ${KEY.slice(0, 7)} word` }]),
    });
    assert.match(
      JSON.stringify(await brave.search({ query: 'four' })),
      new RegExp(`the ${KEY.slice(0, 7)} word`),
    );
    fake.queue({ status: 401, body: { error: { code: `BAD_${prefix}`, detail: 'no' } } });
    outs.push(await brave.search({ query: 'three' }));
    const captured = JSON.stringify(outs) + lines.join('');
    assert.equal(lines.length, 1);
    assert.match(captured, /echo \[redacted\] and \[redacted\] here/);
    for (let i = 0; i + 8 <= KEY.length; i++) {
      assert.ok(!captured.toLowerCase().includes(KEY.slice(i, i + 8).toLowerCase()), `no part at ${i}`);
    }
  });

  it('follows a redirect within its origin, and never to another origin with the key', async () => {
    const elsewhere = await startFakeBrave();
    try {
      const { brave } = setup({ ratePerSecond: 100 });
      fake.queue({ status: 307, headers: { location: `${fake.baseUrl}/web/search?q=moved&count=10` } });
      const moved = await brave.search({ query: 'moved here' });
      assert.equal(moved.kind, 'results');
      assert.equal(fake.requests.length, 2);
      assert.equal(fake.requests[1]?.headers['x-subscription-token'], KEY);

      fake.queue({ status: 302, headers: { location: `${elsewhere.baseUrl}/web/search?q=stolen` } });
      const out = await brave.search({ query: 'moved away' });
      assert.ok(out.kind === 'error' && out.code === 'fetch_failed', JSON.stringify(out));
      assert.match(
        out.message,
        /^fetch_failed: Brave redirected to http:\/\/127\.0\.0\.1:\d+, another origin/,
      );
      assert.equal(elsewhere.requests.length, 0, 'the other origin is never contacted');
    } finally {
      await elsewhere.close();
    }
  });

  it('is off without a key and sends nothing', async () => {
    const brave = createBrave({ key: ' ', baseUrl: fake.baseUrl, fetch, log: createLog(() => {}) });
    assert.equal(brave.enabled, false);
    assert.equal((await brave.search({ query: 'a' })).kind, 'skipped');
    assert.equal(fake.requests.length, 0);
  });
});

describe('formatHeadStart', () => {
  it('numbers title, URL, date and snippet as plain text', () => {
    const text = formatHeadStart([
      { title: 'One', url: 'https://one.example/', snippet: 'First snippet', date: '2024-01-02' },
      { title: 'Two', url: 'https://two.example/', snippet: '' },
    ]);
    assert.equal(
      text,
      '1. One\n   URL: https://one.example/\n   Date: 2024-01-02\n   First snippet\n\n2. Two\n   URL: https://two.example/',
    );
    assert.equal(formatHeadStart([]), '');
  });
});
