// Server overhead per research call beyond the `claude` run itself: runClaude
// (temp dir, spawn, stdin, stream-json parse, validate) against a bare spawn of
// the same instant fake in the same run, plus how many calls/s the limiter sustains.
import { availableParallelism, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { spawnNode } from '../adapters/node/spawn.ts';
import { buildClaudeArgs, buildClaudeEnv } from '../src/claude/args.ts';
import { createLineSplitter, createStreamState, readLine } from '../src/claude/events.ts';
import { createLimiter } from '../src/claude/limiter.ts';
import { runClaude } from '../src/claude/run.ts';
import { researchSchema } from '../src/claude/schema.ts';
import { isToolError } from '../src/errors.ts';
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

// Interleave the two so machine noise hits both alike.
for (let i = 0; i < WARMUP; i++) await Promise.all([bareRun(), fullRun()]);
const bare: number[] = [];
const full: number[] = [];
const outside: number[] = [];
for (let i = 0; i < ROUNDS; i++) {
  bare.push(await timed(bareRun));
  const total = await timed(fullRun);
  full.push(total);
  outside.push(total - lived);
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
const fmt = (n: number) => n.toFixed(1);
console.log(`# Research run overhead

\`node --import tsx bench/research.bench.ts\` — ${ROUNDS} interleaved calls each after ${WARMUP} warm-up, fake claude answering at once (success scenario, 1 search + 1 read + StructuredOutput, ${transcript.length} bytes of stream-json). Machine: ${availableParallelism()} CPUs, Node ${process.version}, ${new Date().toISOString().slice(0, 10)}, load average ${loadavg()[0]?.toFixed(1)} at the end.

| what | median ms | p95 ms |
|---|---:|---:|
| bare spawn of the fake (baseline: the claude run itself) | ${fmt(b.p50)} | ${fmt(b.p95)} |
| runClaude: temp dir, spawn, stdin, parse, validate, cleanup | ${fmt(f.p50)} | ${fmt(f.p95)} |
| overhead A/B (runClaude − baseline; noisy, child start dominates) | ${fmt(f.p50 - b.p50)} | ${fmt(f.p95 - b.p95)} |
| **overhead outside the child's lifetime** (runClaude − spawn→exit) | **${fmt(o.p50)}** | **${fmt(o.p95)}** |
| parse + validate the transcript in-process (×${PARSES}) | ${(p.p50).toFixed(3)} | ${(p.p95).toFixed(3)} |

| throughput at concurrency 2 | calls/s |
|---|---:|
| two bare loops of the fake, no limiter (baseline) | ${fmt(perSecondBare)} |
| limiter + runClaude, ${LIMITER_CALLS} calls | ${fmt(perSecondLimiter)} |
| limiter alone, no-op tasks (bursts of 1000 = max queue) | ${Math.round(perSecondNoop).toLocaleString('en')} |
`);
