// A research run stopped early (near its time budget, or at one tool use past its
// depth cap) still answers, from what the server holds, with one short no-tools run;
// a failing, hanging or cancelled rescue ends as the original error with no process left.
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { spawnNode } from '../../adapters/node/spawn.ts';
import { createLimiter } from '../../src/claude/limiter.ts';
import { isToolError, type ToolError } from '../../src/errors.ts';
import type { PageReader, PageText } from '../../src/page/page-text.ts';
import type { Draft, Reply } from '../../src/reply/contract.ts';
import { type ResearchDeps, type ResearchRequest, research } from '../../src/research/pipeline.ts';
import { rescueReserveMs } from '../../src/research/rescue.ts';
import type { Runtime } from '../../src/runtime.ts';
import { FAKE_CLAUDE, readLog, waitFor, waitGone } from '../claude/helpers.ts';

const PAGES: Record<string, string> = {
  'https://tides.example/a':
    'Spring tides happen twice a month, near the new moon and the full moon, when the sun and moon pull in line.',
  'https://tides.example/b':
    'Neap tides come at the quarter moons, when the pulls of the sun and moon partly cancel each other out.',
};

const DRAFT: Draft = {
  answer: 'Spring tides come near new and full moon [1]; neap tides at the quarter moons [2].',
  confidence: 'high',
  findings: [
    {
      claim: 'Spring tides follow new and full moon.',
      quote: 'near the new moon and the full moon',
      source: 0,
    },
    { claim: 'Neap tides follow quarter moons.', quote: 'Neap tides come at the quarter moons', source: 1 },
  ],
  sources: Object.keys(PAGES).map((url, i) => ({ title: `Tides ${i + 1}`, url })),
  gaps: [],
};

const pages: PageReader = {
  async read(url): Promise<PageText | ToolError> {
    const text = PAGES[url] ?? '';
    return { url, title: 'Tides', markdown: text, text, thin: text === '' };
  },
};

let scratch = '';
let n = 0;
before(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'web-mcp-rescue-'));
});
after(() => rm(scratch, { recursive: true, force: true }));

function setup(fake: Record<string, string>) {
  n += 1;
  const log = join(scratch, `claude-${n}.log`);
  const tools = join(scratch, `tools-${n}.log`);
  const runtime: Pick<Runtime, 'spawn'> = {
    spawn: (command, options) =>
      spawnNode(command, {
        ...options,
        env: {
          ...options.env,
          FAKE_CLAUDE_OUTPUT: JSON.stringify(DRAFT),
          FAKE_CLAUDE_LOG: log,
          FAKE_CLAUDE_TOOL_LOG: tools,
          FAKE_CLAUDE_STEP_MS: '200',
          ...fake,
        },
      }),
  };
  const deps: ResearchDeps = {
    runtime,
    claudeBin: FAKE_CLAUDE,
    model: 'haiku',
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: process.env.HOME ?? '/tmp' },
    limiter: createLimiter({ concurrency: 2, queue: 8 }),
    clock: Date.now,
    brave: undefined,
    pages,
  };
  const toolUses = async () =>
    (await readFile(tools, 'utf8').catch(() => ''))
      .split('\n')
      .filter((l) => l !== '')
      .map((l) => (JSON.parse(l) as { name: string }).name);
  return { deps, runs: () => readLog(log), toolUses };
}

const request = (over: Partial<ResearchRequest> = {}): ResearchRequest => ({
  question: 'When are spring and neap tides?',
  goal: 'explain to a sailor',
  depth: 'standard',
  recency: 'any',
  domains: [],
  maxTokens: 600,
  budgetMs: 9000,
  ...over,
});

function call(signal = new AbortController().signal, progress: string[] = []) {
  return {
    signal,
    arrivedAt: Date.now(),
    hearsProgress: true,
    progress: (m: string) => progress.push(m),
    setStatus() {},
  };
}

const asReply = (out: Reply | ToolError): Reply => {
  if (isToolError(out)) assert.fail(`unexpected error ${out.message}`);
  return out;
};

async function allGone(runs: { pid: number }[]) {
  assert.deepEqual(
    await waitGone(
      runs.map((r) => r.pid),
      3000,
    ),
    [],
  );
}

describe('rescue: an answer before the budget ends', () => {
  it('stops a run near its budget and answers from the pages it read, marked partial', async () => {
    const { deps, runs } = setup({ FAKE_CLAUDE_SCENARIO: 'fetch_then_hang' });
    const started = Date.now();
    const reply = asReply(await research(deps, request(), call()));
    const took = Date.now() - started;
    assert.ok(took >= 9000 - rescueReserveMs(9000) - 200, `stopped too early (${took} ms)`);
    assert.ok(took < 9000 + 2000, `took ${took} ms`);
    assert.equal(reply.meta.partial, true);
    assert.equal(reply.confidence, 'medium', 'confidence is at most medium');
    assert.match(
      reply.gaps[0] ?? '',
      /^Cut short: the research reached its time budget \(9 s\) after 1 of 4 searches and 2 of 6/,
    );
    assert.deepEqual(
      reply.findings.map((f) => f.verified),
      [true, true],
      'quotes checked against the server copies',
    );
    assert.equal(reply.meta.verified, 2);
    const logged = await runs();
    assert.equal(logged.length, 2, 'the research run and one rescue run');
    const rescueArgs = logged[1]?.argv ?? [];
    assert.equal(rescueArgs[rescueArgs.indexOf('--tools') + 1], '', 'the rescue run has no tools');
    assert.match(logged[1]?.stdin ?? '', /Spring tides happen twice a month/);
    await allGone(logged);
  });

  it('stops a run at one search past its depth cap: the fake never starts another', async () => {
    const { deps, runs, toolUses } = setup({ FAKE_CLAUDE_SCENARIO: 'keep_searching' });
    const reply = asReply(await research(deps, request({ depth: 'quick', budgetMs: 60_000 }), call()));
    await new Promise((r) => setTimeout(r, 500));
    assert.deepEqual(await toolUses(), ['WebSearch', 'WebSearch', 'WebSearch']);
    assert.equal(reply.meta.partial, true);
    assert.equal(reply.meta.searches, 2);
    assert.match(reply.gaps[0] ?? '', /depth cap of 2 searches/);
    assert.match((await runs())[1]?.stdin ?? '', /Search results seen:[\s\S]*tides\.example\/a/);
    await allGone(await runs());
  });

  it('a failing rescue returns the original stop, saying what was tried', async () => {
    const { deps, runs } = setup({
      FAKE_CLAUDE_SCENARIO: 'keep_searching',
      FAKE_CLAUDE_RESCUE_SCENARIO: 'not_signed_in',
    });
    const out = await research(deps, request({ depth: 'quick', budgetMs: 60_000 }), call());
    assert.ok(isToolError(out));
    assert.equal(out.code, 'bad_output');
    assert.match(
      out.message,
      /depth cap of 2 searches; a short answer from .* failed too \(claude_not_signed_in\)/,
    );
    await allGone(await runs());
  });

  it('a rescue that runs out of time ends at the deadline as the original timeout', async () => {
    const { deps, runs } = setup({
      FAKE_CLAUDE_SCENARIO: 'fetch_then_hang',
      FAKE_CLAUDE_RESCUE_SCENARIO: 'hang',
    });
    const started = Date.now();
    const out = await research(deps, request({ budgetMs: 4000 }), call());
    const took = Date.now() - started;
    assert.ok(isToolError(out));
    assert.equal(out.code, 'timeout');
    assert.match(out.message, /time budget \(4 s\).*did not finish in time either/);
    assert.ok(took < 4000 + 2000, `took ${took} ms`);
    const logged = await runs();
    assert.equal(logged.length, 2);
    await allGone(logged);
  });

  it('cancelling during the rescue stops it', async () => {
    const { deps, runs } = setup({
      FAKE_CLAUDE_SCENARIO: 'keep_searching',
      FAKE_CLAUDE_RESCUE_SCENARIO: 'hang',
    });
    const control = new AbortController();
    const progress: string[] = [];
    const ctx = call(control.signal, progress);
    const out = research(deps, request({ depth: 'quick', budgetMs: 60_000 }), {
      ...ctx,
      progress: (m) => {
        progress.push(m);
        // Cancel once the rescue run is up (it has logged itself).
        if (m.startsWith('stopped:'))
          waitFor(async () => ((await runs()).length === 2 ? true : undefined)).then(() => control.abort());
      },
    });
    const result = await out;
    assert.ok(isToolError(result));
    assert.equal(result.code, 'cancelled');
    const logged = await runs();
    assert.equal(logged.length, 2, 'the rescue had started');
    await allGone(logged);
  });

  it('a cancelled call never starts a rescue', async () => {
    const { deps, runs } = setup({ FAKE_CLAUDE_SCENARIO: 'fetch_then_hang' });
    const control = new AbortController();
    const ctx = call(control.signal);
    const result = await research(deps, request(), {
      ...ctx,
      progress: (m) => {
        if (m.startsWith('reading:')) control.abort();
      },
    });
    assert.ok(isToolError(result));
    assert.equal(result.code, 'cancelled');
    await new Promise((r) => setTimeout(r, 300));
    const logged = await runs();
    assert.equal(logged.length, 1, 'no rescue run');
    await allGone(logged);
  });

  it('with nothing held, the stop is the timeout it always was', async () => {
    const { deps, runs } = setup({ FAKE_CLAUDE_SCENARIO: 'hang' });
    const out = await research(deps, request({ budgetMs: 3000 }), call());
    assert.ok(isToolError(out));
    assert.equal(out.code, 'timeout');
    assert.match(out.message, /found nothing the server could answer from/);
    assert.equal((await runs()).length, 1);
    await allGone(await runs());
  });
});
