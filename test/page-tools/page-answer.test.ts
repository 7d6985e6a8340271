// One page call end to end (R-C4, R-P3, R-P4) with the fake claude: a thin page is
// reported without any run, and quotes are checked against the page's FULL text,
// not only the passages Claude was shown.
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { spawnNode } from '../../adapters/node/spawn.ts';
import { createLimiter } from '../../src/claude/limiter.ts';
import { isToolError, type ToolError, toolError } from '../../src/errors.ts';
import { createPagePool } from '../../src/page/page-pool.ts';
import type { PageReader, PageText } from '../../src/page/page-text.ts';
import { answerPage, type PageAnswerDeps } from '../../src/page-tools/page-answer.ts';
import type { Draft, Reply } from '../../src/reply/contract.ts';
import type { Runtime } from '../../src/runtime.ts';
import { FAKE_CLAUDE } from '../claude/helpers.ts';

const URL_ = 'https://harbour.example/history';
const TOPICS = ['fishing boats', 'market stalls', 'harbour walls', 'ferry timetables', 'rope makers'];

/** A long page: the lighthouse paragraphs match the goal; the tax paragraph at the end does not. */
function longPage(): { markdown: string; text: string } {
  const filler = Array.from({ length: 90 }, (_, i) => {
    const topic = TOPICS[i % TOPICS.length];
    return `Section ${i + 1} describes the ${topic} of the old port in the year ${1700 + i}, when merchants, sailors and clerks met along the quay to trade news, argue about prices and record the arrivals of vessels number ${i * 7} through ${i * 7 + 6}.`;
  });
  const lighthouse = [
    'The lighthouse keeper lit the lamp at dusk every evening for forty years.',
    'The lighthouse was automated in 1982 and the keeper retired to the village.',
  ];
  const tax = 'The harbour tax of 1791 was collected in salted herring rather than coins.';
  const blocks = [...lighthouse, ...filler, tax];
  return { markdown: blocks.join('\n\n'), text: blocks.join('\n') };
}

const TAX_QUOTE = 'collected in salted herring rather than coins';

function fakePages(page: PageText): PageReader & { reads: number } {
  const reader = {
    reads: 0,
    async read(): Promise<PageText | ToolError> {
      reader.reads += 1;
      return page;
    },
  };
  return reader;
}

let scratch = '';
before(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'web-mcp-page-answer-'));
});
after(() => rm(scratch, { recursive: true, force: true }));

/** Runs the fake claude through the real Node spawn, with the draft it should return. */
function fakeRuntime(draft: Draft, log: string) {
  let spawns = 0;
  const runtime: Pick<Runtime, 'spawn'> = {
    spawn(command, options) {
      spawns += 1;
      return spawnNode(command, {
        ...options,
        env: { ...options.env, FAKE_CLAUDE_OUTPUT: JSON.stringify(draft), FAKE_CLAUDE_LOG: log },
      });
    },
  };
  return {
    runtime,
    get spawns() {
      return spawns;
    },
  };
}

function deps(runtime: Pick<Runtime, 'spawn'>, pages: PageReader): PageAnswerDeps {
  return {
    runtime,
    claudeBin: FAKE_CLAUDE,
    model: 'haiku',
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: process.env.HOME ?? '/tmp' },
    limiter: createLimiter({ concurrency: 2, queue: 8 }),
    clock: Date.now,
    pages,
  };
}

const call = (progress: string[] = []) => ({
  signal: new AbortController().signal,
  arrivedAt: Date.now(),
  hearsProgress: true,
  progress: (m: string) => progress.push(m),
  setStatus() {},
});

function asReply(value: Reply | ToolError): Reply {
  if (isToolError(value)) assert.fail(`unexpected error ${value.message}`);
  return value;
}

describe('answerPage', () => {
  it('a call the gate would refuse is busy before it fetches, and a finished call gives its place back', async () => {
    const thin: PageText = {
      url: URL_,
      title: 'App',
      markdown: '',
      text: '',
      thin: true,
      thinReason: 'empty',
    };
    const pages = fakePages(thin);
    const base = deps({ spawn: () => assert.fail('no claude run') }, pages);
    const pool = createPagePool({ size: 1, capacity: 1, pending: () => base.limiter.stats().running });
    const request = { tool: 'web_page' as const, url: URL_, goal: '', maxTokens: 400, budgetMs: 90_000 };
    const [first, second] = await Promise.all([
      answerPage({ ...base, pool }, request, call()),
      answerPage({ ...base, pool }, request, call()),
    ]);
    assert.equal(isToolError(first), false);
    assert.match(isToolError(second) ? second.message : 'answered', /^busy: /);
    assert.equal(pages.reads, 1, 'the refused call fetched nothing');
    assert.equal(pool.stats().admitted, 0);
    assert.equal(isToolError(await answerPage({ ...base, pool }, request, call())), false);
  });

  it('reports a thin page with a gap and never starts claude', async () => {
    const thin: PageText = {
      url: URL_,
      title: 'App',
      markdown: 'Please enable JavaScript.',
      text: 'Please enable JavaScript.',
      thin: true,
      thinReason: 'the page is a JavaScript shell',
    };
    const runtime: Pick<Runtime, 'spawn'> = {
      spawn: () => assert.fail('claude must not run for a thin page'),
    };
    const out = asReply(
      await answerPage(
        deps(runtime, fakePages(thin)),
        { tool: 'web_page', url: URL_, goal: 'anything', maxTokens: 400, budgetMs: 90_000 },
        call(),
      ),
    );
    assert.equal(out.confidence, 'low');
    assert.deepEqual(out.findings, []);
    assert.deepEqual(out.sources, [{ title: 'App', url: URL_ }]);
    assert.equal(out.gaps.length, 1);
    assert.match(out.gaps[0] ?? '', /thin \(the page is a JavaScript shell\)/);
    assert.ok(out.not_found);
    assert.equal(out.meta.pages, 1);
    assert.equal(out.meta.searches, 0);
  });

  it('passages that could not be chosen in time: Claude is shown the start of the page, and a gap says so', async () => {
    const { markdown, text } = longPage();
    const page: PageText = { url: URL_, title: 'Harbour history', markdown, text, thin: false };
    const log = join(scratch, 'no-passages.log');
    const draft: Draft = {
      answer: 'The keeper lit the lamp [1].',
      confidence: 'low',
      findings: [],
      sources: [],
      gaps: [],
    };
    const fake = fakeRuntime(draft, log);
    const out = asReply(
      await answerPage(
        { ...deps(fake.runtime, fakePages(page)), passages: async () => undefined },
        { tool: 'web_page' as const, url: URL_, goal: 'harbour tax', maxTokens: 400, budgetMs: 90_000 },
        call(),
      ),
    );
    const stdin = JSON.parse((await readFile(log, 'utf8')).trim().split('\n')[0] ?? '{}').stdin as string;
    assert.match(stdin, /lighthouse keeper lit the lamp/, 'the start of the page');
    assert.doesNotMatch(stdin, /salted herring/, 'not the passage a choice would have found');
    assert.ok(out.gaps.some((g) => /Choosing passages from the page took too long/.test(g)));
  });

  it('verifies a quote against the full page text even when Claude was not shown it', async () => {
    const { markdown, text } = longPage();
    const page: PageText = { url: URL_, title: 'Harbour history', markdown, text, thin: false };
    const log = join(scratch, 'full-text.log');
    const draft: Draft = {
      answer: 'The keeper lit the lamp at dusk [1].',
      confidence: 'high',
      findings: [
        { claim: 'Taxes were paid in fish.', quote: TAX_QUOTE, source: 0, rank: 1 },
        {
          claim: 'The lamp was lit at dusk.',
          quote: 'lit the lamp at dusk every evening',
          source: 3,
          rank: 2,
        },
        {
          claim: 'The keeper swam daily.',
          quote: 'the keeper swam to the island each morning',
          source: 0,
          rank: 3,
        },
      ],
      sources: [{ title: 'Made up', url: 'https://other.example/' }],
      gaps: [],
    };
    const fake = fakeRuntime(draft, log);
    const progress: string[] = [];
    const out = asReply(
      await answerPage(
        deps(fake.runtime, fakePages(page)),
        {
          tool: 'web_page',
          url: URL_,
          goal: 'when did the lighthouse keeper light the lamp',
          maxTokens: 400,
          budgetMs: 90_000,
        },
        call(progress),
      ),
    );
    assert.equal(fake.spawns, 1);
    const runs = (await readFile(log, 'utf8'))
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { stdin: string });
    assert.equal(runs.length, 1);
    assert.match(runs[0]?.stdin ?? '', /lighthouse keeper lit the lamp/);
    assert.ok(!runs[0]?.stdin.includes('salted herring'), 'premise: the tax passage was not in the prompt');

    assert.deepEqual(out.sources, [{ title: 'Harbour history', url: URL_ }]);
    const byClaim = new Map(out.findings.map((f) => [f.claim, f]));
    assert.equal(byClaim.get('Taxes were paid in fish.')?.verified, true);
    assert.equal(byClaim.get('Taxes were paid in fish.')?.quote, TAX_QUOTE);
    assert.equal(byClaim.get('The lamp was lit at dusk.')?.verified, true);
    assert.equal(byClaim.get('The lamp was lit at dusk.')?.source, 0);
    assert.equal(byClaim.get('The keeper swam daily.')?.quote, undefined, 'an invented quote is removed');
    assert.equal(out.meta.verified, 2);
    assert.equal(out.meta.quotes, 2);
    assert.ok(progress.some((m) => m.startsWith(`reading: ${URL_}`)));
  });

  it('keeps the call budget from arrival: a stalled read ends at the deadline as a timeout naming the tool', async () => {
    const stalled: PageReader = {
      read: (_url, options) =>
        new Promise((resolve) => {
          options.signal.addEventListener('abort', () =>
            resolve(toolError('cancelled', 'cancelled: the fetch was cancelled by the caller')),
          );
        }),
    };
    const runtime: Pick<Runtime, 'spawn'> = { spawn: () => assert.fail('claude must not run') };
    const arrived = { ...call(), arrivedAt: Date.now() - 700 };
    const started = Date.now();
    const out = await answerPage(
      deps(runtime, stalled),
      { tool: 'web_read', url: URL_, goal: '', maxTokens: 400, budgetMs: 1000 },
      arrived,
    );
    const took = Date.now() - started;
    assert.ok(isToolError(out));
    assert.equal(out.code, 'timeout');
    assert.match(out.message, /^timeout: web_read ran out of its 1 s budget while reading https:\/\//);
    assert.doesNotMatch(out.message, /research|depth/);
    assert.ok(took < 900, `the read was given up after ${took} ms, past the budget left`);
  });

  it('a run cut at the deadline is a timeout naming the page tool, not research', async () => {
    const page: PageText = {
      url: URL_,
      title: 'T',
      markdown: longPage().markdown,
      text: longPage().text,
      thin: false,
    };
    const slow: Pick<Runtime, 'spawn'> = {
      spawn: (command, options) =>
        spawnNode(command, { ...options, env: { ...options.env, FAKE_CLAUDE_SCENARIO: 'hang' } }),
    };
    const out = await answerPage(
      deps(slow, fakePages(page)),
      { tool: 'web_page', url: URL_, goal: 'x', maxTokens: 400, budgetMs: 1500 },
      call(),
    );
    assert.ok(isToolError(out));
    assert.equal(out.code, 'timeout');
    assert.match(out.message, /^timeout: web_page ran out of its 2 s budget while answering from https:\/\//);
  });
});
