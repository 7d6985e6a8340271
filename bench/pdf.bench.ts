// PDF reading on Node, Bun and Deno: pages per second and peak memory over the idle process
// for each generated test PDF, a 10,000-page file and a 10 MB file (fresh process per file);
// then cold start and idle memory of the server against the same server built without PDFs.
// Run: node --import tsx bench/pdf.bench.ts [--write] (needs `npm run build` first)
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BUN, DENO, denoArgs, ROOT } from '../test/helpers/entries.ts';
import * as pdf from '../test/helpers/pdf-fixtures.ts';
import { snapshotDist } from './lib/dist-snapshot.ts';
import { modernBody } from './lib/modern.ts';
import { type Command, stdioRoundTrip } from './lib/processes.ts';
import { machine, publish } from './lib/report.ts';
import { fmt, summarize, table } from './lib/stats.ts';

const WARM_ROUNDS = 2;
const START_ROUNDS = 6;
const dir = mkdtempSync(join(tmpdir(), 'web-mcp-bench-pdf-'));

const inputs: [string, () => Promise<Uint8Array> | Uint8Array][] = [
  ['one page', pdf.onePagePdf],
  ['5 pages, header/footer', () => pdf.multiPagePdf()],
  ['two columns', pdf.twoColumnPdf],
  ['hyphenated', pdf.hyphenatedPdf],
  ['scan (thin)', pdf.scannedPdf],
  ['encrypted (thin)', () => pdf.encryptedPdf()],
  ['truncated (fails)', () => pdf.truncatedPdf()],
  ['10,000 pages', () => pdf.manyPagesPdf(10_000)],
  ['10 MB, 150 pages + images', () => pdf.largePdf(10)],
];
const files: { label: string; path: string; mb: number }[] = [];
for (const [i, [label, make]] of inputs.entries()) {
  const path = join(dir, `${i}.pdf`);
  writeFileSync(path, await make());
  files.push({ label, path, mb: statSync(path).size / 1_048_576 });
}

// ---- reading: one fresh process per runtime and file ----
const child = join(ROOT, 'bench', 'lib', 'pdf-child.ts');
const readers: Record<string, Command> = {
  node: { command: process.execPath, args: ['--import', 'tsx', child] },
  bun: { command: BUN, args: [child] },
  // Deno asks for --allow-all to read /proc/self/status.
  deno: { command: DENO, args: ['run', '--allow-all', child] },
};
interface Reading {
  idleKb: number;
  peakKb: number;
  times: number[];
  pages: number;
  outcome: string;
}
const readRows: string[][] = [];
for (const [runtime, cmd] of Object.entries(readers)) {
  for (const file of files) {
    const run = spawnSync(cmd.command, [...cmd.args, file.path, String(WARM_ROUNDS)], {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 300_000,
    });
    const line = run.stdout.trim().split('\n').at(-1) ?? '';
    let r: Reading;
    try {
      r = JSON.parse(line) as Reading;
    } catch {
      throw new Error(`${runtime} ${file.label}: ${run.stderr.slice(0, 500)}`);
    }
    const warm = summarize(r.times.slice(1)).p50;
    readRows.push([
      runtime,
      file.label,
      fmt(file.mb, 2),
      r.outcome,
      String(r.pages),
      fmt(r.times[0] ?? Number.NaN, 0),
      fmt(warm, 0),
      r.pages > 0 ? fmt(r.pages / (warm / 1000), 0) : '–',
      fmt(r.idleKb / 1024, 0),
      fmt((r.peakKb - r.idleKb) / 1024, 0),
    ]);
  }
}

// ---- cold start: this build against the build just before PDF support ----
const snap = snapshotDist();
const firstPdfCommit = execFileSync(
  'git',
  ['log', '--format=%H', '--diff-filter=A', '--', 'src/page/pdf-text.ts'],
  {
    cwd: ROOT,
    encoding: 'utf8',
  },
)
  .trim()
  .split('\n')
  .at(-1);
const base = join(dir, 'base');
mkdirSync(base);
execFileSync('sh', ['-c', `git archive ${firstPdfCommit}^ | tar -x -C ${base}`], { cwd: ROOT });
symlinkSync(join(ROOT, 'node_modules'), join(base, 'node_modules'));
execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: base });

const cacheDir = mkdtempSync(join(tmpdir(), 'web-mcp-bench-pdf-cache-'));
const env = {
  PATH: process.env.PATH ?? '/usr/bin:/bin',
  HOME: process.env.HOME ?? '/tmp',
  TMPDIR: tmpdir(),
  WEB_MCP_CACHE_DIR: cacheDir,
};
const servers = (root: string): Record<string, Command> => ({
  node: { command: process.execPath, args: [join(root, 'dist/node/main.js')] },
  bun: { command: BUN, args: [join(root, 'dist/bun/main.js')] },
  deno: {
    command: DENO,
    args: denoArgs().map((a) => (a.startsWith(`${ROOT}dist/`) ? join(root, a.slice(ROOT.length)) : a)),
  },
});
const cases = Object.keys(readers).flatMap((runtime) => [
  {
    runtime,
    build: 'without PDF support (baseline)',
    cmd: servers(base)[runtime] as Command,
    ms: [] as number[],
    mb: [] as number[],
  },
  {
    runtime,
    build: '**with PDF support**',
    cmd: servers(snap.root)[runtime] as Command,
    ms: [] as number[],
    mb: [] as number[],
  },
]);
for (const c of cases) await stdioRoundTrip(c.cmd, env, modernBody('tools/list'));
for (let round = 0; round < START_ROUNDS; round++) {
  for (const c of cases) {
    const sample = await stdioRoundTrip(c.cmd, env, modernBody('tools/list'));
    c.ms.push(sample.ms);
    c.mb.push(sample.rssMb);
  }
}
const startRows = cases.map((c) => [
  c.runtime,
  c.build,
  fmt(summarize(c.ms).p50, 0),
  fmt(summarize(c.mb).p50, 1),
]);
snap.remove();
rmSync(dir, { recursive: true, force: true });
rmSync(cacheDir, { recursive: true, force: true });

publish(
  'pdf',
  `# PDF reading

\`npm run bench -- pdf\` — each PDF is generated by test/helpers/pdf-fixtures.ts and read by the server's own
\`extractPdf\` (src/page/pdf-text.ts: stream guard, pdf.js through unpdf, layout, clean-up) in a fresh process per
runtime and file: once cold (pdf.js loaded on the way), then ${WARM_ROUNDS} times warm. Pages/s is pages read over the
warm median; peak over idle is the process's peak RSS (VmHWM) minus its RSS before the first read. Machine: ${machine()}.

${table(
  [
    'runtime',
    'PDF',
    'MB',
    'reply',
    'pages read',
    'cold ms',
    'warm ms',
    'pages/s',
    'idle RSS MB',
    'peak over idle MB',
  ],
  ['l', 'l', 'r', 'l', 'r', 'r', 'r', 'r', 'r', 'r'],
  readRows,
)}

## Cold start and idle memory

Spawn → first \`tools/list\` answer over stdio and RSS right after it, ${START_ROUNDS} rounds interleaved (medians), for
this build and for the commit before PDF support (built the same way in the same run). pdf.js is a separate chunk
that only the first PDF loads.

${table(['runtime', 'build', 'cold start ms', 'RSS MB'], ['l', 'l', 'r', 'r'], startRows)}
`,
);
