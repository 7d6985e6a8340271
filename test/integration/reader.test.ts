// Research through the server's reader on every runtime and both transports' modes, via
// the real entry point and the fake claude calling the mounted read_page for real: the
// quote from a loopback page it read comes back verified with no second fetch, and once
// the call is over its secret is refused, nothing listens, and its run dir is gone.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { entries } from '../helpers/entries.ts';
import { type Sandbox, sandbox } from '../helpers/fake-claude-env.ts';
import { type LoopbackServer, startLoopbackServer } from '../helpers/loopback-server.ts';
import { connectHttp, connectStdio, startHttp } from '../helpers/mcp-client.ts';

const SENTENCE = 'The okapi is the only living relative of the giraffe and lives in the Ituri rainforest.';
// Enough text that the page is not thin.
const FILLER = Array.from(
  { length: 8 },
  (_, i) =>
    `<p>Keeper note ${i}: the animals are fed leaves and fruit twice a day, and weighed every month.</p>`,
).join('');
type Content = { type: string; text?: string }[];
const text = (result: { content?: unknown }) =>
  ((result.content ?? []) as Content).map((c) => c.text ?? '').join('\n');

describe('research through the server reader, on every runtime', () => {
  let pages: LoopbackServer;
  const hits: string[] = [];
  const boxes: Sandbox[] = [];
  before(async () => {
    pages = await startLoopbackServer((req, res) => {
      hits.push(req.url ?? '');
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(
        `<!doctype html><html><head><title>Okapi</title></head><body><main><h1>Okapi</h1><p>${SENTENCE}</p><p>Visitors to the zoo can see one in the forest house near the main gate.</p>${FILLER}</main></body></html>`,
      );
    });
  });
  after(async () => {
    for (const b of boxes) b.remove();
    await pages.close();
  });

  for (const entry of entries()) {
    for (const transport of ['stdio', 'http'] as const) {
      it(`${entry.runtime} ${transport}: a quote read through the reader is verified, and nothing is left after the run`, async () => {
        const url = `${pages.url}/okapi-${entry.runtime}-${transport}`;
        const output = {
          answer: 'A giraffe relative [1].',
          confidence: 'high',
          findings: [{ claim: 'Related to the giraffe.', quote: SENTENCE, source: 0, rank: 1 }],
          sources: [{ title: 'Okapi', url }],
          gaps: [],
        };
        const box = sandbox({ FAKE_CLAUDE_OUTPUT: JSON.stringify(output) });
        boxes.push(box);
        const env = box.env({ WEB_MCP_ALLOW_HOSTS: `127.0.0.1:${pages.port}` });
        const server = transport === 'http' ? await startHttp(entry, { env }) : undefined;
        const client = server
          ? await connectHttp(server.url, 'modern')
          : (await connectStdio(entry, 'legacy', { env })).client;
        try {
          const result = await client.callTool({
            name: 'web_research',
            arguments: { question: 'What is the okapi related to?', goal: 'a caption', format: 'json' },
          });
          assert.equal(result.isError ?? false, false, text(result));
          const reply = JSON.parse(text(result)) as {
            meta: { verified: number; quotes: number; pages: number };
          };
          assert.deepEqual([reply.meta.verified, reply.meta.quotes, reply.meta.pages], [1, 1, 1]);
          assert.deepEqual(
            hits.filter((h) => h === new URL(url).pathname),
            [new URL(url).pathname],
            'read once by the reader, not fetched again to check the quote',
          );
          const run = box.runs()[0] as unknown as { argv: string[]; cwd: string; mcpConfigs: string[] };
          assert.ok(run.argv.includes('--mcp-config'));
          const entryConfig = JSON.parse(run.mcpConfigs[0] ?? '{}').mcpServers.web as {
            url: string;
            headers: Record<string, string>;
          };
          await assert.rejects(
            fetch(entryConfig.url, { method: 'POST', headers: entryConfig.headers, body: '{}' }),
            'nothing listens once the run is over',
          );
          assert.equal(existsSync(run.cwd), false, 'the run dir and its config file are gone');
        } finally {
          await client.close();
          await server?.stop();
        }
      });
    }
  }

  it('WEB_MCP_READER=webfetch: the run gets WebSearch and WebFetch, and no reader is mounted', async () => {
    const [entry] = entries();
    if (!entry) return;
    const box = sandbox();
    boxes.push(box);
    const { client } = await connectStdio(entry, 'legacy', { env: box.env({ WEB_MCP_READER: 'webfetch' }) });
    try {
      const result = await client.callTool({
        name: 'web_research',
        arguments: { question: 'What is example.com for?', goal: 'docs' },
      });
      assert.equal(result.isError ?? false, false, text(result));
      const run = box.runs()[0];
      assert.ok(run);
      assert.equal(run.argv[run.argv.indexOf('--tools') + 1], 'WebSearch,WebFetch');
      assert.ok(!run.argv.includes('--mcp-config'));
      assert.deepEqual(
        box.toolUses().filter((t) => t !== 'WebSearch'),
        ['WebFetch'],
      );
    } finally {
      await client.close();
    }
  });
});
