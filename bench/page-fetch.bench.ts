// What pinning costs and what it buys, on Node, Bun and Deno. Cost: a 100 KB page
// fetched through safeFetch from a loopback server with the pinned page fetch (resolve,
// check, connect to the checked IP, one request per connection) against the runtime's
// plain fetch (pooled connections), interleaved in the same process. Buys: the DNS-
// rebinding simulation of test/runtime/rebinding.test.ts (root only), pinned and plain.
// Run: node --import tsx bench/page-fetch.bench.ts [--write]
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BUN, DENO } from '../test/helpers/entries.ts';
import { machine, publish, REPO, versionOf } from './lib/report.ts';
import { fmt, summarize, table } from './lib/stats.ts';

const COMMANDS = {
  node: [process.execPath, '--import', 'tsx'],
  bun: [BUN],
  deno: [DENO, 'run', '-A', '--no-check'],
} as const;
type Name = keyof typeof COMMANDS;
const NAMES: Name[] = ['node', 'bun', 'deno'];

function runProbe(name: Name, args: string[], wrap: string[] = []): unknown {
  const [command, ...prefix] = COMMANDS[name];
  const argv = [...wrap, command, ...prefix, ...args];
  const result = spawnSync(argv[0] ?? '', argv.slice(1), { cwd: REPO, encoding: 'utf8', timeout: 300_000 });
  const line = result.stdout.trim().split('\n').pop() ?? '';
  try {
    return JSON.parse(line);
  } catch {
    throw new Error(`${name} probe failed (${result.status}): ${result.stdout}\n${result.stderr}`);
  }
}

const costRows: string[][] = [];
for (const name of NAMES) {
  const r = runProbe(name, [join(REPO, 'bench/fixtures/page-fetch-probe.ts'), name]) as {
    firstPinnedMs: number;
    pinned: number[];
    plain: number[];
  };
  const pinned = summarize(r.pinned);
  const plain = summarize(r.plain);
  costRows.push([
    name,
    fmt(plain.p50),
    fmt(pinned.p50),
    fmt(plain.p95),
    fmt(pinned.p95),
    `${fmt(pinned.p50 - plain.p50)} ms`,
    fmt(r.firstPinnedMs),
  ]);
}

const rebindRows: string[][] = [];
let rebindNote = '';
if (process.getuid?.() === 0 && spawnSync('unshare', ['--net', '--mount', 'true']).status === 0) {
  const setup =
    'set -e; ip link set lo up; ip addr add 11.22.33.44/32 dev lo; mount --bind "$1" /etc/hosts; shift; exec "$@"';
  for (const name of NAMES) {
    const dir = mkdtempSync(join(tmpdir(), 'web-mcp-rebind-bench-'));
    const hosts = join(dir, 'hosts');
    writeFileSync(hosts, '127.0.0.1 localhost\n');
    try {
      type Figures = { calls: number; reachedLoopback: number; reachedPublic: number };
      const r = runProbe(
        name,
        [join(REPO, 'test/runtime/helpers/rebind-probe.ts'), name, hosts, '150'],
        ['unshare', '--net', '--mount', '--propagation', 'private', 'sh', '-c', setup, 'setup', hosts],
      ) as { flips: number; pinned: Figures; unpinned: Figures };
      rebindRows.push([
        name,
        `${r.pinned.reachedLoopback} / ${r.pinned.calls}`,
        String(r.pinned.reachedPublic),
        `${r.unpinned.reachedLoopback} / ${r.unpinned.calls}`,
        String(r.unpinned.reachedPublic),
        String(r.flips),
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
} else {
  rebindNote = 'Not run: the rebinding simulation needs root (unshare --net --mount).';
}

publish(
  'page-fetch',
  [
    '# Page fetch: pinning cost and DNS rebinding',
    '',
    `Machine: ${machine()}; Bun ${versionOf(BUN)}, ${versionOf(DENO)}.`,
    '',
    '## Cost: one 100 KB page through safeFetch from a loopback server (ms, 200 calls each)',
    '',
    table(
      [
        'runtime',
        'plain p50',
        'pinned p50',
        'plain p95',
        'pinned p95',
        'pinned − plain (p50)',
        'first pinned call',
      ],
      ['l', 'r', 'r', 'r', 'r', 'r', 'r'],
      costRows,
    ),
    '',
    'Plain: the runtime’s own fetch, which pools connections. Pinned: Runtime.pageFetch',
    '(resolve, check, connect to the checked address, one request per connection). The first',
    'pinned call loads undici (from source here; dist/ loads it as one bundled chunk).',
    '',
    '## What it buys: a name flipping between 11.22.33.44 and 127.0.0.1 every 2 ms, 150 calls',
    '',
    rebindNote ||
      table(
        [
          'runtime',
          'pinned: reached loopback',
          'pinned: reached public',
          'plain: reached loopback',
          'plain: reached public',
          'hosts flips',
        ],
        ['l', 'r', 'r', 'r', 'r', 'r'],
        rebindRows,
      ),
    '',
  ].join('\n'),
);
