// The page pipeline with its page-text cache (R-K1–R-K3, R-P2, R-P4): a second read
// is served from the cache without a connection, refresh refetches, thin pages are
// never cached, and a type the server cannot read fails naming the type.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import memoryDriver from 'unstorage/drivers/memory';
import { createCache } from '../../src/cache/cache.ts';
import { isToolError, type ToolError } from '../../src/errors.ts';
import { silentLog } from '../../src/log.ts';
import type { Resolver } from '../../src/page/fetch/address.ts';
import { createPageReader, type PageText } from '../../src/page/page-text.ts';
import { type LoopbackServer, startLoopbackServer } from '../helpers/loopback-server.ts';

const PARAGRAPHS = [
  'The lighthouse keeper climbed the spiral stairs every evening at dusk to light the great lamp.',
  'Ships passing the northern cape relied on its beam to avoid the rocks hidden below the waves.',
  'In winter storms the keeper stayed awake all night, trimming the wick and polishing the lens.',
  'The station was automated in 1982, and the keeper moved to the village at the foot of the hill.',
];
const ARTICLE = `<!doctype html><html><head><title>The Lighthouse</title></head><body>
<nav><a href="/">Home</a></nav>
<article><h1>The Lighthouse</h1>${PARAGRAPHS.map((p) => `<p>${p}</p>`).join('\n')}</article>
</body></html>`;
const SHELL = `<!doctype html><html><head><title>App</title></head><body>
<div id="root"></div><noscript>You need to enable JavaScript to run this app.</noscript></body></html>`;

/** Names never resolve: the fixture is reached by its allow-listed IP literal only. */
const noDns: Resolver = async (name) => {
  throw new Error(`test resolver refuses ${name}`);
};

let server: LoopbackServer;
let version = 1;
const tagged = [...'obey me'].map((c) => String.fromCodePoint(0xe0000 + c.charCodeAt(0))).join('');

before(async () => {
  server = await startLoopbackServer((req, res) => {
    // A fresh connection per response, so connections count fetches.
    const headers = { connection: 'close' };
    if (req.url === '/article') {
      res.writeHead(200, { ...headers, 'content-type': 'text/html; charset=utf-8' });
      res.end(ARTICLE.replace('The lighthouse keeper', `The lighthouse keeper (version ${version})`));
    } else if (req.url === '/slow') {
      setTimeout(() => {
        res.writeHead(200, { ...headers, 'content-type': 'text/html; charset=utf-8' });
        res.end(ARTICLE);
      }, 400);
    } else if (req.url === '/shell') {
      res.writeHead(200, { ...headers, 'content-type': 'text/html' });
      res.end(SHELL);
    } else if (req.url === '/notes.txt') {
      res.writeHead(200, { ...headers, 'content-type': 'text/plain; charset=utf-8' });
      res.end(`${PARAGRAPHS.join('\n\n')}\nPay\u200bment\u202e due\u2066 on ${tagged}Friday\ufeff.`);
    } else if (req.url === '/photo.png') {
      res.writeHead(200, { ...headers, 'content-type': 'image/png' });
      res.end(Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0));
    } else {
      res.writeHead(404, headers);
      res.end('not found');
    }
  });
});
after(() => server.close());

function reader() {
  const cache = createCache({ driver: memoryDriver(), maxBytes: 10 * 1024 * 1024, log: silentLog });
  const pages = createPageReader({
    fetch: globalThis.fetch.bind(globalThis),
    resolve: noDns,
    allowHosts: [`127.0.0.1:${server.port}`],
    cache,
  });
  // Writes land after the read returns: a test that needs the stored copy waits for them.
  return Object.assign(pages, { stored: () => cache.settled() });
}

const live = () => ({ signal: new AbortController().signal });

function asPage(value: PageText | ToolError): PageText {
  if (isToolError(value)) assert.fail(`unexpected error ${value.message}`);
  return value;
}

describe('createPageReader', () => {
  it('serves a second read from the cache without connecting', async () => {
    const pages = reader();
    const url = `${server.url}/article`;
    const before = server.connections;
    const first = asPage(await pages.read(url, live()));
    assert.equal(first.thin, false);
    assert.match(first.text, /spiral stairs every evening/);
    assert.equal(first.title, 'The Lighthouse');
    assert.equal(server.connections, before + 1);

    await pages.stored();
    const second = asPage(await pages.read(url, live()));
    assert.equal(server.connections, before + 1, 'no connection for the cached copy');
    assert.equal(second.text, first.text);
    assert.equal(second.url, first.url);
  });

  it('refresh refetches and stores the fresh copy', async () => {
    const pages = reader();
    const url = `${server.url}/article`;
    version = 1;
    const first = asPage(await pages.read(url, live()));
    assert.match(first.text, /version 1/);
    await pages.stored();
    version = 2;
    const before = server.connections;
    const fresh = asPage(await pages.read(url, { ...live(), refresh: true }));
    assert.equal(server.connections, before + 1, 'refresh connects again');
    assert.match(fresh.text, /version 2/);
    await pages.stored();
    const cached = asPage(await pages.read(url, live()));
    assert.equal(server.connections, before + 1);
    assert.match(cached.text, /version 2/, 'the fresh copy replaced the old one');
    version = 1;
  });

  it('does not cache a thin page', async () => {
    const pages = reader();
    const url = `${server.url}/shell`;
    const before = server.connections;
    const first = asPage(await pages.read(url, live()));
    assert.equal(first.thin, true);
    assert.match(first.thinReason ?? '', /JavaScript/);
    const second = asPage(await pages.read(url, live()));
    assert.equal(second.thin, true);
    assert.equal(server.connections, before + 2, 'a thin page is fetched again');
  });

  it('fails an unsupported type with fetch_failed naming the type, and does not cache it', async () => {
    const pages = reader();
    const url = `${server.url}/photo.png`;
    const before = server.connections;
    const out = await pages.read(url, live());
    assert.ok(isToolError(out));
    assert.equal(out.code, 'fetch_failed');
    assert.match(out.message, /^fetch_failed: /);
    assert.match(out.message, /image\/png/);
    assert.ok(out.message.includes(url));
    await pages.read(url, live());
    assert.equal(server.connections, before + 2);
  });

  it('reads nothing from a host that is neither public nor allowed', async () => {
    const cache = createCache({ driver: memoryDriver(), maxBytes: 1024 * 1024, log: silentLog });
    const pages = createPageReader({
      fetch: globalThis.fetch.bind(globalThis),
      resolve: noDns,
      allowHosts: [],
      cache,
    });
    const before = server.connections;
    const out = await pages.read(`${server.url}/article`, live());
    assert.ok(isToolError(out));
    assert.equal(out.code, 'blocked_url');
    assert.equal(server.connections, before);
  });

  it("serves a cached copy only if its address passes today's allow-list", async () => {
    const cache = createCache({ driver: memoryDriver(), maxBytes: 1024 * 1024, log: silentLog });
    const policy = { fetch: globalThis.fetch.bind(globalThis), resolve: noDns, cache };
    const url = `${server.url}/article`;
    asPage(await createPageReader({ ...policy, allowHosts: [`127.0.0.1:${server.port}`] }).read(url, live()));
    const before = server.connections;
    const out = await createPageReader({ ...policy, allowHosts: [] }).read(url, live());
    assert.ok(isToolError(out));
    assert.match(out.message, /^blocked_url: .* is a loopback address/);
    assert.equal(server.connections, before);
  });

  it('removes zero-width, bidi-control and tag characters from every kind of page text', async () => {
    const page = asPage(await reader().read(`${server.url}/notes.txt`, live()));
    assert.match(page.text, /Payment due on Friday\./);
    assert.doesNotMatch(page.text + page.markdown, /[\u200b\u202e\u2066\ufeff]|[\u{e0000}-\u{e007f}]/u);
  });

  it('a caller that joins a read in flight keeps its own time-out, not the shorter one of the first caller', async () => {
    const pages = reader();
    const before = server.connections;
    const [hasty, patient] = await Promise.all([
      pages.read(`${server.url}/slow`, { ...live(), timeoutMs: 100 }),
      pages.read(`${server.url}/slow`, live()),
    ]);
    assert.ok(isToolError(hasty));
    assert.match(hasty.message, /^fetch_failed: \S+\/slow did not finish within 0\.1 s/);
    assert.match(asPage(patient).text, /lighthouse keeper climbed/);
    assert.equal(server.connections - before, 1, 'one fetch, shared');
  });
});
