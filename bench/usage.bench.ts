// The usage ledger at 100,000 calls on the Node fs driver: what record() costs a call
// (its synchronous part), the ledger's size on disk against LEDGER_MAX_BYTES, and how
// long `web-mcp usage` takes to read it, against a ledger of one call in the same run.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fsCacheDriver } from '../src/cache/fs-driver.ts';
import { createLedger, LEDGER_MAX_BYTES } from '../src/usage/ledger.ts';
import { usageDir } from '../src/usage/place.ts';
import type { CallRecord } from '../src/usage/record.ts';
import { buildReport } from '../src/usage/report.ts';
import { createLedgerStore } from '../src/usage/store.ts';
import { machine, publish, REPO } from './lib/report.ts';

const CALLS = 100_000;
const DAYS = 120;
/** Calls recorded between two awaited flushes: a busy server's calls end close together. */
const BURST = 20;
const READS = 15;
const DAY = 86_400_000;
const TOOLS = ['web_lookup', 'web_research', 'web_read', 'web_page', 'web_investigate', 'web_search'];
const OUTCOMES = ['answered', 'answered', 'answered', 'partial', 'timeout', 'rate_limited'];

const record = (i: number, at: number): CallRecord => ({
  at,
  tool: TOOLS[i % TOOLS.length] ?? 'web_lookup',
  cached: i % 3 === 0,
  runs: i % 3 === 0 ? 0 : 1,
  turns: 4,
  inputTokens: 12_345,
  outputTokens: 678,
  costUsd: 0.0123,
  braveRequests: i % 2,
  searches: 2,
  pages: 3,
  seconds: 12.3,
  outcome: OUTCOMES[i % OUTCOMES.length] ?? 'answered',
});

function sizeOf(dir: string): { bytes: number; files: number } {
  if (!existsSync(dir)) return { bytes: 0, files: 0 };
  const files = readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((name) => join(dir, name))
    .filter((path) => statSync(path).isFile());
  return { bytes: files.reduce((sum, path) => sum + statSync(path).size, 0), files: files.length };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;

async function grow(cacheDir: string, calls: number, end: number) {
  const now = { t: end - DAYS * DAY };
  const clock = () => now.t;
  const store = createLedgerStore({ driver: fsCacheDriver({ base: usageDir(cacheDir) }), clock });
  const ledger = createLedger({ store, clock, log: { info() {}, warn() {} }, braveQuota: 1e9 });
  let syncMs = 0;
  const started = performance.now();
  for (let i = 0; i < calls; i++) {
    now.t = end - DAYS * DAY + Math.floor((i * DAYS * DAY) / calls);
    const t = performance.now();
    ledger.record(record(i, now.t));
    syncMs += performance.now() - t;
    if (i % BURST === BURST - 1) await ledger.flush();
  }
  await ledger.flush();
  return { recordUs: (syncMs * 1000) / calls, totalS: (performance.now() - started) / 1000 };
}

async function readTimes(cacheDir: string, end: number) {
  const ms: number[] = [];
  for (let i = 0; i < READS; i++) {
    const t = performance.now();
    const store = createLedgerStore({
      driver: fsCacheDriver({ base: usageDir(cacheDir) }),
      clock: () => end,
    });
    buildReport(await store.load(), { now: end, braveQuota: 2000 });
    ms.push(performance.now() - t);
  }
  return median(ms);
}

/** `web-mcp usage --json` as a user runs it: a whole Node process on dist/ (when built). */
function cliMs(cacheDir: string): number | undefined {
  const main = `${REPO}dist/node/main.js`;
  if (!existsSync(main)) return undefined;
  const ms: number[] = [];
  for (let i = 0; i < 5; i++) {
    const t = performance.now();
    execFileSync(process.execPath, [main, 'usage', '--json'], {
      env: { HOME: tmpdir(), PATH: process.env.PATH ?? '', WEB_MCP_CACHE_DIR: cacheDir },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    ms.push(performance.now() - t);
  }
  return median(ms);
}

const root = mkdtempSync(join(tmpdir(), 'web-mcp-usage-bench-'));
try {
  const end = Date.now();
  const rows: string[] = [];
  for (const [label, calls] of [
    ['1 call (baseline)', 1],
    [`${CALLS.toLocaleString('en-US')} calls over ${DAYS} days`, CALLS],
  ] as const) {
    const dir = join(root, String(calls));
    const grown = await grow(dir, calls, end);
    const size = sizeOf(usageDir(dir));
    const read = await readTimes(dir, end);
    const cli = cliMs(dir);
    rows.push(
      `| ${label} | ${grown.recordUs.toFixed(1)} | ${grown.totalS.toFixed(1)} | ${(size.bytes / 1024).toFixed(1)} | ${size.files} | ${read.toFixed(1)} | ${cli === undefined ? 'no dist/' : cli.toFixed(0)} |`,
    );
  }
  publish(
    'usage',
    `# Usage ledger: size and read time at ${CALLS.toLocaleString('en-US')} calls

\`node --import tsx bench/usage.bench.ts\` — the ledger on the Node fs driver in a temp dir, calls spread over ${DAYS} days and ${TOOLS.length} tools, ${BURST} calls recorded between two awaited flushes (a busy server); "record" is the synchronous part a call pays, "write" the whole run including every journal piece and fold; "read" is load + report in-process, median of ${READS}; "CLI" is \`node dist/node/main.js usage --json\` end to end, median of 5. Stated bound: LEDGER_MAX_BYTES = ${LEDGER_MAX_BYTES / 1024 / 1024} MB; target: usage under 1 s. Machine: ${machine()}.

| ledger | record µs/call | write s (all calls) | KB on disk | files | read ms | CLI ms |
|---|---:|---:|---:|---:|---:|---:|
${rows.join('\n')}
`,
  );
} finally {
  rmSync(root, { recursive: true, force: true });
}
