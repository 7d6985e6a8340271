// Long calls as real clients meet them, through the real entry points on every runtime
// (run side by side, so the suite grows by about one call's time): heartbeats keep a
// client with a short, progress-reset time-out waiting; a call capped by
// WEB_MCP_CALL_SECONDS answers in time from the pages it read; a run that keeps
// searching is stopped at one search past its depth cap.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Client } from '@modelcontextprotocol/client';
import { type Entry, entries } from '../helpers/entries.ts';
import { type Sandbox, sandbox } from '../helpers/fake-claude-env.ts';
import { type LoopbackServer, startLoopbackServer } from '../helpers/loopback-server.ts';
import { connectHttp, connectStdio, type Era, startHttp } from '../helpers/mcp-client.ts';
import { waitGone } from '../helpers/processes.ts';

type Content = { type: string; text?: string }[];
const text = (result: { content?: unknown }) =>
  ((result.content ?? []) as Content).map((c) => c.text ?? '').join('\n');

const PAGES: Record<string, string[]> = {
  '/spring': [
    'Spring tides happen twice a month, near the new moon and the full moon, when the sun and the moon pull in line.',
    'At those times the high tides are higher and the low tides are lower than on other days of the month.',
    'Harbour masters publish tables of them a year ahead so that ships with a deep draught can plan their arrivals.',
  ],
  '/neap': [
    'Neap tides come at the quarter moons, when the pulls of the sun and the moon partly cancel each other out.',
    'The difference between high and low water is then at its smallest, which suits work on sea walls and piers.',
    'Sailors who moor in shallow creeks often prefer them because the water never drops far below the keel.',
  ],
};

const html = (paragraphs: string[]) =>
  `<!doctype html><html><head><title>Tides</title></head><body><article><h1>Tides</h1>${paragraphs
    .map((p) => `<p>${p}</p>`)
    .join('')}</article></body></html>`;

/** Connects over stdio or HTTP in the given era; `close` ends the client and any server it started. */
async function connect(
  entry: Entry,
  transport: 'stdio' | 'http',
  era: Era,
  env: Record<string, string>,
): Promise<{ client: Client; close(): Promise<void> }> {
  if (transport === 'stdio') {
    const session = await connectStdio(entry, era, { env });
    return { client: session.client, close: () => session.close() };
  }
  const server = await startHttp(entry, { env });
  const client = await connectHttp(server.url, era);
  return {
    client,
    close: async () => {
      await client.close();
      await server.stop();
    },
  };
}

// Both eras and both transports, spread over the runtimes (each case waits 40 s).
const HEARTBEAT_CASES: [Entry['runtime'], 'stdio' | 'http', Era][] = [
  ['node', 'stdio', 'modern'],
  ['bun', 'http', 'legacy'],
  ['deno', 'stdio', 'legacy'],
  ['deno', 'http', 'modern'],
];

describe('long calls', { concurrency: true }, () => {
  let pages: LoopbackServer;
  const boxes: Sandbox[] = [];
  const box = (fake: Record<string, string>) => {
    const b = sandbox(fake);
    boxes.push(b);
    return b;
  };
  before(async () => {
    pages = await startLoopbackServer((req, res) => {
      const body = PAGES[req.url ?? ''];
      if (!body) {
        res.writeHead(404).end();
        return;
      }
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html(body));
    });
  });
  after(async () => {
    for (const b of boxes) b.remove();
    await pages.close();
  });

  const runtimes = entries();
  for (const [runtime, transport, era] of HEARTBEAT_CASES) {
    const entry = runtimes.find((e) => e.runtime === runtime);
    if (!entry) continue;
    it(`${runtime} ${transport} ${era}: a client with a 15 s time-out reset by progress waits out a 40 s run`, async () => {
      const b = box({ FAKE_CLAUDE_SCENARIO: 'slow', FAKE_CLAUDE_DELAY_MS: '40000' });
      const session = await connect(entry, transport, era, b.env());
      try {
        const stamps: number[] = [];
        const started = Date.now();
        const result = await session.client.callTool(
          { name: 'web_research', arguments: { question: 'What is example.com for?', goal: 'wait for it' } },
          { timeout: 15_000, resetTimeoutOnProgress: true, onprogress: () => stamps.push(Date.now()) },
        );
        const ended = Date.now();
        assert.equal(result.isError ?? false, false, text(result));
        assert.match(text(result), /^Answer: Example Domain/m);
        assert.ok(ended - started >= 40_000, `answered after ${ended - started} ms`);
        const times = [started, ...stamps, ended];
        const gaps = times.slice(1).map((t, i) => t - (times[i] ?? t));
        assert.ok(Math.max(...gaps) <= 10_000, `longest gap ${Math.max(...gaps)} ms`);
      } finally {
        await session.close();
      }
    });
  }

  for (const entry of runtimes) {
    it(`${entry.runtime}: WEB_MCP_CALL_SECONDS=30 and a run that reads two pages then hangs: a partial answer in time`, async () => {
      const output = {
        answer: 'Spring tides come near new and full moon [1]; neap tides at the quarter moons [2].',
        confidence: 'high',
        findings: [
          {
            claim: 'Spring tides follow new and full moon.',
            quote: 'near the new moon and the full moon',
            source: 0,
          },
          {
            claim: 'Neap tides follow the quarter moons.',
            quote: 'Neap tides come at the quarter moons',
            source: 1,
          },
        ],
        sources: [
          { title: 'Spring tides', url: `${pages.url}/spring` },
          { title: 'Neap tides', url: `${pages.url}/neap` },
        ],
        gaps: [],
      };
      const b = box({ FAKE_CLAUDE_SCENARIO: 'fetch_then_hang', FAKE_CLAUDE_OUTPUT: JSON.stringify(output) });
      const env = b.env({ WEB_MCP_CALL_SECONDS: '30', WEB_MCP_ALLOW_HOSTS: `127.0.0.1:${pages.port}` });
      const session = await connectStdio(entry, 'modern', { env });
      try {
        const started = Date.now();
        const result = await session.client.callTool(
          {
            name: 'web_research',
            arguments: {
              question: 'When are spring and neap tides?',
              goal: 'plan a mooring',
              format: 'json',
            },
          },
          { timeout: 60_000 },
        );
        const took = Date.now() - started;
        assert.equal(result.isError ?? false, false, text(result));
        const reply = JSON.parse(text(result));
        // The server's own clock for the whole call; the client's adds transport and start-up
        // delays, which a machine under heavy load can stretch (hence the margin).
        assert.ok(reply.meta.seconds <= 32, `the server took ${reply.meta.seconds} s`);
        assert.ok(took <= 40_000, `answered after ${took} ms (the server counted ${reply.meta.seconds} s)`);
        assert.equal(reply.meta.partial, true);
        assert.notEqual(reply.confidence, 'high');
        assert.match(reply.gaps[0], /^Cut short: the research reached its time budget \(30 s\)/);
        assert.deepEqual(
          reply.sources.map((s: { url: string }) => s.url),
          [`${pages.url}/spring`, `${pages.url}/neap`],
        );
        assert.equal(reply.meta.verified, 2, 'both quotes checked against the server copies');
        const runs = b.runs();
        assert.equal(runs.length, 2, 'the research run and the short answering run');
        assert.deepEqual(
          await waitGone(
            runs.map((r) => r.pid),
            3000,
          ),
          [],
          'no claude left',
        );
        assert.deepEqual(b.leftoverRunDirs(), []);
      } finally {
        await session.close();
      }
    });

    it(`${entry.runtime}: quick depth stops a claude that keeps searching at its third search`, async () => {
      const b = box({ FAKE_CLAUDE_SCENARIO: 'keep_searching', FAKE_CLAUDE_STEP_MS: '500' });
      const session = await connectStdio(entry, 'legacy', { env: b.env() });
      try {
        const result = await session.client.callTool({
          name: 'web_investigate',
          arguments: {
            question: 'search forever?',
            goal: 'see the cap hold',
            depth: 'quick',
            format: 'json',
          },
        });
        assert.equal(result.isError ?? false, false, text(result));
        const reply = JSON.parse(text(result));
        assert.equal(reply.meta.partial, true);
        assert.equal(reply.meta.searches, 2);
        assert.match(reply.gaps[0], /depth cap of 2 searches/);
        await new Promise((r) => setTimeout(r, 1000));
        assert.deepEqual(b.toolUses(), ['WebSearch', 'WebSearch', 'WebSearch'], 'no fourth search');
        assert.deepEqual(
          await waitGone(
            b.runs().map((r) => r.pid),
            3000,
          ),
          [],
        );
      } finally {
        await session.close();
      }
    });
  }
});
