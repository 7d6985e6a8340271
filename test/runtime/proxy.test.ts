// The page fetch and Brave's fetch behind a proxy (HTTPS_PROXY, HTTP_PROXY, NO_PROXY), against a
// loopback proxy that answers as the origin: the guard checks the name and its addresses before
// anything is sent to the proxy; NO_PROXY hosts go direct; Brave's requests go through the proxy.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { pinnedFetch, proxiedFetch } from '../../src/page/fetch/pinned-connect.ts';
import { proxyEnv } from '../../src/page/fetch/proxy-env.ts';
import type { ConnectGuard } from '../../src/runtime.ts';
import { type LoopbackProxy, startLoopbackProxy } from '../helpers/loopback-proxy.ts';

let proxy: LoopbackProxy;
before(async () => {
  proxy = await startLoopbackProxy((req, res) => res.end(`origin saw ${req.url}`));
});
after(() => proxy.close());

/** Names resolve to what the map says; 10.x is refused as private, the rest allowed. */
function guard(names: Record<string, string>): ConnectGuard & { resolved: string[] } {
  const resolved: string[] = [];
  return {
    resolved,
    async resolve(hostname) {
      resolved.push(hostname);
      return names[hostname] ? [names[hostname]] : [];
    },
    refuse: (_target, address) => (address.startsWith('10.') ? 'a private (RFC 1918) address' : undefined),
  };
}

describe('proxyEnv', () => {
  it('reads the lower-case form first, and HTTPS falls back to HTTP', () => {
    assert.deepEqual(proxyEnv({ HTTP_PROXY: 'http://a:1', http_proxy: 'http://b:2', NO_PROXY: 'x' }), {
      httpProxy: 'http://b:2',
      httpsProxy: 'http://b:2',
      noProxy: 'x',
    });
    assert.deepEqual(proxyEnv({ HTTPS_PROXY: 'http://c:3' }), { httpsProxy: 'http://c:3' });
    assert.equal(proxyEnv({ NO_PROXY: 'x', HTTP_PROXY: ' ' }), undefined);
  });
});

describe('pinnedFetch behind a proxy', () => {
  it('sends an allowed page request through the proxy', async () => {
    proxy.seen.length = 0;
    const fetchPage = pinnedFetch(guard({ 'docs.test': '127.0.0.2' }), { httpProxy: proxy.url });
    const res = await fetchPage('http://docs.test:48999/guide');
    assert.equal(await res.text(), 'origin saw /guide');
    assert.deepEqual(proxy.seen, ['CONNECT docs.test:48999']);
  });

  it('refuses a name that resolves to a private address before the proxy sees anything', async () => {
    proxy.seen.length = 0;
    const g = guard({ 'intranet.test': '10.0.0.5' });
    const fetchPage = pinnedFetch(g, { httpProxy: proxy.url, httpsProxy: proxy.url });
    for (const url of ['http://intranet.test/', 'https://intranet.test/', 'http://10.1.2.3/']) {
      await assert.rejects(fetchPage(url), (error: Error) => {
        assert.equal((error.cause as Error).name, 'ConnectRefused', url);
        return true;
      });
    }
    assert.deepEqual(proxy.seen, []);
    assert.deepEqual(g.resolved, ['intranet.test', 'intranet.test']);
  });

  it('goes direct (pinned) to a NO_PROXY host', async () => {
    proxy.seen.length = 0;
    const fetchPage = pinnedFetch(guard({ 'near.test': '127.0.0.2' }), {
      httpProxy: proxy.url,
      noProxy: 'near.test',
    });
    await assert.rejects(fetchPage('http://near.test:48999/'), /fetch failed/);
    assert.deepEqual(proxy.seen, [], 'not through the proxy: straight to 127.0.0.2, where nothing listens');
  });
});

describe('Brave’s fetch behind a proxy', () => {
  it('goes through the proxy on every runtime (Node’s own fetch would not)', async () => {
    proxy.seen.length = 0;
    const res = await proxiedFetch({ httpsProxy: proxy.url, httpProxy: proxy.url })(
      'http://127.0.0.2:48999/res/v1/web/search?q=x',
      { headers: { 'X-Subscription-Token': 'k' }, redirect: 'manual' },
    );
    assert.equal(await res.text(), 'origin saw /res/v1/web/search?q=x');
    assert.deepEqual(proxy.seen, ['CONNECT 127.0.0.2:48999']);
  });
});
