// A caller that cannot hear progress, as the v1 SDK client is by default (a fixed 60 s
// time-out, no progress token), still gets its answer: such a call has a budget that ends
// before 60 s (WEB_MCP_NO_PROGRESS_SECONDS, shortened here to keep the suite quick) and is
// answered from what it read by then, on every runtime, side by side.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { entries } from '../helpers/entries.ts';
import { type Sandbox, sandbox } from '../helpers/fake-claude-env.ts';
import { type LoopbackServer, startLoopbackServer } from '../helpers/loopback-server.ts';
import { baseEnv } from '../helpers/mcp-client.ts';

type Content = { type: string; text?: string }[];
const text = (result: object) =>
  (('content' in result ? result.content : []) as Content).map((c) => c.text ?? '').join('\n');

const PAGE =
  'Spring tides happen twice a month, near the new moon and the full moon, when the sun and the moon pull in line.';
const html = `<!doctype html><html><head><title>Tides</title></head><body><article><h1>Tides</h1><p>${PAGE}</p><p>${PAGE.replace('Spring', 'Big')}</p></article></body></html>`;

describe('a caller that hears no progress', { concurrency: true }, () => {
  let pages: LoopbackServer;
  const boxes: Sandbox[] = [];
  before(async () => {
    pages = await startLoopbackServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
    });
  });
  after(async () => {
    for (const b of boxes) b.remove();
    await pages.close();
  });

  for (const entry of entries()) {
    it(`${entry.runtime}: the v1 SDK client with its defaults gets answers from web_lookup and web_research while claude never finishes`, async () => {
      const output = {
        answer: 'Spring tides come near the new and the full moon [1].',
        confidence: 'high',
        findings: [
          {
            claim: 'Spring tides follow new and full moon.',
            quote: 'near the new moon and the full moon',
            source: 0,
          },
        ],
        sources: [{ title: 'Tides', url: `${pages.url}/spring` }],
        gaps: [],
      };
      // Reads its source, then never answers (a run that would take 90 s or more).
      const b = sandbox({
        FAKE_CLAUDE_SCENARIO: 'fetch_then_hang',
        FAKE_CLAUDE_OUTPUT: JSON.stringify(output),
      });
      boxes.push(b);
      const env = b.env({
        WEB_MCP_NO_PROGRESS_SECONDS: '20',
        WEB_MCP_ALLOW_HOSTS: `127.0.0.1:${pages.port}`,
      });
      const transport = new StdioClientTransport({
        command: entry.command,
        args: [...entry.args],
        env: baseEnv(env),
        stderr: 'pipe',
      });
      const client = new Client({ name: 'web-mcp-tests-v1', version: '1.0.0' });
      await client.connect(transport);
      try {
        const started = Date.now();
        const [lookup, research] = await Promise.all([
          client.callTool({ name: 'web_lookup', arguments: { question: 'When are spring tides?' } }),
          client.callTool({
            name: 'web_research',
            arguments: { question: 'When are spring tides?', goal: 'plan a mooring' },
          }),
        ]);
        const took = Date.now() - started;
        assert.equal(lookup.isError ?? false, false, text(lookup));
        assert.equal(research.isError ?? false, false, text(research));
        assert.match(text(lookup), /^Spring tides come near the new and the full moon \[1\]/);
        assert.match(text(lookup), /^Partial: cut short; /m);
        assert.match(text(research), /^meta: .*partial yes/m);
        assert.match(text(research), /^- Cut short: the research reached its time budget \(20 s\)/m);
        assert.ok(took < 30_000, `answered after ${took} ms`);
      } finally {
        await client.close();
      }
    });
  }
});
