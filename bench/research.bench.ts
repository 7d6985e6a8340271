// Server overhead per research call beyond the `claude` run itself: runClaude
// (temp dir, spawn, stdin, stream-json parse, validate) and the whole reply (the
// research pipeline with its page collector and quote check, then fit and render)
// against a bare spawn of the same instant fake, plus how many calls/s the limiter sustains.
import { availableParallelism, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { spawnNode } from '../adapters/node/spawn.ts';
import { createCallContext } from '../src/call-context.ts';
import { buildClaudeArgs, buildClaudeEnv } from '../src/claude/args.ts';
import { createLineSplitter, createStreamState, readLine } from '../src/claude/events.ts';
import { createLimiter } from '../src/claude/limiter.ts';
import { runClaude } from '../src/claude/run.ts';
import { researchSchema } from '../src/claude/schema.ts';
import { isToolError } from '../src/errors.ts';
import type { PageReader } from '../src/page/page-text.ts';
import { finishReply } from '../src/reply/render.ts';
import { research } from '../src/research/pipeline.ts';
import { researchSystemPrompt } from '../src/research/prompts.ts';

const ROUNDS = 60;
const WARMUP = 5;
const LIMITER_CALLS = 40;
const FAKE = fileURLToPath(new URL('../test/fake-claude.js', import.meta.url));
const args = buildClaudeArgs({
  model: 'haiku',
  schema: researchSchema(400),
  systemPrompt: researchSystemPrompt,
  maxTurns: 16,
  tools: 'web',
});
const env = { ...buildClaudeEnv(process.env), FAKE_CLAUDE_SCENARIO: 'success' };
const prompt = 'Question: what is example.com?\nGoal: cite it\nCaps: at most 4 searches and 6 page reads.';
// Records how long each child lived, so the time spent outside it can be read off exactly.
let lived = 0;
const runtime = {
  spawn: (command: string, options: Parameters<typeof spawnNode>[1]) => {
    const born = performance.now();
    const proc = spawnNode(command, options);
    proc.exited.then(() => {
      lived = performance.now() - born;
    });
    return proc;
  },
};

/** Baseline: the claude run alone — spawn, hand it the prompt, drain its output, wait for exit. */
async function bareRun(): Promise<string> {
  const proc = spawnNode(FAKE, { args, env, cwd: process.cwd() });
  const w = proc.stdin.getWriter();
  await w.write(new TextEncoder().encode(prompt));
  await w.close();
  const [out] = await Promise.all([
    new Response(proc.stdout).text(),
    new Response(proc.stderr).text(),
    proc.exited,
  ]);
  return out;
}

async function fullRun(): Promise<void> {
  const result = await runClaude({
    runtime,
    claudeBin: FAKE,
    args,
    env,
    prompt,
    signal: new AbortController().signal,
  });
  if (isToolError(result)) throw new Error(result.message);
}

// The server's own copy of the page the fake cites, handed over at once: the quote check
// runs on real text while no network time is counted.
const PAGE_TEXT = `${'Example Domain. '.repeat(40)}This domain is for use in documentation examples without needing permission. ${'Avoid use in operations. '.repeat(40)}`;
const pages: PageReader = {
  read: async (url) => ({ url, title: 'Example Domain', markdown: PAGE_TEXT, text: PAGE_TEXT, thin: false }),
};
const replyLimiter = createLimiter({ concurrency: 2, queue: 8 });

/** The whole research reply as a tool returns it: pipeline (limiter, run, collector, verify) + fit + render. */
async function replyRun(): Promise<void> {
  const reply = await research(
    {
      runtime,
      claudeBin: FAKE,
      model: 'haiku',
      env,
      limiter: replyLimiter,
      clock: Date.now,
      brave: undefined,
      pages,
    },
    {
      question: 'what is example.com?',
      goal: 'cite it',
      depth: 'standard',
      recency: 'any',
      domains: [],
      maxTokens: 400,
      budgetMs: 180_000,
    },
    createCallContext({ signal: new AbortController().signal, clock: Date.now, send: undefined }),
  );
  if (isToolError(reply)) throw new Error(reply.message);
  if (reply.meta.verified !== 1) throw new Error('the quote was not checked against the page');
  const text = await finishReply(reply, { maxTokens: 400, format: 'markdown' });
  if (typeof text !== 'string') throw new Error(text.message);
}

const stats = (samples: number[]) => {
  const s = [...samples].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? Number.NaN;
  return { p50: at(0.5), p95: at(0.95) };
};

async function timed(run: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await run();
  return performance.now() - start;
}

// Interleave the three so machine noise hits them alike.
for (let i = 0; i < WARMUP; i++) await Promise.all([bareRun(), fullRun(), replyRun()]);
const bare: number[] = [];
const full: number[] = [];
const outside: number[] = [];
const whole: number[] = [];
const wholeOutside: number[] = [];
for (let i = 0; i < ROUNDS; i++) {
  bare.push(await timed(bareRun));
  const total = await timed(fullRun);
  full.push(total);
  outside.push(total - lived);
  const reply = await timed(replyRun);
  whole.push(reply);
  wholeOutside.push(reply - lived);
}

// The in-process part alone: parse + validate a captured transcript of the same run.
const transcript = await bareRun();
const PARSES = 2000;
const parse: number[] = [];
for (let i = 0; i < PARSES; i++) {
  parse.push(
    await timed(async () => {
      const state = createStreamState();
      const split = createLineSplitter((line) => readLine(state, line));
      split.push(transcript);
      split.end();
      if (!state.result?.hasStructuredOutput) throw new Error('no result');
    }),
  );
}

async function throughput(call: () => Promise<unknown>, n: number): Promise<number> {
  const limiter = createLimiter({ concurrency: 2, queue: n });
  const start = performance.now();
  await Promise.all(
    Array.from({ length: n }, () =>
      limiter.run({ signal: new AbortController().signal, deadline: Date.now() + 600_000 }, call),
    ),
  );
  return n / ((performance.now() - start) / 1000);
}
const perSecondLimiter = await throughput(fullRun, LIMITER_CALLS);
let noopCalls = 0;
const noopStart = performance.now();
for (let i = 0; i < 50; i++) {
  await throughput(async () => {}, 1000);
  noopCalls += 1000;
}
const perSecondNoop = noopCalls / ((performance.now() - noopStart) / 1000);
// Baseline for throughput: two hand-rolled loops of bare runs, no limiter, no parsing.
const loopStart = performance.now();
await Promise.all(
  [0, 1].map(async () => {
    for (let i = 0; i < LIMITER_CALLS / 2; i++) await bareRun();
  }),
);
const perSecondBare = LIMITER_CALLS / ((performance.now() - loopStart) / 1000);

const b = stats(bare);
const f = stats(full);
const p = stats(parse);
const o = stats(outside);
const w = stats(whole);
const wo = stats(wholeOutside);
const fmt = (n: number) => n.toFixed(1);
console.log(`# Research run overhead

\`node --import tsx bench/research.bench.ts\` — ${ROUNDS} interleaved calls each after ${WARMUP} warm-up, fake claude answering at once (success scenario, 1 search + 1 read + StructuredOutput, ${transcript.length} bytes of stream-json). Machine: ${availableParallelism()} CPUs, Node ${process.version}, ${new Date().toISOString().slice(0, 10)}, load average ${loadavg()[0]?.toFixed(1)} at the end.

Target: under 30 ms of server overhead per research reply (the bold row, median).

| what | median ms | p95 ms |
|---|---:|---:|
| bare spawn of the fake (baseline: the claude run itself) | ${fmt(b.p50)} | ${fmt(b.p95)} |
| runClaude: temp dir, spawn, stdin, parse, validate, cleanup | ${fmt(f.p50)} | ${fmt(f.p95)} |
| overhead A/B (runClaude − baseline; noisy, child start dominates) | ${fmt(f.p50 - b.p50)} | ${fmt(f.p95 - b.p95)} |
| overhead outside the child's lifetime (runClaude − spawn→exit) | ${fmt(o.p50)} | ${fmt(o.p95)} |
| whole reply: research pipeline (limiter, runClaude, page collector, quote check) + fit + render | ${fmt(w.p50)} | ${fmt(w.p95)} |
| **whole reply, overhead outside the child's lifetime** (whole reply − spawn→exit) | **${fmt(wo.p50)}** | **${fmt(wo.p95)}** |
| parse + validate the transcript in-process (×${PARSES}) | ${(p.p50).toFixed(3)} | ${(p.p95).toFixed(3)} |

| throughput at concurrency 2 | calls/s |
|---|---:|
| two bare loops of the fake, no limiter (baseline) | ${fmt(perSecondBare)} |
| limiter + runClaude, ${LIMITER_CALLS} calls | ${fmt(perSecondLimiter)} |
| limiter alone, no-op tasks (bursts of 1000 = max queue) | ${Math.round(perSecondNoop).toLocaleString('en')} |
`);
