// PDFs through the real entry point on every runtime (the pdf.js chunk bundled in dist/,
// loaded on first use): each generated document gives its text to claude or its reply kind,
// and a quote from page 3 comes back verified through web_page and through web_research.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { entries } from '../helpers/entries.ts';
import { type Sandbox, sandbox } from '../helpers/fake-claude-env.ts';
import { type LoopbackServer, startLoopbackServer } from '../helpers/loopback-server.ts';
import { connectStdio, type StdioSession } from '../helpers/mcp-client.ts';
import * as pdf from '../helpers/pdf-fixtures.ts';

type Content = { type: string; text?: string }[];
const text = (result: { content?: unknown }) =>
  ((result.content ?? []) as Content).map((c) => c.text ?? '').join('\n');

const files = new Map<string, { body: Uint8Array; type: string }>();
let server: LoopbackServer;
before(async () => {
  const add = (path: string, body: Uint8Array, type = 'application/pdf') => files.set(path, { body, type });
  for (const [path, body] of await pdf.servedPdfs()) add(path, body);
  add('/as-html.pdf', await pdf.onePagePdf(), 'text/html');
  server = await startLoopbackServer((req, res) => {
    const file = files.get(req.url ?? '');
    res.writeHead(file ? 200 : 404, { 'content-type': file?.type ?? 'text/plain' });
    res.end(file?.body ?? 'not found');
  });
});
after(() => server.close());

for (const entry of entries()) {
  describe(`${entry.runtime}: PDFs in the page tools and in verification`, () => {
    let box: Sandbox;
    let session: StdioSession;
    before(async () => {
      // Every claude run answers with a quote from page 3 of the multi-page PDF, citing it.
      box = sandbox({
        FAKE_CLAUDE_OUTPUT: JSON.stringify({
          answer: 'The Pentland turbine produced 41 MWh in its first month [1].',
          confidence: 'high',
          findings: [
            { claim: '41 MWh in the first month.', quote: pdf.MULTI_PAGE_QUOTE, source: 0, rank: 1 },
          ],
          sources: [{ title: 'Field report', url: `${server.url}/multi.pdf` }],
          gaps: [],
        }),
      });
      session = await connectStdio(entry, 'modern', {
        env: box.env({ WEB_MCP_ALLOW_HOSTS: `127.0.0.1:${server.port}` }),
      });
    });
    after(async () => {
      await session.close();
      box.remove();
    });
    const call = (name: string, args: Record<string, unknown>) =>
      session.client.callTool({ name, arguments: { format: 'json', max_tokens: 400, ...args } });
    const lastPrompt = () => box.runs().at(-1)?.stdin ?? '';

    it('web_page: a quote from page 3 is verified, and the passage says p. 3', async () => {
      const result = await call('web_page', {
        url: `${server.url}/multi.pdf`,
        goal: 'Pentland turbine output',
      });
      assert.equal(result.isError ?? false, false, text(result));
      const reply = JSON.parse(text(result));
      assert.equal(reply.findings[0].verified, true);
      assert.deepEqual([reply.meta.verified, reply.meta.quotes], [1, 1]);
      assert.equal(reply.sources[0].title, 'Tidal Power: A Field Report');
      assert.match(lastPrompt(), /p\. 3/);
      assert.doesNotMatch(lastPrompt(), /Coastal Energy Office/, 'running headers never reach claude');
    });

    it('web_research: the same quote, cited to the PDF, is verified against the server’s own copy', async () => {
      const result = await call('web_research', {
        question: 'tidal turbine output at Pentland',
        goal: 'a summary',
      });
      assert.equal(result.isError ?? false, false, text(result));
      const reply = JSON.parse(text(result));
      assert.equal(reply.findings[0].verified, true);
      assert.deepEqual([reply.meta.verified, reply.meta.quotes], [1, 1]);
    });

    it('text PDFs reach claude in reading order: one page, two columns, hyphens joined, mislabelled type', async () => {
      const expected: [string, RegExp][] = [
        ['/one.pdf', /A Short Note on Tides[\s\S]*Early barrages blocked whole estuaries/],
        [
          '/columns.pdf',
          new RegExp(`${pdf.LEFT_COLUMN.slice(0, 40)}[\\s\\S]*${pdf.RIGHT_COLUMN.slice(0, 40)}`),
        ],
        ['/hyphens.pdf', /The measurement of coastal currents needs careful instruments/],
        ['/as-html.pdf', /## p\. 1[\s\S]*Tidal energy converts/],
      ];
      for (const [path, pattern] of expected) {
        const result = await call('web_read', { url: `${server.url}${path}`, question: 'what does it say' });
        assert.equal(result.isError ?? false, false, `${path}: ${text(result)}`);
        assert.match(lastPrompt(), pattern, path);
      }
    });

    it('a scan and an encrypted PDF are thin replies that say why; no claude run', async () => {
      for (const [path, why] of [
        ['/scan.pdf', /scan.*no OCR/],
        ['/encrypted.pdf', /encrypted/],
      ] as const) {
        const runs = box.runs().length;
        const result = await call('web_page', { url: `${server.url}${path}`, goal: 'what is in it' });
        assert.equal(result.isError ?? false, false, text(result));
        const reply = JSON.parse(text(result));
        assert.match(reply.gaps.join(' '), why, path);
        assert.equal(box.runs().length, runs, `${path}: no claude run`);
      }
    });

    it('a truncated PDF is fetch_failed with the reason', async () => {
      const result = await call('web_read', { url: `${server.url}/truncated.pdf` });
      assert.equal(result.isError, true);
      assert.match(text(result), /^fetch_failed: .*cut off/);
    });
  });
}
