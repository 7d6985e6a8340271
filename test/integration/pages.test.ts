// Page tools and research-quote verification through the real entry point on every
// runtime, against fixture pages served on loopback (opened with WEB_MCP_ALLOW_HOSTS)
// and the fake claude: real quotes are verified, invented ones removed, unreachable
// pages leave their quotes unverified, and the reply stays within its cap.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { entries } from '../helpers/entries.ts';
import { type Sandbox, sandbox } from '../helpers/fake-claude-env.ts';
import { type LoopbackServer, startLoopbackServer } from '../helpers/loopback-server.ts';
import { connectStdio } from '../helpers/mcp-client.ts';

type Content = { type: string; text?: string }[];
const text = (result: { content?: unknown }) =>
  ((result.content ?? []) as Content).map((c) => c.text ?? '').join('\n');

const article = (
  title: string,
  sentences: string[],
) => `<!doctype html><html><head><title>${title}</title></head>
<body><nav>Home | About | Contact</nav><article><h1>${title}</h1>
${sentences.map((s) => `<p>${s}</p>`).join('\n')}
</article><footer>© Example</footer></body></html>`;

const FILLER = [
  'The harbour town grew around a small fishing fleet in the eighteenth century, long before the railway arrived.',
  'Its market square still hosts a weekly fair where farmers from the valley sell cheese, honey and apples.',
  'Visitors often climb the hill behind the church for a view across the estuary and the salt marshes.',
];
const LIGHTHOUSE = 'The lighthouse was completed in 1874 and is 42 metres tall.';
const BRIDGE = 'The old stone bridge has seven arches and was rebuilt after the flood of 1912.';

let pages: LoopbackServer;
before(async () => {
  pages = await startLoopbackServer((req, res) => {
    if (req.url === '/slow') return; // never answers: verification must not wait for it
    const body =
      req.url === '/lighthouse'
        ? article('The Lighthouse', [...FILLER, LIGHTHOUSE])
        : req.url === '/bridge'
          ? article('The Bridge', [...FILLER, BRIDGE])
          : article('Nothing', ['x']);
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(body);
  });
});
after(() => pages.close());

for (const entry of entries()) {
  describe(`${entry.runtime}: page tools and quote verification`, () => {
    const boxes: Sandbox[] = [];
    after(() => {
      for (const b of boxes) b.remove();
    });
    /** A fresh sandbox whose fake claude answers with `output`. */
    const fakeAnswering = (output: object) => {
      const box = sandbox({ FAKE_CLAUDE_OUTPUT: JSON.stringify(output), FAKE_CLAUDE_THINK_MS: '1500' });
      boxes.push(box);
      return box;
    };
    const env = (box: Sandbox) => box.env({ WEB_MCP_ALLOW_HOSTS: `127.0.0.1:${pages.port}` });

    it('web_page verifies a real quote against the page and removes an invented one', async () => {
      const output = {
        answer: 'It was completed in 1874 [1].',
        confidence: 'high',
        findings: [
          { claim: 'Completed in 1874.', quote: LIGHTHOUSE, source: 0, rank: 1 },
          { claim: 'It is painted red.', quote: 'The lighthouse is painted bright red.', source: 0, rank: 2 },
        ],
        sources: [{ title: 'x', url: 'x' }],
        gaps: [],
      };
      const box = fakeAnswering(output);
      const session = await connectStdio(entry, 'modern', { env: env(box) });
      try {
        const result = await session.client.callTool({
          name: 'web_page',
          arguments: {
            url: `${pages.url}/lighthouse`,
            goal: 'when was the lighthouse built',
            format: 'json',
            max_tokens: 300,
          },
        });
        assert.equal(result.isError ?? false, false, text(result));
        const reply = JSON.parse(text(result));
        assert.equal(reply.findings.length, 2, 'both claims kept');
        assert.equal(reply.findings[0].verified, true);
        assert.equal(reply.findings[0].quote, LIGHTHOUSE);
        assert.equal(reply.findings[1].quote, undefined, 'the invented quote is removed');
        assert.deepEqual([reply.meta.verified, reply.meta.quotes], [1, 1]);
        assert.equal(reply.sources[0].url, `${pages.url}/lighthouse`);
        const prompt = box.runs().at(-1)?.stdin ?? '';
        assert.match(prompt, /1874/, 'the passages reach claude');
        assert.ok(!box.runs().at(-1)?.argv.includes('WebSearch'), 'a page run has no tools');
      } finally {
        await session.close();
      }
    });

    it('web_read refuses a private address without running claude', async () => {
      const box = fakeAnswering({});
      const session = await connectStdio(entry, 'legacy', { env: box.env() });
      try {
        const before = box.runs().length;
        const result = await session.client.callTool({
          name: 'web_read',
          arguments: { url: 'http://169.254.169.254/latest' },
        });
        assert.equal(result.isError, true);
        assert.match(text(result), /^blocked_url: /);
        assert.equal(box.runs().length, before);
      } finally {
        await session.close();
      }
    });

    it('research quotes: verbatim verified, paraphrase removed, unreachable page left unverified', async () => {
      const output = {
        answer: 'The lighthouse dates from 1874 [1]; the bridge has seven arches [2].',
        confidence: 'medium',
        findings: [
          { claim: 'Completed in 1874.', quote: LIGHTHOUSE, source: 0, rank: 1 },
          {
            claim: 'Seven arches.',
            quote: 'The bridge, with its seven arches, was rebuilt in 1912.',
            source: 1,
            rank: 2,
          },
          { claim: 'A third fact.', quote: 'A sentence on a page that never loads.', source: 2, rank: 3 },
        ],
        sources: [
          { title: 'Lighthouse', url: `${pages.url}/lighthouse` },
          { title: 'Bridge', url: `${pages.url}/bridge` },
          { title: 'Slow', url: `${pages.url}/slow` },
        ],
        gaps: [],
      };
      const box = fakeAnswering(output);
      const session = await connectStdio(entry, 'modern', { env: env(box) });
      try {
        const started = Date.now();
        const result = await session.client.callTool({
          name: 'web_research',
          arguments: {
            question: 'harbour town landmarks',
            goal: 'write a guide',
            format: 'json',
            max_tokens: 600,
          },
        });
        const took = Date.now() - started;
        assert.equal(result.isError ?? false, false, text(result));
        const reply = JSON.parse(text(result));
        assert.equal(reply.findings.length, 3, 'every claim kept');
        assert.equal(reply.findings[0].verified, true);
        assert.equal(reply.findings[1].quote, undefined, 'the paraphrase is removed');
        assert.equal(reply.findings[1].claim, 'Seven arches.');
        assert.equal(reply.findings[2].quote, 'A sentence on a page that never loads.');
        assert.notEqual(reply.findings[2].verified, true);
        assert.deepEqual([reply.meta.verified, reply.meta.quotes], [1, 2]);
        assert.ok(took < 15_000, `verification kept the call short (${took} ms)`);

        // The copy fetched for verification is in the page cache: reading it again costs no request.
        const requests = pages.requests;
        const read = await session.client.callTool({
          name: 'web_read',
          arguments: { url: `${pages.url}/lighthouse`, question: 'when was it built' },
        });
        assert.equal(read.isError ?? false, false, text(read));
        assert.equal(pages.requests, requests);
      } finally {
        await session.close();
      }
    });
  });
}
