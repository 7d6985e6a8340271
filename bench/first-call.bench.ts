// The first call of a fresh stdio process against a big disk cache: with 20,000 entries
// (and with none, as the baseline), a first call that is answered from the cache, and a
// first call that runs (the fake claude) and writes the cache, which used to wait for the
// sweep its write started. `--before ROOT` adds the same rows for another build (a checkout
// with its dist/ built), measured in the same run.
// Run: node --import tsx bench/first-call.bench.ts [--write] [--before ROOT] (needs `npm run build` first)
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { fillCache } from '../test/helpers/cache-fill.ts';
import { type Sandbox, sandbox } from '../test/helpers/fake-claude-env.ts';
import { snapshotDist } from './lib/dist-snapshot.ts';
import { machine, publish } from './lib/report.ts';
import { fmt, table } from './lib/stats.ts';

const ENTRIES = 20_000;
const ROUNDS = 5;
const TARGET_MS = 100;
/** A client calls a tool only after its model has read the tool list and chosen one: seconds, not milliseconds. */
const PAUSE_MS = 2000;

const output = {
  answer: 'The first-call fixture exists only for this benchmark [1].',
  confidence: 'high',
  findings: [],
  sources: [{ title: 'Fixture', url: 'https://example.com/fixture' }],
  gaps: [],
};

/** Starts `main` in a fresh process, makes one web_lookup call, returns its time in ms. */
async function firstCall(main: string, box: Sandbox, question: string): Promise<number> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [main],
    env: { ...box.env(), HOME: box.dir },
    stderr: 'ignore',
  });
  const client = new Client({ name: 'first-call-bench', version: '1.0.0' });
  await client.connect(transport);
  try {
    await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
    const started = performance.now();
    const result = await client.callTool({ name: 'web_lookup', arguments: { question } });
    const took = performance.now() - started;
    if (result.isError) throw new Error(`web_lookup failed: ${JSON.stringify(result.content)}`);
    return took;
  } finally {
    await client.close();
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;

/** Median over ROUNDS fresh processes: the first call runs and writes, then a new process's first call hits. */
async function measure(main: string, entries: number) {
  const ran: number[] = [];
  const hit: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const box = sandbox({ FAKE_CLAUDE_OUTPUT: JSON.stringify(output) });
    try {
      fillCache(box.cacheDir, entries);
      const question = `What is the first-call fixture for? (round ${round})`;
      ran.push(await firstCall(main, box, question));
      hit.push(await firstCall(main, box, question));
      if (box.runs().length !== 1) throw new Error(`expected one claude run, got ${box.runs().length}`);
    } finally {
      box.remove();
    }
  }
  return { ran: median(ran), hit: median(hit) };
}

const beforeAt = process.argv.indexOf('--before');
const beforeRoot = beforeAt === -1 ? undefined : process.argv[beforeAt + 1];
const snap = snapshotDist();
try {
  const builds: [string, string][] = [['this build', join(snap.root, 'dist/node/main.js')]];
  if (beforeRoot) builds.unshift([`before (${beforeRoot})`, join(beforeRoot, 'dist/node/main.js')]);
  const rows: string[][] = [];
  let hitNow = Number.NaN;
  for (const [label, main] of builds) {
    const empty = await measure(main, 0);
    const full = await measure(main, ENTRIES);
    if (label === 'this build') hitNow = full.hit;
    rows.push([label, fmt(empty.ran, 0), fmt(full.ran, 0), fmt(empty.hit, 0), `**${fmt(full.hit, 0)}**`]);
  }
  publish(
    'first-call',
    `# First call of a fresh process against a big cache

\`node --import tsx bench/first-call.bench.ts\` (after \`npm run build\`): \`node dist/node/main.js\` over stdio with the fake claude on PATH and a private cache dir filled with ${ENTRIES.toLocaleString('en')} live entries of about 1.5 KB (or none), one v1 SDK client per process, which makes its call ${PAUSE_MS / 1000} s after connecting (as a model takes a while to choose a tool). Each figure is the median of ${ROUNDS} fresh processes, timed from \`tools/call web_lookup\` to its reply: the first call runs the fake claude and writes its answer to the cache (the write starts the process's first sweep); then a new process asks the same question and is answered from the cache. Machine: ${machine()}.

${table(
  [
    'build',
    'runs + writes, empty cache (ms)',
    `runs + writes, ${ENTRIES.toLocaleString('en')} entries (ms)`,
    'cached, empty cache (ms)',
    `**cached, ${ENTRIES.toLocaleString('en')} entries (ms)**`,
  ],
  ['l', 'r', 'r', 'r', 'r'],
  rows,
)}

Target: a fresh process answers its first cached call with ${ENTRIES.toLocaleString('en')} entries in under ${TARGET_MS} ms — **${hitNow < TARGET_MS ? 'met' : 'missed'}** (${fmt(hitNow, 0)} ms).`,
  );
} finally {
  snap.remove();
}
