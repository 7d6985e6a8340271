// safeFetch against real loopback servers. Names are resolved only by injected
// resolvers, and the fetch handed to safeFetch refuses any non-loopback target,
// so a guard bug shows up as a failed assertion, never as traffic leaving the machine.
import assert from 'node:assert/strict';
import type { ServerResponse } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { isToolError, type ToolError } from '../../src/errors.ts';
import type { Resolver } from '../../src/page/fetch/address.ts';
import { type FetchedPage, type SafeFetchOptions, safeFetch } from '../../src/page/fetch/safe-fetch.ts';
import { type LoopbackServer, startLoopbackServer } from '../helpers/loopback-server.ts';

/** Resolves only the names in `table`; anything else fails like NXDOMAIN. */
const resolverOf =
  (table: Readonly<Record<string, readonly string[]>>): Resolver =>
  async (name) => {
    const found = table[name];
    if (found === undefined) throw new Error(`ENOTFOUND ${name}`);
    return found;
  };

/**
 * Real fetch that reaches only 127.0.0.1: `public.example` plays a public site
 * served by the fixture (like DNS would), every other host is refused and recorded.
 */
function loopbackFetch() {
  const calls: string[] = [];
  const refused: string[] = [];
  const guarded = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    calls.push(url.href);
    if (url.hostname === 'public.example') url.hostname = '127.0.0.1';
    if (url.hostname !== '127.0.0.1') {
      refused.push(url.href);
      throw new Error(`test fetch refused ${url.href}`);
    }
    return fetch(url, init);
  };
  return { fetch: guarded as typeof fetch, calls, refused };
}

const PUBLIC_NAMES: Record<string, readonly string[]> = {
  'public.example': ['127.0.0.1'],
  'internal.example': ['10.0.0.5'],
  'metadata.example': ['169.254.169.254'],
  'ula.example': ['fd12:3456::1'],
  'mixed.example': ['93.184.216.34', '10.0.0.1'],
  'mixed6.example': ['2606:2800:220:1:248:1893:25c8:1946', '::1'],
  'mapped.example': ['::ffff:127.0.0.1'],
  'rebind.example.': ['127.0.0.1'],
  'nat64.example': ['64:ff9b::c0a8:1'],
  localhost: ['127.0.0.1', '::1'],
};
const fixtureIsPublic = (ip: string) => ip === '127.0.0.1';

let server: LoopbackServer;
let P: number;

function route(path: string, res: ServerResponse, port: number): void {
  const u = new URL(path, 'http://x');
  if (u.pathname === '/ok') {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end('<p>hello</p>');
  } else if (u.pathname === '/to') {
    res.writeHead(Number(u.searchParams.get('status') ?? 302), { location: u.searchParams.get('u') ?? '' });
    res.end();
  } else if (u.pathname === '/chain') {
    // /chain?n=3&final=URL: n more redirects on the public name, then to `final`.
    const n = Number(u.searchParams.get('n'));
    const final = u.searchParams.get('final') ?? `http://public.example:${port}/ok`;
    const next = n > 0 ? `/chain?n=${n - 1}&final=${encodeURIComponent(final)}` : final;
    res.writeHead(302, { location: next });
    res.end();
  } else {
    res.writeHead(404);
    res.end('no');
  }
}

before(async () => {
  server = await startLoopbackServer((req, res) => route(req.url ?? '/', res, P));
  P = server.port;
});
after(() => server.close());

const code = (result: FetchedPage | ToolError): string => (isToolError(result) ? result.code : 'ok');

describe('SSRF: refused before any connection', () => {
  const cases: readonly string[] = [
    // loopback and every odd spelling of it
    'http://127.0.0.1:P/ok',
    'http://2130706433:P/ok',
    'http://0177.0.0.1:P/ok',
    'http://0x7f.1:P/ok',
    'http://0x7f.0.0.1:P/ok',
    'http://0x7f000001:P/ok',
    'http://017700000001:P/ok',
    'http://127.1:P/ok',
    'http://127.0.1:P/ok',
    'http://127.0.0.1.:P/ok',
    'http://%31%32%37.0.0.1:P/ok',
    'http://１２７.０.０.１:P/ok',
    'http://user:pw@127.0.0.1:P/ok',
    'http://[::1]:P/ok',
    'http://[0:0:0:0:0:0:0:1]:P/ok',
    'http://[::ffff:127.0.0.1]:P/ok',
    'http://[::ffff:7f00:1]:P/ok',
    'http://[::127.0.0.1]:P/ok',
    'http://localhost:P/ok',
    'http://LOCALHOST.:P/ok',
    'http://app.localhost:P/ok',
    'http://0.0.0.0:P/ok',
    'http://0:P/ok',
    // private, link-local, metadata, CGNAT, benchmarking, multicast, reserved, broadcast, documentation
    'http://10.0.0.1/',
    'http://172.16.5.4/',
    'http://192.168.1.1/',
    'http://169.254.169.254/latest/meta-data/',
    'http://169.254.43518/',
    'http://0xa9fea9fe/',
    'http://100.64.0.1/',
    'http://198.18.0.1/',
    'http://224.0.0.1/',
    'http://240.0.0.1/',
    'http://255.255.255.255/',
    'http://192.0.2.1/',
    'http://203.0.113.5/',
    // IPv6 ranges and IPv6 forms wrapping a private IPv4
    'http://[::]/',
    'http://[fd00::1]/',
    'http://[fe80::1]/',
    'http://[fec0::1]/',
    'http://[ff02::1]/',
    'http://[2001:db8::1]/',
    'http://[::ffff:10.0.0.1]/',
    'http://[::ffff:169.254.169.254]/',
    'http://[64:ff9b::a9fe:a9fe]/',
    'http://[2002:c0a8:101::1]/',
    'http://[2001:0:4136:e378:8000:63bf:f5ff:fffe]/',
    // names resolving to non-public addresses (all of them, or only some of them)
    'http://internal.example/',
    'http://metadata.example/latest/meta-data/',
    'http://ula.example/',
    'http://mixed.example/',
    'http://mixed6.example/',
    'http://mapped.example:P/ok',
    'http://rebind.example.:P/ok',
    'http://nat64.example/',
    // other schemes
    'file:///etc/passwd',
    'ftp://public.example/',
    'data:text/html,<p>hi</p>',
    'javascript:alert(1)',
  ];
  it('has at least 40 cases', () => assert.ok(cases.length >= 40));
  for (const raw of cases) {
    it(raw, async () => {
      const url = raw.replace(':P/', `:${P}/`);
      const { fetch, calls } = loopbackFetch();
      const before = server.connections;
      const result = await safeFetch(url, { fetch, resolve: resolverOf(PUBLIC_NAMES), allowHosts: [] });
      assert.equal(code(result), 'blocked_url', JSON.stringify(result));
      assert.match(isToolError(result) ? result.message : '', /^blocked_url: .*public web/);
      assert.deepEqual(calls, []);
      assert.equal(server.connections, before);
    });
  }
});

describe('SSRF: redirects are re-checked on every hop', () => {
  const to = (target: string, status = 302) =>
    `http://public.example:${P}/to?status=${status}&u=${encodeURIComponent(target)}`;
  const chain = (n: number, final: string) =>
    `http://public.example:${P}/chain?n=${n}&final=${encodeURIComponent(final)}`;
  const cases: readonly (readonly [string, () => string, number])[] = [
    ['to 10.0.0.1', () => to('http://10.0.0.1/'), 1],
    ['to the cloud metadata address', () => to('http://169.254.169.254/latest/meta-data/'), 1],
    ['to [::1]', () => to(`http://[::1]:${P}/ok`), 1],
    ['to IPv4-mapped loopback', () => to(`http://[::ffff:127.0.0.1]:${P}/ok`), 1],
    ['to localhost', () => to(`http://localhost:${P}/ok`), 1],
    ['to a name resolving to a private address', () => to('http://internal.example/'), 1],
    ['to a name resolving to public and private', () => to('http://mixed.example/'), 1],
    ['to a scheme-relative private address', () => to('//192.168.0.1/admin'), 1],
    ['to file:', () => to('file:///etc/passwd'), 1],
    ['with 307 to a ULA', () => to('http://[fd00::1]/', 307), 1],
    ['with 308 to CGNAT', () => to('http://100.64.0.1/', 308), 1],
    ['after three public hops, to 192.168.0.1', () => chain(3, 'http://192.168.0.1/'), 4],
    ['after two public hops, to a NAT64 private', () => chain(2, 'http://[64:ff9b::a00:1]/'), 3],
  ];
  for (const [name, url, publicHops] of cases) {
    it(name, async () => {
      const { fetch, calls, refused } = loopbackFetch();
      const before = server.requests;
      const result = await safeFetch(url(), {
        fetch,
        resolve: resolverOf(PUBLIC_NAMES),
        allowHosts: [],
        isPublic: fixtureIsPublic,
      });
      assert.equal(code(result), 'blocked_url', JSON.stringify(result));
      assert.deepEqual(refused, []);
      assert.equal(calls.length, publicHops);
      for (const call of calls) assert.match(call, /^http:\/\/public\.example:/);
      assert.equal(server.requests - before, publicHops);
    });
  }
});

describe('public addresses pass', () => {
  const base = (): SafeFetchOptions => ({
    ...loopbackFetch(),
    resolve: resolverOf(PUBLIC_NAMES),
    allowHosts: [],
    isPublic: fixtureIsPublic,
  });
  it('fetches a page on a name whose addresses are all public', async () => {
    const result = await safeFetch(`http://public.example:${P}/ok`, base());
    assert.ok(!isToolError(result), JSON.stringify(result));
    assert.equal(result.url, `http://public.example:${P}/ok`);
    assert.equal(result.status, 200);
    assert.equal(result.contentType, 'text/html; charset=utf-8');
    assert.equal(result.charset, 'utf-8');
    assert.equal(new TextDecoder().decode(result.bytes), '<p>hello</p>');
    assert.equal(result.truncated, false);
  });
  it('follows public redirects and reports the final URL', async () => {
    const result = await safeFetch(`http://public.example:${P}/chain?n=2`, base());
    assert.ok(!isToolError(result), JSON.stringify(result));
    assert.equal(result.url, `http://public.example:${P}/ok`);
  });
  it('the same name is refused without the test-only isPublic override', async () => {
    const { isPublic: _, ...withoutOverride } = base();
    const result = await safeFetch(`http://public.example:${P}/ok`, withoutOverride);
    assert.equal(code(result), 'blocked_url');
  });
  it('public IPv4 and IPv6 literals and names reach fetch (a fake fetch: no network)', async () => {
    const seen: string[] = [];
    const fake = (async (input: string | URL | Request) => {
      seen.push(String(input));
      return new Response('ok', { headers: { 'content-type': 'text/plain' } });
    }) as typeof fetch;
    const resolve = resolverOf({ 'site.example': ['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946'] });
    const urls = [
      'http://8.8.8.8/',
      'https://[2606:4700:4700::1111]/',
      'http://[::ffff:8.8.8.8]/',
      'https://site.example/',
    ];
    for (const url of urls) {
      const result = await safeFetch(url, { fetch: fake, resolve, allowHosts: [] });
      assert.equal(code(result), 'ok', `${url}: ${JSON.stringify(result)}`);
    }
    assert.equal(seen.length, urls.length);
  });
});

describe('limits: size, time, redirects, status, cancellation', () => {
  let limits: LoopbackServer;
  let written = 0;
  let streamClosed: Promise<void> = Promise.resolve();
  const CHUNK = new Uint8Array(64 * 1024).fill(0x61);
  const ENDLESS_CAP = 64 * 1024 * 1024;
  let echoed: Record<string, string | string[] | undefined> = {};
  let onStall: () => void = () => {};

  before(async () => {
    limits = await startLoopbackServer(async (req, res) => {
      const path = req.url ?? '/';
      if (path === '/endless') {
        // Writes until the client goes away (honouring backpressure), up to 64 MiB.
        written = 0;
        streamClosed = new Promise((resolve) => res.on('close', resolve));
        res.writeHead(200, { 'content-type': 'text/plain' });
        while (!res.destroyed && written < ENDLESS_CAP) {
          written += CHUNK.byteLength;
          if (!res.write(CHUNK)) await drainedOrClosed(res);
        }
        res.end();
      } else if (path === '/declared-big') {
        res.writeHead(200, { 'content-type': 'text/plain', 'content-length': String(3 * 1024 * 1024) });
        res.write(CHUNK);
      } else if (path.startsWith('/bytes/')) {
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.end(new Uint8Array(Number(path.slice(7))).fill(0x62));
      } else if (path === '/stall-headers') {
        onStall();
      } else if (path === '/stall-body') {
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.write('partial');
        onStall();
      } else if (path.startsWith('/loop/')) {
        res.writeHead(302, { location: `/loop/${Number(path.slice(6)) + 1}` });
        res.end();
      } else if (path === '/no-location') {
        res.writeHead(302);
        res.end();
      } else if (path === '/headers') {
        echoed = req.headers;
        res.end('ok');
      } else if (path.startsWith('/status/')) {
        res.writeHead(Number(path.slice(8)));
        res.end('error page');
      } else {
        res.writeHead(404);
        res.end();
      }
    });
  });
  after(() => limits.close());

  const opts = (extra: Partial<SafeFetchOptions> = {}): SafeFetchOptions => ({
    ...loopbackFetch(),
    resolve: resolverOf(PUBLIC_NAMES),
    allowHosts: [],
    isPublic: fixtureIsPublic,
    ...extra,
  });
  const at = (path: string) => `http://public.example:${limits.port}${path}`;

  /** A fetch whose response bodies count the bytes safeFetch actually pulled. */
  function countingFetch() {
    const inner = loopbackFetch().fetch;
    const counter = { consumed: 0, last: 0 };
    const counting = (async (input: string | URL | Request, init?: RequestInit) => {
      const response = await inner(input, init);
      const reader = response.body?.getReader();
      if (reader === undefined) return response;
      const body = new ReadableStream<Uint8Array>(
        {
          async pull(controller) {
            const { done, value } = await reader.read();
            if (done) controller.close();
            else {
              counter.consumed += value.byteLength;
              counter.last = value.byteLength;
              controller.enqueue(value);
            }
          },
          cancel: (reason) => reader.cancel(reason),
        },
        { highWaterMark: 0 },
      );
      return new Response(body, { status: response.status, headers: response.headers });
    }) as typeof fetch;
    return { fetch: counting, counter };
  }

  // The timeout turns a download that is never stopped into a failure instead of a hang.
  it('stops reading an endless body soon after 2 MB and closes the connection', {
    timeout: 15_000,
  }, async () => {
    const { fetch, counter } = countingFetch();
    const result = await safeFetch(at('/endless'), opts({ fetch }));
    assert.equal(code(result), 'fetch_failed');
    assert.match(isToolError(result) ? result.message : '', /larger than 2 MB/);
    // It stops at the first chunk that crosses 2 MB; chunk sizes are the runtime's choice.
    assert.ok(counter.consumed > 2 * 1024 * 1024, `consumed ${counter.consumed}`);
    assert.ok(
      counter.consumed - counter.last <= 2 * 1024 * 1024,
      `read on after the cap: ${counter.consumed}`,
    );
    assert.ok(counter.consumed < 4 * 1024 * 1024, `consumed ${counter.consumed}`);
    await streamClosed;
    assert.ok(written < ENDLESS_CAP, `the server wrote ${written} bytes: the download was not stopped`);
  });
  it('refuses a declared Content-Length over the cap without reading the body', async () => {
    const { fetch, counter } = countingFetch();
    const result = await safeFetch(at('/declared-big'), opts({ fetch }));
    assert.equal(code(result), 'fetch_failed');
    assert.equal(counter.consumed, 0);
  });
  it('accepts a body of exactly maxBytes and refuses one byte more', async () => {
    const exact = await safeFetch(at('/bytes/1000'), opts({ maxBytes: 1000 }));
    assert.ok(!isToolError(exact), JSON.stringify(exact));
    assert.equal(exact.bytes.byteLength, 1000);
    const over = await safeFetch(at('/bytes/1001'), opts({ maxBytes: 1000 }));
    assert.match(isToolError(over) ? over.message : '', /^fetch_failed: .*larger than 1000 bytes/);
  });
  it('gives up on a server that never answers', async () => {
    const result = await safeFetch(at('/stall-headers'), opts({ timeoutMs: 200 }));
    assert.equal(code(result), 'fetch_failed');
    assert.match(isToolError(result) ? result.message : '', /did not finish within 0\.2 s/);
  });
  it('counts the body in the time limit', async () => {
    const result = await safeFetch(at('/stall-body'), opts({ timeoutMs: 200 }));
    assert.match(isToolError(result) ? result.message : '', /^fetch_failed: .*did not finish/);
  });
  it('counts name resolution in the time limit, even when the resolver ignores it', async () => {
    const result = await safeFetch(at('/ok'), opts({ timeoutMs: 50, resolve: () => new Promise(() => {}) }));
    assert.match(isToolError(result) ? result.message : '', /^fetch_failed: .*did not finish/);
  });
  it('follows exactly 5 redirects and fails on the 6th', async () => {
    const base = limits.requests;
    const five = await safeFetch(at('/loop/0'), opts({ maxRedirects: 5, fetch: redirectsThenOk(5) }));
    assert.equal(code(five), 'ok', JSON.stringify(five));
    const result = await safeFetch(at('/loop/0'), opts());
    assert.match(isToolError(result) ? result.message : '', /^fetch_failed: .*more than 5 times/);
    assert.equal(limits.requests - base, 6);
  });
  it('fails on a redirect without a Location', async () => {
    const result = await safeFetch(at('/no-location'), opts());
    assert.match(isToolError(result) ? result.message : '', /^fetch_failed: .*302 without a Location/);
  });
  it('names the status of a non-2xx answer', async () => {
    for (const status of [404, 503]) {
      const result = await safeFetch(at(`/status/${status}`), opts());
      assert.match(
        isToolError(result) ? result.message : '',
        new RegExp(`^fetch_failed: .*answered ${status}`),
      );
    }
  });
  it('reports a name that does not resolve as fetch_failed', async () => {
    const result = await safeFetch('http://nowhere.example/', opts());
    assert.match(
      isToolError(result) ? result.message : '',
      /^fetch_failed: the name nowhere\.example could not/,
    );
  });
  it('refuses what is not a URL as invalid_input', async () => {
    assert.equal(code(await safeFetch('not a url', opts())), 'invalid_input');
  });
  it('sends a User-Agent and an Accept header', async () => {
    await safeFetch(at('/headers'), opts());
    assert.match(String(echoed['user-agent']), /web-mcp/);
    assert.match(String(echoed.accept), /text\/html/);
    await safeFetch(at('/headers'), opts({ userAgent: 'custom-agent/1' }));
    assert.equal(echoed['user-agent'], 'custom-agent/1');
  });
  it('returns cancelled when the caller aborts mid-request', async () => {
    const controller = new AbortController();
    onStall = () => controller.abort();
    const result = await safeFetch(at('/stall-headers'), opts({ signal: controller.signal }));
    onStall = () => {};
    assert.equal(code(result), 'cancelled');
  });
  it('returns cancelled when the caller aborts mid-body', async () => {
    const controller = new AbortController();
    onStall = () => controller.abort();
    const result = await safeFetch(at('/stall-body'), opts({ signal: controller.signal }));
    onStall = () => {};
    assert.equal(code(result), 'cancelled');
  });
  it('returns cancelled while resolving, and without connecting when already aborted', async () => {
    const controller = new AbortController();
    const resolving = safeFetch(
      at('/ok'),
      opts({ signal: controller.signal, resolve: () => new Promise(() => {}) }),
    );
    controller.abort();
    assert.equal(code(await resolving), 'cancelled');
    const before = limits.connections;
    const result = await safeFetch(at('/ok'), opts({ signal: AbortSignal.abort() }));
    assert.equal(code(result), 'cancelled');
    assert.equal(limits.connections, before);
  });
});

function drainedOrClosed(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done).off('close', done);
      resolve();
    };
    res.on('drain', done).on('close', done);
  });
}

/** A fake fetch answering `n` redirects and then a page, for counting hops without a server. */
function redirectsThenOk(n: number): typeof fetch {
  let hops = 0;
  return (async () =>
    hops++ < n
      ? new Response(null, { status: 302, headers: { location: `/hop/${hops}` } })
      : new Response('done', { status: 200 })) as typeof fetch;
}

describe('WEB_MCP_ALLOW_HOSTS', () => {
  let other: LoopbackServer;
  before(async () => {
    other = await startLoopbackServer((_req, res) => {
      res.end('other');
    });
  });
  after(() => other.close());
  const fetchWith = (url: string, allowHosts: string[]) =>
    safeFetch(url, { ...loopbackFetch(), resolve: resolverOf(PUBLIC_NAMES), allowHosts });

  it('lets an exact host:port through although it is loopback', async () => {
    const result = await fetchWith(`http://127.0.0.1:${P}/ok`, [`127.0.0.1:${P}`]);
    assert.equal(code(result), 'ok', JSON.stringify(result));
  });
  it('does not match another port, a default port, or another spelling of the host', async () => {
    const before = server.connections;
    for (const entry of ['127.0.0.1', `127.0.0.1:${other.port}`, `localhost:${P}`, `127.0.0.2:${P}`]) {
      const result = await fetchWith(`http://127.0.0.1:${P}/ok`, [entry]);
      assert.equal(code(result), 'blocked_url', entry);
    }
    assert.equal(server.connections, before);
  });
  it('still blocks a redirect from the allowed host to a private address that is not allowed', async () => {
    const target = encodeURIComponent(`http://127.0.0.1:${other.port}/`);
    const result = await fetchWith(`http://127.0.0.1:${P}/to?u=${target}`, [`127.0.0.1:${P}`]);
    assert.equal(code(result), 'blocked_url', JSON.stringify(result));
    assert.equal(other.connections, 0);
    const metadata = encodeURIComponent('http://169.254.169.254/');
    const { fetch, refused } = loopbackFetch();
    const second = await safeFetch(`http://127.0.0.1:${P}/to?u=${metadata}`, {
      fetch,
      resolve: resolverOf({}),
      allowHosts: [`127.0.0.1:${P}`],
    });
    assert.equal(code(second), 'blocked_url');
    assert.deepEqual(refused, []);
  });
  it('reports a refused connection as fetch_failed', async () => {
    const gone = await startLoopbackServer((_req, res) => {
      res.end();
    });
    await gone.close();
    const result = await fetchWith(`http://127.0.0.1:${gone.port}/`, [`127.0.0.1:${gone.port}`]);
    assert.match(
      isToolError(result) ? result.message : '',
      /^fetch_failed: could not fetch http:\/\/127\.0\.0\.1:\d+\/ \(.+\); check the address/,
    );
  });
  it('follows a redirect between two allowed hosts', async () => {
    const target = encodeURIComponent(`http://127.0.0.1:${other.port}/`);
    const result = await fetchWith(`http://127.0.0.1:${P}/to?u=${target}`, [
      `127.0.0.1:${P}`,
      `127.0.0.1:${other.port}`,
    ]);
    assert.ok(!isToolError(result), JSON.stringify(result));
    assert.equal(new TextDecoder().decode(result.bytes), 'other');
  });
});
