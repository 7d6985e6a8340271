// Cold start to the first `tools/list` answer over stdio (spawn → answer, fresh
// processes) and resident memory after it, on Node, Bun and Deno, against a bare
// runtime and a minimal one-tool server on the same SDK; then HTTP req/s of tools/list.
// Run: node --import tsx bench/cold-start.bench.ts [--write] (needs `npm run build` first)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BUN, DENO, denoArgs, ROOT } from '../test/helpers/entries.ts';
import { snapshotDist } from './lib/dist-snapshot.ts';
import { load, type Target } from './lib/http-client.ts';
import { modernBody, modernHeaders } from './lib/modern.ts';
import { type Command, rssMb, startHttp, stdioRoundTrip } from './lib/processes.ts';
import { machine, publish, REPO, versionOf } from './lib/report.ts';
import { fmt, summarize, table } from './lib/stats.ts';

const ROUNDS = 10;
const HTTP_SEQUENTIAL = 1000;
const HTTP_CONCURRENT = 2000;
const CONCURRENCY = 16;
const TARGET = { ms: 200, mb: 70 } as const;

const snap = snapshotDist();
const built = (path: string) => join(snap.root, path);

const fixture = (name: string) => join(REPO, 'bench', 'fixtures', name);
const denoRun = (file: string): Command => ({
  command: DENO,
  args: ['run', '--allow-read', '--allow-env', file],
});
const runtimes = [
  {
    runtime: 'node',
    version: process.version,
    floor: { command: process.execPath, args: [fixture('answer-line.mjs')] },
    minimal: { command: process.execPath, args: [fixture('minimal-server.mjs')] },
    server: { command: process.execPath, args: [built('dist/node/main.js')] },
    extra: {
      label: 'web-mcp via bin/web-mcp.js (npx path)',
      cmd: { command: process.execPath, args: [built('bin/web-mcp.js')] },
    },
  },
  {
    runtime: 'bun',
    version: versionOf(BUN),
    floor: { command: BUN, args: [fixture('answer-line.mjs')] },
    minimal: { command: BUN, args: [fixture('minimal-server.mjs')] },
    server: { command: BUN, args: [built('dist/bun/main.js')] },
    extra: undefined,
  },
  {
    runtime: 'deno',
    version: versionOf(DENO)
      .replace(/^deno /, '')
      .replace(/\s*\(.*$/, ''),
    floor: denoRun(fixture('answer-line.mjs')),
    minimal: denoRun(fixture('minimal-server.mjs')),
    server: {
      command: DENO,
      args: denoArgs().map((a) => (a.startsWith(`${ROOT}dist/`) ? built(a.slice(ROOT.length)) : a)),
    },
    extra: undefined,
  },
] as const;

const cacheDir = mkdtempSync(join(tmpdir(), 'web-mcp-bench-cold-'));
const env = {
  PATH: process.env.PATH ?? '/usr/bin:/bin',
  HOME: process.env.HOME ?? '/tmp',
  TMPDIR: tmpdir(),
  WEB_MCP_CACHE_DIR: cacheDir,
};
const request = () => modernBody('tools/list');

interface Case {
  readonly label: string;
  readonly runtime: string;
  readonly cmd: Command;
  readonly ours: boolean;
  readonly ms: number[];
  readonly mb: number[];
}
const cases: Case[] = runtimes.flatMap((r) => [
  {
    label: 'bare runtime answering one line (floor)',
    runtime: r.runtime,
    cmd: r.floor,
    ours: false,
    ms: [],
    mb: [],
  },
  {
    label: 'minimal one-tool SDK server, unbundled (baseline)',
    runtime: r.runtime,
    cmd: r.minimal,
    ours: false,
    ms: [],
    mb: [],
  },
  {
    label: `**web-mcp** dist/${r.runtime}/main.js`,
    runtime: r.runtime,
    cmd: r.server,
    ours: true,
    ms: [],
    mb: [],
  },
  ...(r.extra
    ? [{ label: r.extra.label, runtime: r.runtime, cmd: r.extra.cmd, ours: true, ms: [], mb: [] }]
    : []),
]);

// One warm-up each (disk cache), then rounds interleaved across cases so noise spreads evenly.
for (const c of cases) await stdioRoundTrip(c.cmd, env, request());
for (let round = 0; round < ROUNDS; round++) {
  for (const c of cases) {
    const sample = await stdioRoundTrip(c.cmd, env, request());
    c.ms.push(sample.ms);
    c.mb.push(sample.rssMb);
  }
}

const verdict = (ms: number, mb: number) =>
  `${ms <= TARGET.ms ? '✔' : '✘'} time, ${mb <= TARGET.mb ? '✔' : '✘'} memory`;
const coldRows = cases.map((c) => {
  const t = summarize(c.ms);
  const m = summarize(c.mb);
  return [
    c.runtime,
    c.label,
    fmt(t.p50, 0),
    fmt(t.min, 0),
    fmt(t.p95, 0),
    fmt(m.p50, 1),
    c.ours ? verdict(t.p50, m.p50) : '',
  ];
});

// HTTP: one server per runtime; GET /healthz (guard + Hono, no MCP) is the floor.
const list = (port: number): Target => ({
  port,
  method: 'POST',
  path: '/mcp',
  headers: modernHeaders('tools/list'),
  body: () => modernBody('tools/list'),
  check: (status, text) => {
    if (status !== 200 || !text.includes('"tools"'))
      throw new Error(`tools/list answered ${status}: ${text.slice(0, 200)}`);
  },
});
const health = (port: number): Target => ({
  port,
  method: 'GET',
  path: '/healthz',
  headers: {},
  check: (status) => {
    if (status !== 200) throw new Error(`healthz answered ${status}`);
  },
});
const httpRows: string[][] = [];
for (const r of runtimes) {
  const server = await startHttp(r.server, env);
  try {
    await load(list(server.port), 200, 4);
    const floor = await load(health(server.port), HTTP_SEQUENTIAL, 1);
    const sequential = await load(list(server.port), HTTP_SEQUENTIAL, 1);
    const concurrent = await load(list(server.port), HTTP_CONCURRENT, CONCURRENCY);
    httpRows.push([
      `${r.runtime} ${r.version}`,
      fmt(floor.perSecond, 0),
      fmt(sequential.perSecond, 0),
      fmt(sequential.latency.p50, 2),
      fmt(concurrent.perSecond, 0),
      fmt(concurrent.latency.p50, 1),
      fmt(concurrent.latency.p99, 1),
      fmt(rssMb(server.child.pid), 0),
    ]);
  } finally {
    await server.stop();
  }
}
rmSync(cacheDir, { recursive: true, force: true });
snap.remove();

publish(
  'cold-start',
  `# Cold start and HTTP throughput per runtime

\`node --import tsx bench/cold-start.bench.ts\` (after \`npm run build\`). Stdio: spawn → the first modern \`tools/list\` answer on stdout (request written at spawn), ${ROUNDS} fresh processes per row after one warm-up, rows interleaved; RSS is VmRSS from /proc right after the answer. Runtimes: Node ${process.version}, Bun ${runtimes[1].version}, Deno ${runtimes[2].version}. Machine: ${machine()}.

${table(['runtime', 'process', 'median ms', 'min ms', 'p95 ms', 'RSS MB (median)', `target ≤ ${TARGET.ms} ms, ≤ ${TARGET.mb} MB`], ['l', 'l', 'r', 'r', 'r', 'r', 'l'], coldRows)}

HTTP \`--http 127.0.0.1:0\`, modern POST /mcp \`tools/list\` (MCP-Protocol-Version 2026-07-28, Mcp-Method, \`_meta\` envelope), keep-alive node:http client in this process (it shares the 2 CPUs with the server). Sequential: ${HTTP_SEQUENTIAL} requests one at a time; concurrent: ${HTTP_CONCURRENT} requests, ${CONCURRENCY} in flight. \`GET /healthz\` (guard + Hono, no MCP) is the floor.

${table(['runtime', 'healthz req/s (floor)', 'tools/list req/s sequential', 'median ms', `req/s at ${CONCURRENCY} concurrent`, 'median ms', 'p99 ms', 'RSS MB after'], ['l', 'r', 'r', 'r', 'r', 'r', 'r', 'r'], httpRows)}`,
);
