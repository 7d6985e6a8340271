// A research call whose run reads through the server's reader (the fake claude calling
// the mounted MCP tool for real, over loopback): passages of loopback pages reach the
// run, their quotes verify against what was handed over, the read cap is kept before any
// fetch, and nothing listens and no file is left once the run is over.
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import * as v from 'valibot';
import { serveLoopback } from '../../adapters/node/loopback.ts';
import { spawnNode } from '../../adapters/node/spawn.ts';
import { createBrave } from '../../src/brave/client.ts';
import { createLimiter } from '../../src/claude/limiter.ts';
import { isToolError } from '../../src/errors.ts';
import { silentLog } from '../../src/log.ts';
import { createReaderMount } from '../../src/mcp/reader-mount.ts';
import { createPageReader } from '../../src/page/page-text.ts';
import type { Draft, Reply } from '../../src/reply/contract.ts';
import { type ResearchDeps, type ResearchRequest, research } from '../../src/research/pipeline.ts';
import { FAKE_CLAUDE } from '../claude/helpers.ts';
import { startFakeBrave, webBody } from '../helpers/fake-brave.ts';
import { type LoopbackServer, startLoopbackServer } from '../helpers/loopback-server.ts';

const SENTENCE = 'Quokkas shelter under thick shrubs during the hottest hours of the day.';
const html = (title: string, body: string) =>
  `<!doctype html><html><head><title>${title}</title></head><body><main><h1>${title}</h1>${body}</main></body></html>`;
const filler = (topic: string) =>
  Array.from(
    { length: 12 },
    (_, i) => `<p>Note ${i} on ${topic}: ferries leave the harbour every hour in summer.</p>`,
  ).join('');

let pages: LoopbackServer;
const hits: string[] = [];
let scratch = '';
before(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'web-mcp-reader-'));
  pages = await startLoopbackServer((req, res) => {
    hits.push(req.url ?? '');
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    const body =
      req.url === '/p1'
        ? `<p>The quokka is a small marsupial.</p><p>${SENTENCE}</p>${filler('ferries')}`
        : `<p>Page ${req.url} says quokkas are photogenic and curious about visitors.</p>${filler('tickets')}`;
    res.end(html(`Quokka page ${req.url}`, body));
  });
});
after(async () => {
  await pages.close();
  await rm(scratch, { recursive: true, force: true });
});

const REQUEST: ResearchRequest = {
  question: 'Where do quokkas shelter in the heat?',
  goal: undefined,
  depth: 'quick',
  recency: 'any',
  domains: [],
  maxTokens: 400,
  budgetMs: 60_000,
};

function deps(env: Record<string, string>, brave?: ResearchDeps['brave']): ResearchDeps {
  return {
    runtime: { spawn: (command, o) => spawnNode(command, { ...o, env: { ...o.env, ...env } }) },
    claudeBin: FAKE_CLAUDE,
    model: 'haiku',
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: process.env.HOME ?? '/tmp' },
    limiter: createLimiter({ concurrency: 2, queue: 8 }),
    clock: Date.now,
    brave,
    pages: createPageReader({
      fetch: globalThis.fetch.bind(globalThis),
      resolve: async () => ['127.0.0.1'],
      allowHosts: [`127.0.0.1:${pages.port}`],
      cache: undefined,
    }),
    readerMount: createReaderMount({ serve: serveLoopback }),
  };
}

const ToolLine = v.object({
  name: v.string(),
  input: v.object({ url: v.optional(v.string()) }),
  result: v.optional(v.object({ text: v.string(), isError: v.boolean() })),
});
const RunLine = v.object({ argv: v.array(v.string()), cwd: v.string(), mcpConfigs: v.array(v.string()) });
const lines = async (path: string) =>
  (await readFile(path, 'utf8'))
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as unknown);

describe('research through the server reader', () => {
  it('hands the run passages of the pages it reads, keeps the cap, and verifies quotes against them', async () => {
    hits.length = 0;
    const url = (p: string) => `${pages.url}/${p}`;
    const draft: Draft = {
      answer: 'They shelter under shrubs [1].',
      confidence: 'high',
      findings: [
        { claim: 'Shelter under shrubs.', quote: SENTENCE, source: 0, rank: 1 },
        // A page it never read through the reader: checked against the server's own copy, as before.
        { claim: 'Curious.', quote: 'quokkas are photogenic and curious about visitors', source: 1, rank: 2 },
      ],
      sources: [
        { title: 'Quokka page /p1', url: url('p1') },
        { title: 'Quokka page /p9', url: url('p9') },
      ],
      gaps: [],
    };
    const toolLog = join(scratch, 'tools.log');
    const runLog = join(scratch, 'runs.log');
    const progress: string[] = [];
    const reply = await research(
      deps({
        FAKE_CLAUDE_OUTPUT: JSON.stringify(draft),
        FAKE_CLAUDE_READ_URLS: ['p1', 'p2', 'p3', 'p4'].map(url).join(','),
        FAKE_CLAUDE_TOOL_LOG: toolLog,
        FAKE_CLAUDE_LOG: runLog,
      }),
      REQUEST,
      {
        signal: new AbortController().signal,
        arrivedAt: Date.now(),
        hearsProgress: true,
        progress: (m) => progress.push(m),
        setStatus() {},
      },
    );
    if (isToolError(reply)) assert.fail(reply.message);
    const r: Reply = reply;

    const [run] = (await lines(runLog)).map((l) => v.parse(RunLine, l));
    assert.ok(run);
    const at = (flag: string) => run.argv[run.argv.indexOf(flag) + 1];
    assert.equal(at('--tools'), 'WebSearch');
    assert.equal(at('--allowedTools'), 'WebSearch,mcp__web__read_page');
    assert.equal(at('--mcp-config'), 'reader-mcp.json');
    assert.ok(run.argv.includes('--strict-mcp-config'));
    assert.ok(!run.argv.join(' ').includes('Bearer'), 'the secret is not on the command line');

    const reads = (await lines(toolLog))
      .map((l) => v.parse(ToolLine, l))
      .filter((t) => t.name === 'mcp__web__read_page');
    assert.equal(reads.length, 4);
    assert.equal(reads[0]?.result?.isError, false);
    assert.ok(reads[0]?.result?.text.includes(SENTENCE), reads[0]?.result?.text);
    assert.match(
      reads[0]?.result?.text ?? '',
      /^URL: http:\/\/127\.0\.0\.1:\d+\/p1\n<untrusted kind="page passages">\nTitle: Quokka page \/p1\n/,
    );
    assert.equal(reads[3]?.result?.isError, true);
    assert.match(reads[3]?.result?.text ?? '', /^read cap reached: .*answer from what you have/);
    // The page past the cap was never asked for; the unread source was fetched to check its quote.
    assert.deepEqual(
      hits.filter((h) => h !== '/p9'),
      ['/p1', '/p2', '/p3'],
    );
    assert.ok(hits.includes('/p9'));

    assert.equal(r.meta.verified, 2);
    assert.equal(r.meta.quotes, 2);
    assert.equal(r.meta.pages, 3);
    assert.ok(
      progress.some((p) => p.startsWith(`reading: ${url('p1')} (1 of 3 pages)`)),
      progress.join('\n'),
    );

    // Nothing listens for the run any more, and its directory (with the config file) is gone.
    const entry = JSON.parse(run.mcpConfigs[0] ?? '{}').mcpServers.web as {
      url: string;
      headers: Record<string, string>;
    };
    await assert.rejects(fetch(entry.url, { method: 'POST', headers: entry.headers, body: '{}' }));
    await assert.rejects(stat(run.cwd));
  });

  it('removes a quote that is on the page but not in what the run was handed', async () => {
    hits.length = 0;
    const url = `${pages.url}/p1`;
    const draft: Draft = {
      answer: 'Ferries [1].',
      confidence: 'low',
      findings: [
        {
          claim: 'Ferries.',
          quote: 'Note 11 on ferries: ferries leave the harbour every hour',
          source: 0,
          rank: 1,
        },
      ],
      sources: [{ title: 'p1', url }],
      gaps: [],
    };
    const reply = await research(
      deps({ FAKE_CLAUDE_OUTPUT: JSON.stringify(draft), FAKE_CLAUDE_READ_URLS: url }),
      REQUEST,
      {
        signal: new AbortController().signal,
        arrivedAt: Date.now(),
        hearsProgress: true,
        progress() {},
        setStatus() {},
      },
    );
    if (isToolError(reply)) assert.fail(reply.message);
    assert.equal(reply.findings[0]?.quote, undefined);
    assert.equal(reply.meta.quotes, 0);
    assert.deepEqual(hits, ['/p1'], 'checked without fetching the page again');
  });

  it('reads the top Brave results before the run and puts their passages in the prompt; a run answering at once verifies its quote', async () => {
    hits.length = 0;
    const url = (p: string) => `${pages.url}/${p}`;
    const brave = await startFakeBrave();
    brave.script(() => ({
      body: webBody(
        ['p1', 'p2', 'p3', 'p4'].map((p) => ({
          title: `Result ${p}`,
          url: url(p),
          description: `About ${p}.`,
        })),
      ),
    }));
    const runLog = join(scratch, 'head-start.log');
    const draft: Draft = {
      answer: 'Under shrubs [1].',
      confidence: 'high',
      findings: [{ claim: 'Shrubs.', quote: SENTENCE, source: 0, rank: 1 }],
      sources: [{ title: 'p1', url: url('p1') }],
      gaps: [],
    };
    try {
      const reply = await research(
        deps(
          {
            FAKE_CLAUDE_SCENARIO: 'at_once',
            FAKE_CLAUDE_OUTPUT: JSON.stringify(draft),
            FAKE_CLAUDE_LOG: runLog,
          },
          createBrave({
            key: 'k-head-start',
            baseUrl: brave.baseUrl,
            fetch: globalThis.fetch.bind(globalThis),
            log: silentLog,
          }),
        ),
        REQUEST,
        {
          signal: new AbortController().signal,
          arrivedAt: Date.now(),
          hearsProgress: true,
          progress() {},
          setStatus() {},
        },
      );
      if (isToolError(reply)) assert.fail(reply.message);
      const [logged] = await lines(runLog);
      const prompt = (logged as { stdin: string }).stdin;
      assert.ok(prompt.includes('Pages read for you already'), prompt);
      assert.ok(
        prompt.includes(`<untrusted kind="page passages">\n${SENTENCE}`) || prompt.includes(SENTENCE),
        prompt,
      );
      assert.equal(
        prompt.match(/<untrusted kind="page passages">/g)?.length,
        3,
        'the top 3 results, not the 4th',
      );
      assert.deepEqual([...hits].sort(), ['/p1', '/p2', '/p3']);
      assert.equal(reply.meta.searches, 0);
      assert.equal(reply.meta.pages, 0);
      assert.equal(reply.meta.verified, 1);
      assert.equal(reply.meta.quotes, 1);
    } finally {
      await brave.close();
    }
  });

  it('answers a stopped run from the passages its reader handed over, without fetching again', async () => {
    hits.length = 0;
    const url = `${pages.url}/p1`;
    const draft: Draft = {
      answer: 'Under shrubs [1].',
      confidence: 'high',
      findings: [{ claim: 'Shrubs.', quote: SENTENCE, source: 0, rank: 1 }],
      sources: [{ title: 'p1', url }],
      gaps: [],
    };
    const runLog = join(scratch, 'rescue.log');
    const reply = await research(
      deps({
        FAKE_CLAUDE_SCENARIO: 'fetch_then_hang',
        FAKE_CLAUDE_OUTPUT: JSON.stringify(draft),
        FAKE_CLAUDE_READ_URLS: url,
        FAKE_CLAUDE_LOG: runLog,
      }),
      { ...REQUEST, budgetMs: 16_000 },
      {
        signal: new AbortController().signal,
        arrivedAt: Date.now(),
        hearsProgress: true,
        progress() {},
        setStatus() {},
      },
    );
    if (isToolError(reply)) assert.fail(reply.message);
    assert.equal(reply.meta.partial, true);
    assert.equal(reply.meta.pages, 1);
    assert.equal(reply.meta.verified, 1);
    const runs = (await lines(runLog)).map((l) => l as { stdin: string });
    assert.equal(runs.length, 2);
    assert.ok(runs[1]?.stdin.includes(SENTENCE), 'the rescue prompt holds the passages read');
    assert.deepEqual(hits, ['/p1']);
  });

  it('WEB_MCP_READER=webfetch with a head start: a page the run also read with WebFetch is checked against its full copy too', async () => {
    hits.length = 0;
    const url = `${pages.url}/p1`;
    const brave = await startFakeBrave();
    brave.script(() => ({ body: webBody([{ title: 'p1', url, description: 'About p1.' }]) }));
    const draft: Draft = {
      answer: 'Ferries [1].',
      confidence: 'low',
      findings: [
        {
          claim: 'Ferries.',
          quote: 'Note 11 on ferries: ferries leave the harbour every hour',
          source: 0,
          rank: 1,
        },
      ],
      sources: [{ title: 'p1', url }],
      gaps: [],
    };
    try {
      const { readerMount: _none, ...webfetch } = deps(
        { FAKE_CLAUDE_OUTPUT: JSON.stringify(draft) },
        createBrave({
          key: 'k-webfetch',
          baseUrl: brave.baseUrl,
          fetch: globalThis.fetch.bind(globalThis),
          log: silentLog,
        }),
      );
      const reply = await research(webfetch, REQUEST, {
        signal: new AbortController().signal,
        arrivedAt: Date.now(),
        hearsProgress: true,
        progress() {},
        setStatus() {},
      });
      if (isToolError(reply)) assert.fail(reply.message);
      assert.equal(reply.meta.verified, 1);
      assert.equal(reply.meta.quotes, 1);
    } finally {
      await brave.close();
    }
  });
});
