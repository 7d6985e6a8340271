// The guard on every path: a page answer and a page text cached while an address was
// allowed (WEB_MCP_ALLOW_HOSTS) are refused with blocked_url once the allowance is gone.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { entry } from '../helpers/entries.ts';
import { type Sandbox, sandbox } from '../helpers/fake-claude-env.ts';
import { type LoopbackServer, startLoopbackServer } from '../helpers/loopback-server.ts';
import { connectStdio } from '../helpers/mcp-client.ts';

type Content = { type: string; text?: string }[];
const text = (result: { content?: unknown }) =>
  ((result.content ?? []) as Content).map((c) => c.text ?? '').join('\n');

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

let pages: LoopbackServer;
let served = 0;
before(async () => {
  pages = await startLoopbackServer((_req, res) => {
    served++;
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(PAGE);
  });
});
after(() => pages.close());

describe('node: cached pages under today’s guard', () => {
  let box: Sandbox;
  before(() => {
    box = sandbox({ FAKE_CLAUDE_OUTPUT: JSON.stringify(DRAFT) });
  });
  after(() => box.remove());

  const call = async (env: Record<string, string>, goal: string) => {
    const session = await connectStdio(entry('node'), 'modern', { env });
    try {
      return await session.client.callTool({
        name: 'web_page',
        arguments: { url: `${pages.url}/lighthouse`, goal },
      });
    } finally {
      await session.close();
    }
  };

  it('answers while allowed, from the cache when repeated, and blocked_url once the allowance is removed', async () => {
    const allowed = box.env({ WEB_MCP_ALLOW_HOSTS: `127.0.0.1:${pages.port}` });
    const first = await call(allowed, 'when was it built');
    assert.equal(first.isError ?? false, false, text(first));
    assert.match(text(await call(allowed, 'when was it built')), /cached yes/);
    const fetched = served;

    const cachedAnswer = await call(box.env(), 'when was it built');
    assert.equal(cachedAnswer.isError, true, text(cachedAnswer));
    assert.match(
      text(cachedAnswer),
      /^blocked_url: http:\/\/127\.0\.0\.1:\d+\/lighthouse is a loopback address/,
    );

    // Another goal: no cached answer, but the page text is cached: refused as well, without a fetch.
    const runs = box.runs().length;
    const cachedText = await call(box.env(), 'who lived there');
    assert.equal(cachedText.isError, true, text(cachedText));
    assert.match(text(cachedText), /^blocked_url: /);
    assert.equal(served, fetched, 'nothing is fetched');
    assert.equal(box.runs().length, runs, 'claude does not run');
  });
});
