// Proxies with the guard kept, on every runtime: with HTTPS_PROXY and HTTP_PROXY naming a
// loopback proxy (which answers as the origin and never connects out), an allowed page is
// fetched through it; a private address is refused and the proxy sees nothing. The page's
// address is an allow-listed loopback one with nothing listening, so a fetch that skipped
// the proxy would fail here rather than leave the machine.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { entries } from '../helpers/entries.ts';
import { sandbox } from '../helpers/fake-claude-env.ts';
import { type LoopbackProxy, startLoopbackProxy } from '../helpers/loopback-proxy.ts';
import { connectStdio } from '../helpers/mcp-client.ts';

type Content = { type: string; text?: string }[];
const text = (result: { content?: unknown }) =>
  ((result.content ?? []) as Content).map((c) => c.text ?? '').join('\n');

const PAGE_HOST = '127.0.0.2:48999';
const PAGE_URL = `http://${PAGE_HOST}/lighthouse`;
const SENTENCES = [
  'The lighthouse on the northern cape was completed in 1874 and stands 42 metres tall.',
  'Its lamp was first lit with colza oil and later with paraffin before electricity came in 1930.',
  'The keepers lived in two cottages at its foot until the station was automated in 1982.',
];
const PAGE = `<!doctype html><html><head><title>The Lighthouse</title></head><body><article>
<h1>The Lighthouse</h1>${SENTENCES.map((s) => `<p>${s}</p>`).join('')}</article></body></html>`;
const DRAFT = {
  answer: 'In 1874.',
  confidence: 'high',
  findings: [],
  sources: [{ title: 'x', url: 'x' }],
  gaps: [],
};

let proxy: LoopbackProxy;
before(async () => {
  proxy = await startLoopbackProxy((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(PAGE);
  });
});
after(() => proxy.close());

for (const entry of entries()) {
  describe(`${entry.runtime}: page fetches behind a proxy`, () => {
    const box = sandbox({ FAKE_CLAUDE_OUTPUT: JSON.stringify(DRAFT) });
    after(() => box.remove());

    it('go through the proxy; a private address is refused before the proxy sees it', async () => {
      const env = box.env({
        HTTPS_PROXY: proxy.url,
        http_proxy: proxy.url,
        NO_PROXY: 'intranet.test',
        WEB_MCP_ALLOW_HOSTS: PAGE_HOST,
        // Deno itself would look for a newer Deno through the proxy: not the server's traffic.
        DENO_NO_UPDATE_CHECK: '1',
      });
      const session = await connectStdio(entry, 'modern', { env });
      try {
        proxy.seen.length = 0;
        const read = await session.client.callTool({
          name: 'web_page',
          arguments: { url: PAGE_URL, goal: 'when was it built' },
        });
        assert.equal(read.isError ?? false, false, text(read));
        assert.deepEqual(proxy.seen, [`CONNECT ${PAGE_HOST}`]);
        assert.match(box.runs().at(-1)?.stdin ?? '', /completed in 1874/);

        proxy.seen.length = 0;
        for (const url of ['http://10.1.2.3/admin', 'http://127.0.0.1:9/x', 'http://[::1]/x']) {
          const refused = await session.client.callTool({ name: 'web_read', arguments: { url } });
          assert.equal(refused.isError, true, url);
          assert.match(text(refused), /^blocked_url: /, url);
        }
        assert.deepEqual(proxy.seen, [], 'the proxy saw nothing of the private addresses');
      } finally {
        await session.close();
      }
    });
  });
}
