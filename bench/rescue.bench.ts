// What answering from held pages costs once a research run is stopped: the time from
// the stop (the server signals the run) to the reply, against the rescue run's own
// lifetime (spawn → exit of the instant fake claude) measured in the same calls.
import { fileURLToPath } from 'node:url';
import { spawnNode } from '../adapters/node/spawn.ts';
import { createLimiter } from '../src/claude/limiter.ts';
import { isToolError, type ToolError } from '../src/errors.ts';
import type { PageReader, PageText } from '../src/page/page-text.ts';
import { research } from '../src/research/pipeline.ts';
import type { Runtime, Subprocess } from '../src/runtime.ts';
import { machine, publish } from './lib/report.ts';
import { fmt, summarize, table } from './lib/stats.ts';

const ROUNDS = 30;
const WARMUP = 3;
const FAKE = fileURLToPath(new URL('../test/fake-claude.js', import.meta.url));

// Four pages of ~12 KB each; quick depth allows three reads, so the fourth fetch stops the run.
const URLS = [1, 2, 3, 4].map((n) => `https://tides.example/page-${n}`);
const paragraph = (n: number, i: number) =>
  `Paragraph ${i} of page ${n}: tides rise and fall twice a day as the moon and the sun pull on the oceans, and harbour ${i} records the times of high water for ships of every draught.`;
const pageText = (n: number) => Array.from({ length: 70 }, (_, i) => paragraph(n, i)).join('\n\n');
const pages: PageReader = {
  async read(url): Promise<PageText | ToolError> {
    const n = URLS.indexOf(url) + 1;
    const text = pageText(n);
    return { url, title: `Tides ${n}`, markdown: text, text, thin: false };
  },
};
const output = {
  answer: 'Tides rise and fall twice a day [1].',
  confidence: 'high',
  findings: [{ claim: 'Two tides a day.', quote: 'tides rise and fall twice a day', source: 0 }],
  sources: URLS.map((url, i) => ({ title: `Tides ${i + 1}`, url })),
  gaps: [],
};

interface Marks {
  stop: number;
  rescueLived: number;
}

/** Spawns through Node, noting when the research run is first signalled and how long the rescue run lived. */
function instrumented(marks: Marks): Pick<Runtime, 'spawn'> {
  let n = 0;
  return {
    spawn(command, options) {
      n += 1;
      const which = n;
      const born = performance.now();
      const proc = spawnNode(command, {
        ...options,
        env: {
          ...options.env,
          FAKE_CLAUDE_SCENARIO: 'fetch_then_hang',
          FAKE_CLAUDE_OUTPUT: JSON.stringify(output),
        },
      });
      if (which === 2) proc.exited.then(() => (marks.rescueLived = performance.now() - born));
      if (which !== 1) return proc;
      const watched: Subprocess = {
        ...proc,
        pid: proc.pid,
        kill(signal) {
          if (marks.stop === 0) marks.stop = performance.now();
          proc.kill(signal);
        },
      };
      return watched;
    },
  };
}

async function oneCall(): Promise<{ stopToReply: number; rescue: number }> {
  const marks: Marks = { stop: 0, rescueLived: 0 };
  const reply = await research(
    {
      runtime: instrumented(marks),
      claudeBin: FAKE,
      model: 'haiku',
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: process.env.HOME ?? '/tmp' },
      limiter: createLimiter({ concurrency: 2, queue: 8 }),
      clock: Date.now,
      brave: undefined,
      pages,
    },
    {
      question: 'When are the tides?',
      goal: 'plan a mooring',
      depth: 'quick',
      recency: 'any',
      domains: [],
      maxTokens: 400,
      budgetMs: 60_000,
    },
    {
      signal: new AbortController().signal,
      arrivedAt: Date.now(),
      hearsProgress: true,
      progress() {},
      setStatus() {},
    },
  );
  const done = performance.now();
  if (isToolError(reply)) throw new Error(reply.message);
  if (reply.meta.partial !== true || marks.stop === 0) throw new Error('the run was not stopped and rescued');
  return { stopToReply: done - marks.stop, rescue: marks.rescueLived };
}

for (let i = 0; i < WARMUP; i++) await oneCall();
const stopToReply: number[] = [];
const rescue: number[] = [];
const overheads: number[] = [];
for (let i = 0; i < ROUNDS; i++) {
  const r = await oneCall();
  stopToReply.push(r.stopToReply);
  rescue.push(r.rescue);
  overheads.push(r.stopToReply - r.rescue);
}

const rows = [
  ['stop → reply (whole rescue)', stopToReply],
  ['the rescue run itself (spawn → exit of the fake; baseline)', rescue],
  ['**overhead beyond the rescue run**', overheads],
] as const;
const s = (xs: readonly number[]) => summarize(xs);
publish(
  'rescue',
  `# Rescue overhead

\`npm run bench -- rescue\` — ${ROUNDS} research calls (after ${WARMUP} warm-up) on quick depth whose fake claude reads four ~12 KB pages: the fourth read passes the cap of three, so the server stops the run and answers from the three pages it holds with one no-tools run of the instant fake. "Stop" is the moment the server signals the research run; the overhead is what the server adds around the rescue run: waiting for the stopped run to exit, collecting its page copies, choosing passages, the run's temp dir and spawn, checking quotes. Machine: ${machine()}.

${table(
  ['what', 'median ms', 'p95 ms', 'min ms'],
  ['l', 'r', 'r', 'r'],
  rows.map(([name, xs]) => [name, fmt(s(xs).p50), fmt(s(xs).p95), fmt(s(xs).min)]),
)}

Target: median overhead ≤ 300 ms.
`,
);
