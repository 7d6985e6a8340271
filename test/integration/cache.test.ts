// The answer cache through the real Node entry with the fake claude (R-K3, R-K4, R-K5):
// refresh runs claude again while a plain repeat does not, identical concurrent calls
// share one run, a corrupt cache is a miss, never an error, and refresh re-reads cited pages.
import assert from 'node:assert/strict';
import { readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { cacheWritten } from '../helpers/cache-fill.ts';
import { entry } from '../helpers/entries.ts';
import { type Sandbox, sandbox } from '../helpers/fake-claude-env.ts';
import { startLoopbackServer } from '../helpers/loopback-server.ts';
import { connectStdio } from '../helpers/mcp-client.ts';
import { waitFor } from '../helpers/processes.ts';

type Content = { type: string; text?: string }[];
const text = (result: { content?: unknown }) =>
  ((result.content ?? []) as Content).map((c) => c.text ?? '').join('\n');

// The cited page is a loopback IP literal: the server's own page check refuses it at
// once (no connection, no DNS), so every quote rests on what the fake claude said.
const DRAFT = {
  answer: 'Tapirs are most closely related to horses and rhinos [1].',
  confidence: 'high',
  findings: [{ claim: 'Tapirs are odd-toed ungulates.', quote: 'odd-toed ungulates', source: 0, rank: 1 }],
  sources: [{ title: 'Tapir', url: 'http://127.0.0.1:9/tapir' }],
  gaps: [],
};

const NODE = entry('node');

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((name) => join(dir, name))
    .filter((path) => statSync(path).isFile());
}

describe('node: the answer cache through the entry point', () => {
  const boxes: Sandbox[] = [];
  after(() => {
    for (const b of boxes) b.remove();
  });
  const box = (extra: Record<string, string> = {}) => {
    const b = sandbox({ FAKE_CLAUDE_OUTPUT: JSON.stringify(DRAFT), ...extra });
    boxes.push(b);
    return b;
  };

  it('web_investigate: a repeat is served from the cache, cache "refresh" runs claude again', async () => {
    const b = box();
    const session = await connectStdio(NODE, 'modern', { env: b.env() });
    try {
      const args = { question: 'What are tapirs related to?', goal: 'a quiz answer', depth: 'quick' };
      const first = await session.client.callTool({ name: 'web_investigate', arguments: args });
      assert.equal(first.isError ?? false, false, text(first));
      assert.match(text(first), /cached no/);
      assert.equal(b.runs().length, 1);
      await cacheWritten(b.cacheDir); // the answer is stored after the reply

      const repeat = await session.client.callTool({ name: 'web_investigate', arguments: args });
      assert.match(text(repeat), /cached yes/);
      assert.equal(b.runs().length, 1, 'a plain repeat runs nothing');

      const refreshed = await session.client.callTool({
        name: 'web_investigate',
        arguments: { ...args, cache: 'refresh' },
      });
      assert.equal(refreshed.isError ?? false, false, text(refreshed));
      assert.match(text(refreshed), /cached no/);
      assert.equal(b.runs().length, 2, 'refresh runs claude again');
      await cacheWritten(b.cacheDir);

      const afterRefresh = await session.client.callTool({ name: 'web_investigate', arguments: args });
      assert.match(text(afterRefresh), /cached yes/);
      assert.equal(b.runs().length, 2);
    } finally {
      await session.close();
    }
  });

  it('two identical web_research calls in flight share ONE claude run', async () => {
    const b = box({ FAKE_CLAUDE_SCENARIO: 'slow', FAKE_CLAUDE_DELAY_MS: '1500' });
    const session = await connectStdio(NODE, 'modern', { env: b.env() });
    try {
      const args = { question: 'Do tapirs swim?', goal: 'a caption', format: 'json' };
      const [one, two] = await Promise.all([
        session.client.callTool({ name: 'web_research', arguments: args }),
        session.client.callTool({ name: 'web_research', arguments: args }),
      ]);
      assert.equal(one.isError ?? false, false, text(one));
      assert.equal(two.isError ?? false, false, text(two));
      assert.equal(b.runs().length, 1, 'one fake claude run for both calls');
      const a = JSON.parse(text(one)) as { answer: string; meta: { cached: boolean } };
      const c = JSON.parse(text(two)) as { answer: string; meta: { cached: boolean } };
      assert.equal(a.answer, DRAFT.answer);
      assert.equal(c.answer, DRAFT.answer);
      assert.equal(a.meta.cached, false);
      assert.equal(c.meta.cached, false, 'the second caller shared the run, it did not read the cache');
    } finally {
      await session.close();
    }
  });

  it('a corrupt cache entry is a miss: the call is answered by a new run, without an error', async () => {
    const b = box();
    const args = { question: 'How heavy is a tapir?', goal: 'a fact sheet' };
    const first = await connectStdio(NODE, 'modern', { env: b.env() });
    try {
      const reply = await first.client.callTool({ name: 'web_research', arguments: args });
      assert.equal(reply.isError ?? false, false, text(reply));
    } finally {
      await first.close();
    }
    const files = filesUnder(b.cacheDir);
    assert.ok(files.length > 0, 'the answer was cached');
    for (const file of files) writeFileSync(file, '\u0000{"v":1,"storedAt": garbage ]]] not json');
    assert.equal(b.runs().length, 1);

    const second = await connectStdio(NODE, 'modern', { env: b.env() });
    try {
      const reply = await second.client.callTool({ name: 'web_research', arguments: args });
      assert.equal(reply.isError ?? false, false, text(reply));
      assert.match(text(reply), /^Answer: Tapirs are most closely related/m);
      assert.match(text(reply), /cached no/);
      assert.equal(b.runs().length, 2, 'a new run answered');
      assert.doesNotMatch(second.stderr(), /warning/i);
      await cacheWritten(b.cacheDir);

      const again = await second.client.callTool({ name: 'web_research', arguments: args });
      assert.match(text(again), /cached yes/, 'the fresh answer replaced the corrupt entry');
      assert.equal(b.runs().length, 2);
    } finally {
      await second.close();
    }
  });

  it('web_investigate with cache "refresh" fetches the cited pages again to verify quotes', async () => {
    const pages = await startLoopbackServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(
        `<html><head><title>Tapir</title></head><body><article><h1>Tapir</h1><p>${'Tapirs are large, herbivorous mammals. '.repeat(8)}Tapirs are odd-toed ungulates, like horses and rhinoceroses.</p></article></body></html>`,
      );
    });
    const host = `127.0.0.1:${pages.port}`;
    const draft = { ...DRAFT, sources: [{ title: 'Tapir', url: `${pages.url}/tapir` }] };
    const b = box({ FAKE_CLAUDE_OUTPUT: JSON.stringify(draft) });
    const session = await connectStdio(NODE, 'modern', { env: b.env({ WEB_MCP_ALLOW_HOSTS: host }) });
    try {
      const args = { question: 'What kind of animal is a tapir?', goal: 'a quiz answer', depth: 'quick' };
      const first = await session.client.callTool({ name: 'web_investigate', arguments: args });
      assert.equal(first.isError ?? false, false, text(first));
      // Whether the quote was checked in time depends on the machine's load; the fetch is what counts.
      await waitFor(async () => (pages.requests >= 1 ? true : undefined), 30_000);

      const refreshed = await session.client.callTool({
        name: 'web_investigate',
        arguments: { ...args, cache: 'refresh' },
      });
      assert.match(text(refreshed), /cached no/, text(refreshed));
      assert.equal(b.runs().length, 2);
      await waitFor(async () => (pages.requests >= 2 ? true : undefined), 30_000).catch(() => {
        assert.fail('refresh did not fetch the page again: its cached copy was used');
      });
    } finally {
      await session.close();
      await pages.close();
    }
  });
});
