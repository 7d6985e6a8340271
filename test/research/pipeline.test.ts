// One research call end to end (R-B2, R-C1b, R-C6, R-R4, R-V1) with the fake claude
// through the real Node spawn and a loopback stand-in for Brave: the head start
// reaches the prompt fenced, snippet quotes verify, and Brave trouble costs only the head start.
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, afterEach, before, beforeEach, describe, it } from 'node:test';
import { spawnNode } from '../../adapters/node/spawn.ts';
import { createBrave } from '../../src/brave/client.ts';
import { createLimiter } from '../../src/claude/limiter.ts';
import { isToolError, type ToolError, toolError } from '../../src/errors.ts';
import { createLog, silentLog } from '../../src/log.ts';
import type { PageReader, PageText } from '../../src/page/page-text.ts';
import type { Draft, Reply } from '../../src/reply/contract.ts';
import { type ResearchDeps, type ResearchRequest, research } from '../../src/research/pipeline.ts';
import type { Runtime } from '../../src/runtime.ts';
import { FAKE_CLAUDE } from '../claude/helpers.ts';
import { type FakeBrave, startFakeBrave, webBody } from '../helpers/fake-brave.ts';

const SNIPPET = 'The quokka is a small marsupial found on Rottnest Island near Perth.';
const PAGE_URL = 'https://wildlife.example/quokka';
const OTHER_URL = 'https://zoo.example/quokka';

const braveResults = [
  { title: 'Quokka facts', url: PAGE_URL, description: `${SNIPPET}` },
  { title: 'Zoo notes', url: OTHER_URL, description: 'Visit the zoo to meet our animals.' },
];

const DRAFT: Draft = {
  answer: 'The quokka lives on Rottnest Island [1].',
  confidence: 'high',
  findings: [
    {
      claim: 'Quokkas live on Rottnest Island.',
      quote: 'found on Rottnest Island near Perth',
      source: 0,
      rank: 1,
    },
  ],
  sources: [{ title: 'Quokka facts', url: PAGE_URL }],
  gaps: [],
};

const REQUEST: ResearchRequest = {
  question: 'Where do quokkas live?',
  goal: 'write a caption',
  depth: 'quick',
  recency: 'any',
  domains: [],
  maxTokens: 400,
  budgetMs: 60_000,
};

/** Pages the server "could not fetch": quotes then rest on snippets alone. */
const unreachable: PageReader = {
  read: async (url) => toolError('fetch_failed', `fetch_failed: ${url} is not reachable in tests`),
};

let scratch = '';
let brave: FakeBrave;
let log = '';
let runN = 0;
before(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'web-mcp-pipeline-'));
});
after(() => rm(scratch, { recursive: true, force: true }));
beforeEach(async () => {
  brave = await startFakeBrave();
  brave.script(() => ({ body: webBody(braveResults) }));
  runN += 1;
  log = join(scratch, `claude-${runN}.log`);
});
afterEach(() => brave.close());

function deps(options: { withBrave: boolean; pages?: PageReader; draft?: Draft }): ResearchDeps {
  const runtime: Pick<Runtime, 'spawn'> = {
    spawn: (command, spawnOptions) =>
      spawnNode(command, {
        ...spawnOptions,
        env: {
          ...spawnOptions.env,
          FAKE_CLAUDE_OUTPUT: JSON.stringify(options.draft ?? DRAFT),
          FAKE_CLAUDE_LOG: log,
        },
      }),
  };
  return {
    runtime,
    claudeBin: FAKE_CLAUDE,
    model: 'haiku',
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: process.env.HOME ?? '/tmp' },
    limiter: createLimiter({ concurrency: 2, queue: 8 }),
    clock: Date.now,
    brave: options.withBrave
      ? createBrave({
          key: 'test-key-pipeline',
          baseUrl: brave.baseUrl,
          fetch: globalThis.fetch.bind(globalThis),
          log: silentLog,
        })
      : undefined,
    pages: options.pages ?? unreachable,
  };
}

async function run(d: ResearchDeps, progress: string[] = []): Promise<Reply> {
  const out: Reply | ToolError = await research(d, REQUEST, {
    signal: new AbortController().signal,
    arrivedAt: Date.now(),
    hearsProgress: true,
    progress: (m) => progress.push(m),
    setStatus() {},
  });
  if (isToolError(out)) assert.fail(`unexpected error ${out.message}`);
  return out;
}

async function prompts(): Promise<string[]> {
  const text = await readFile(log, 'utf8').catch(() => '');
  return text
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => (JSON.parse(l) as { stdin: string }).stdin);
}

/** The fenced search-results block of a prompt, or undefined. */
const fenced = (prompt: string) =>
  /<untrusted kind="search results">\n([\s\S]*?)\n<\/untrusted>/.exec(prompt)?.[1];

describe('research pipeline', () => {
  it('puts the Brave results in the prompt, fenced, and verifies a quote from a snippet', async () => {
    const reply = await run(deps({ withBrave: true }));
    assert.equal(brave.requests.length, 1);
    assert.equal(brave.requests[0]?.params.get('q'), REQUEST.question);
    const [prompt] = await prompts();
    const block = fenced(prompt ?? '');
    assert.ok(block, `no fenced search results in: ${prompt}`);
    assert.ok(block.includes(SNIPPET));
    assert.ok(block.includes(PAGE_URL));
    assert.ok(block.includes('Zoo notes'));

    assert.equal(reply.meta.brave, true);
    assert.equal(reply.findings[0]?.verified, true);
    assert.equal(reply.meta.verified, 1);
    assert.equal(reply.meta.quotes, 1);
    assert.equal(reply.meta.cached, false);
  });

  it('without Brave: no head start, meta.brave false, the snippet-only quote stays unverified', async () => {
    const reply = await run(deps({ withBrave: false }));
    assert.equal(brave.requests.length, 0);
    const [prompt] = await prompts();
    assert.ok(prompt);
    assert.equal(fenced(prompt), undefined);
    assert.ok(!prompt.includes(SNIPPET));
    assert.equal(reply.meta.brave, false);
    assert.equal(reply.findings[0]?.quote, 'found on Rottnest Island near Perth');
    assert.notEqual(reply.findings[0]?.verified, true);
    assert.equal(reply.meta.verified, 0);
  });

  it('a Brave failure (500) still runs claude, without the head start', async () => {
    brave.queue({ status: 500, body: { error: { code: 'SERVER', detail: 'boom' } } });
    const reply = await run(deps({ withBrave: true }));
    assert.equal(brave.requests.length, 1);
    const all = await prompts();
    assert.equal(all.length, 1, 'claude ran once');
    assert.equal(fenced(all[0] ?? ''), undefined);
    assert.equal(reply.meta.brave, false);
    assert.match(reply.answer, /Rottnest/);
  });

  it('sends progress for the searches and reads of the run', async () => {
    const progress: string[] = [];
    await run(deps({ withBrave: false }), progress);
    assert.ok(
      progress.some((m) => m.startsWith('searching: ')),
      progress.join(' | '),
    );
    assert.ok(
      progress.some((m) => m.startsWith(`reading: ${PAGE_URL}`)),
      progress.join(' | '),
    );
  });

  it("fetches every page the run reads and checks quotes against the server's own copy", async () => {
    const read: string[] = [];
    const pages: PageReader = {
      async read(url): Promise<PageText | ToolError> {
        read.push(url);
        const text = 'Quokkas are found on Rottnest Island and in a few mainland pockets.';
        return { url, title: 'Quokka facts', markdown: text, text, thin: false };
      },
    };
    const draft: Draft = {
      ...DRAFT,
      findings: [
        { claim: 'On Rottnest.', quote: 'found on Rottnest Island and in a few mainland pockets', source: 0 },
        { claim: 'Made up.', quote: 'quokkas can fly short distances', source: 0 },
        { claim: 'Zoos keep them.', source: 1 },
      ],
      sources: [...DRAFT.sources, { title: 'Zoo notes', url: OTHER_URL }],
    };
    const reply = await run(deps({ withBrave: false, pages, draft }));
    // The uncited read is fetched too: reads start as the run streams, not only at the end.
    assert.deepEqual([...read].sort(), [OTHER_URL, PAGE_URL].sort(), 'each page the run read, once');
    assert.equal(reply.findings[0]?.verified, true);
    assert.equal(reply.findings[1]?.quote, undefined, 'a quote the page lacks is removed');
    assert.equal(reply.findings[1]?.claim, 'Made up.');
    assert.equal(reply.meta.verified, 1);
    assert.equal(reply.meta.quotes, 1);
  });

  it('a page read that throws costs only its quote check: the reply comes back whole, the quote unverified', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const draft: Draft = {
        ...DRAFT,
        // The second source is fetched during the run but never quoted: nobody waits for its read.
        sources: [...DRAFT.sources, { title: 'Zoo notes', url: OTHER_URL }],
      };
      const throwing: PageReader = {
        read: async (url) => {
          throw new Error(`disk on fire while reading ${url}\n    at read (page-text.ts:1:1)`);
        },
      };
      const lines: string[] = [];
      const log = createLog((line) => lines.push(line));
      const reply = await run({ ...deps({ withBrave: false, pages: throwing, draft }), log });
      await new Promise((resolve) => setTimeout(resolve, 50));
      assert.deepEqual(unhandled, [], 'no rejection went unhandled');
      // Each failed read is logged once, as one line naming the page and the error, never its stack.
      assert.deepEqual(
        lines
          .map((l) => /^web-mcp: warning: research: reading (\S+) to check its quotes failed/.exec(l)?.[1])
          .sort(),
        [OTHER_URL, PAGE_URL].sort(),
        lines.join(''),
      );
      for (const line of lines) {
        assert.equal(line.indexOf('\n'), line.length - 1, line);
        assert.match(line, /\(Error: disk on fire while reading https:\/\/\S+\)/);
        assert.doesNotMatch(line, /page-text\.ts/);
      }
      assert.equal(reply.answer, DRAFT.answer);
      assert.equal(reply.findings[0]?.quote, 'found on Rottnest Island near Perth');
      assert.equal(reply.findings[0]?.verified, undefined, 'unverified, not removed');
      assert.equal(reply.meta.verified, 0);
      assert.equal(reply.meta.quotes, 1);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});
