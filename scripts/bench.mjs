// One command for every benchmark: runs bench/<name>.bench.ts (all, a named subset,
// or --quick without the slow ones), keeps each report in bench/results/<name>.md,
// and rewrites bench/README.md with the machine, how to run, and every latest table.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';

const BENCHES = [
  { name: 'tools-list', about: 'tools/list size per tier and in-process latency' },
  {
    name: 'cold-start',
    about: 'stdio cold start, memory and HTTP req/s on Node, Bun, Deno',
    dist: true,
  },
  { name: 'cached', about: 'cached web_research answers through the HTTP server', dist: true },
  { name: 'first-call', about: 'first call of a fresh process against a 20,000-entry cache', dist: true },
  { name: 'verify-corpus', about: 'quote verifier precision and recall on the page corpus' },
  { name: 'research', about: 'server overhead per research run' },
  { name: 'rescue', about: 'stop → reply overhead of answering from held pages' },
  { name: 'reply', about: 'token estimate, fitting and quote verification speed' },
  { name: 'cache', about: 'disk cache get/set latency' },
  { name: 'brave', about: 'Brave client decoding and cache' },
  { name: 'page-fetch', about: 'pinned page fetch: cost per fetch and DNS rebinding' },
  {
    name: 'pdf',
    about: 'PDF pages/s and peak memory on Node, Bun, Deno; cold start with and without PDF support',
    dist: true,
  },
  {
    name: 'package',
    about: 'tarball and dist/ size, largest chunks, npx install from a loopback registry',
    dist: true,
  },
  {
    name: 'extract',
    about: 'extraction F1 per page type and speed against plain Readability, both corpora; ~6 minutes',
    slow: true,
  },
  { name: 'extract-passages', about: 'passage selection on questions about Wikipedia pages' },
  {
    name: 'usage',
    about: 'usage ledger at 100,000 calls: size on disk, record cost, usage read time',
    dist: true,
  },
  {
    name: 'reader',
    about: "research reader: one read vs fetch + extract; what mounting it adds to a run's start",
  },
  {
    name: 'head-start',
    about: 'head start with pages read: evidence recall vs snippets, added time cold and cached',
  },
  {
    name: 'hostile-docs',
    about: 'hostile PDFs, markup and JSON at full size on Node, Bun, Deno: time, peak memory, tools/list',
    dist: true,
  },
  {
    name: 'page-pool',
    about:
      'page slots × read workers under bursts of simultaneous web_read calls: latency, memory, busy; ~9 minutes',
    dist: true,
    slow: true,
  },
];
const LIMIT_MS = { default: 10 * 60_000, slow: 20 * 60_000 };

const USAGE = `Usage: npm run bench [-- [--quick] [--no-build] [NAME...]]

  NAME...      run only these (${BENCHES.map((b) => b.name).join(', ')})
  --quick      everything except the slow ones (extract, page-pool)
  --no-build   do not run \`npm run build\` first (benches that start dist/ need it)
  --list       list the benches and exit

Each bench's latest report lands in bench/results/<name>.md; bench/README.md is rewritten
with all of them (a bench not run keeps its previous report).`;

const argv = process.argv.slice(2);
if (argv.includes('--help') || argv.includes('-h')) {
  console.log(USAGE);
  process.exit(0);
}
if (argv.includes('--list')) {
  for (const b of BENCHES) console.log(`${b.name.padEnd(14)} ${b.about}`);
  process.exit(0);
}
const flags = new Set(argv.filter((a) => a.startsWith('--')));
for (const flag of flags) {
  if (!['--quick', '--no-build'].includes(flag)) {
    console.error(`bench: unknown flag ${flag}\n\n${USAGE}`);
    process.exit(2);
  }
}
const names = argv.filter((a) => !a.startsWith('--'));
const unknown = names.filter((n) => !BENCHES.some((b) => b.name === n));
if (unknown.length > 0) {
  console.error(`bench: no bench named ${unknown.join(', ')}; try --list`);
  process.exit(2);
}
const selected = BENCHES.filter((b) =>
  names.length > 0 ? names.includes(b.name) : !(flags.has('--quick') && b.slow),
);

const resultPath = (name) => `bench/results/${name}.md`;
const status = new Map();

if (selected.some((b) => b.dist) && !flags.has('--no-build')) {
  console.error('bench: npm run build');
  const built = spawnSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

/** Runs one bench in its own process group, echoing and capturing stdout, killed at its time limit. */
function runBench(bench) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', `bench/${bench.name}.bench.ts`, '--write'], {
      stdio: ['ignore', 'pipe', 'inherit'],
      detached: true,
    });
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      process.stdout.write(chunk);
    });
    const limit = bench.slow ? LIMIT_MS.slow : LIMIT_MS.default;
    const timer = setTimeout(() => {
      console.error(`bench: ${bench.name} ran past ${limit / 60_000} minutes; stopping it`);
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {}
    }, limit);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code: code ?? (signal ? 1 : 0), out });
    });
  });
}

function version(command, args = ['--version']) {
  const r = spawnSync(command, args, { encoding: 'utf8', timeout: 10_000 });
  return r.status === 0 ? (r.stdout.split('\n')[0] ?? '').trim() : 'absent';
}
function binary(paths) {
  return paths.find((p) => existsSync(p) && statSync(p).size > 1_000_000);
}
const bun = binary(['node_modules/bun/bin/bun.exe', 'node_modules/@oven/bun-linux-x64/bin/bun']);
const deno = binary(['node_modules/deno/deno', 'node_modules/@deno/linux-x64-glibc/deno']);
const cpu =
  readFileSync('/proc/cpuinfo', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('model name'))
    ?.split(':')[1]
    ?.trim() ?? 'unknown CPU';
for (const bench of selected) {
  console.error(`\nbench: ${bench.name} — ${bench.about}`);
  const started = Date.now();
  const { code, out } = await runBench(bench);
  const path = resultPath(bench.name);
  const wroteItself = existsSync(path) && statSync(path).mtimeMs >= started;
  if (code !== 0) {
    status.set(bench.name, `failed this run (exit ${code}); the report below is from an earlier run`);
    continue;
  }
  if (!wroteItself && out.trim() !== '') {
    // Benches that only print: keep their output as their report.
    const when = new Date(started).toISOString().slice(0, 10);
    const header = `# bench/${bench.name}.bench.ts\n\n\`node --import tsx bench/${bench.name}.bench.ts\` — ${availableParallelism()} CPUs (${cpu}), Node ${process.version}, ${when}.\n\n`;
    const body = out.trimStart().startsWith('#') ? out : `${header}${out}`;
    writeFileSync(path, `${body.trimEnd()}\n`);
  }
  status.set(bench.name, `run ${new Date(started).toISOString().slice(0, 16).replace('T', ' ')} UTC`);
}

const demote = (md) => md.replace(/^(#{1,4}) /gm, '$1## ');

const sections = BENCHES.map((b) => {
  const path = resultPath(b.name);
  const report = existsSync(path) ? demote(readFileSync(path, 'utf8').trim()) : '_No report yet._';
  const notes = existsSync(`bench/notes/${b.name}.md`)
    ? readFileSync(`bench/notes/${b.name}.md`, 'utf8').trim()
    : '';
  const state = status.get(b.name) ?? 'not run by the last `npm run bench` (the report names its own date)';
  return [
    `## ${b.name}`,
    `\`bench/${b.name}.bench.ts\` — ${b.about}. Status: ${state}.`,
    report,
    notes && `**Reading it.**\n\n${notes}`,
  ]
    .filter(Boolean)
    .join('\n\n');
});

const readme = `# Benchmarks

Generated by \`npm run bench\` (scripts/bench.mjs) — do not edit by hand: change a bench, or its
reading in bench/notes/<name>.md, and run it again.

## How to run

- \`npm run bench\` — every bench (about 20 minutes; extract takes ~8 and page-pool ~9), then this file.
- \`npm run bench -- --quick\` — all but the slow ones (extract, page-pool), about 4 minutes.
- \`npm run bench -- cold-start cached\` — only the named ones; \`--list\` lists them.
- One bench by hand: \`node --import tsx bench/<name>.bench.ts\` (add \`--write\` to store its report
  in bench/results/<name>.md). cold-start and cached start \`dist/\`: run \`npm run build\` first
  (npm run bench does).
- extract, extract-passages and verify-corpus measure corpora kept outside the repository
  (\`../shared/data\`, or \`WEB_MCP_PAGES_DIR\` and \`WEB_MCP_MODERN_DIR\`). Where one is absent, as in a
  fresh clone, the bench says so in one line and measures the small sample in bench/data instead
  (bench/data/README.md), and its report opens by saying so.

Every bench compares against a baseline measured in the same run, is bounded in count and time,
talks only to 127.0.0.1, and stops by itself. The machine is shared with other work: medians are
the stable figures; p99s and means carry other processes' noise.

## Machine of the last run

${availableParallelism()} CPUs (nproc), ${cpu}; Node ${process.version}, Bun ${bun ? version(bun) : 'absent'}, Deno ${
  deno
    ? version(deno)
        .replace(/^deno /, '')
        .replace(/\s*\(.*$/, '')
    : 'absent'
}; written ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC. Each report also names the machine and date it was measured on.

${sections.join('\n\n')}
`;
writeFileSync('bench/README.md', readme);
console.error(`\nbench: wrote bench/README.md (${selected.length} run, ${BENCHES.length} reports)`);
const failed = [...status.values()].filter((s) => s.startsWith('failed')).length;
process.exit(failed > 0 ? 1 : 0);
