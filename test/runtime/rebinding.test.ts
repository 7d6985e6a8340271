// DNS rebinding, simulated with nothing leaving the machine: a private network and
// mount namespace made here (`unshare --net --mount`, root only) holding only `lo`,
// with a public-looking address added to it and a test hosts file bind-mounted over
// /etc/hosts that flips rebind.test between that address and 127.0.0.1 every 2 ms.
// On every runtime, 150 page fetches through the pinned page fetch must never reach
// the loopback service, and some must have been refused at connect time (the name
// flipped after the check); the same fetches through the runtime's plain fetch are
// printed next to them as test diagnostics.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { BUN, DENO, ROOT } from '../helpers/entries.ts';

const PROBE = join(ROOT, 'test/runtime/helpers/rebind-probe.ts');
const CALLS = 150;
const wanted = (process.env.WEB_MCP_TEST_RUNTIMES ?? 'node,bun,deno').split(',').map((s) => s.trim());

function skipReason(): string | false {
  if (process.platform !== 'linux') return 'needs Linux network namespaces';
  if (process.getuid?.() !== 0)
    return 'needs root to make a network namespace (unshare --net); CI runs as root';
  for (const [tool, args] of [
    ['unshare', ['--version']],
    ['ip', ['-V']],
  ] as const) {
    if (spawnSync(tool, [...args], { stdio: 'ignore' }).status !== 0)
      return `needs ${tool} (util-linux/iproute2)`;
  }
  const probe = spawnSync('unshare', ['--net', '--mount', '--propagation', 'private', 'true'], {
    stdio: 'ignore',
  });
  return probe.status === 0 ? false : 'unshare --net --mount is not permitted here';
}

const COMMANDS = {
  node: [process.execPath, '--import', 'tsx'],
  bun: [BUN],
  deno: [DENO, 'run', '-A', '--no-check'],
} as const;

// Inside the namespace: only lo, up, with the public-looking address; the test hosts
// file over /etc/hosts (set -e: the probe never starts if the bind mount failed).
const SETUP =
  'set -e; ip link set lo up; ip addr add 11.22.33.44/32 dev lo; mount --bind "$1" /etc/hosts; shift; exec "$@"';

interface Figures {
  calls: number;
  reachedLoopback: number;
  reachedPublic: number;
  outcomes: Record<string, number>;
}

function probe(runtime: keyof typeof COMMANDS, hosts: string) {
  return new Promise<{ flips: number; pinned: Figures; unpinned: Figures }>((resolve, reject) => {
    const [command, ...args] = COMMANDS[runtime];
    const child = spawn(
      'unshare',
      [
        '--net',
        '--mount',
        '--propagation',
        'private',
        'sh',
        '-c',
        SETUP,
        'setup',
        hosts,
        command,
        ...args,
        PROBE,
        runtime,
        hosts,
        String(CALLS),
      ],
      { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1' } },
    );
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      err += chunk.toString();
    });
    child.on('close', (code) => {
      const line = out.trim().split('\n').pop() ?? '';
      try {
        resolve(JSON.parse(line));
      } catch {
        reject(new Error(`probe on ${runtime} exited ${code}: ${out}\n${err}`));
      }
    });
  });
}

const show = (f: Figures) =>
  `${f.reachedLoopback}/${f.calls} reached loopback, ${f.reachedPublic} reached public; outcomes ${JSON.stringify(f.outcomes)}`;

describe('DNS rebinding in a private network namespace', { skip: skipReason() }, () => {
  for (const runtime of ['node', 'bun', 'deno'] as const) {
    it(`${runtime}: 0 of ${CALLS} pinned page fetches reach the loopback service`, {
      skip: !wanted.includes(runtime),
    }, async (t) => {
      const dir = mkdtempSync(join(tmpdir(), 'web-mcp-rebind-'));
      const hosts = join(dir, 'hosts');
      writeFileSync(hosts, '127.0.0.1 localhost\n');
      try {
        const figures = await probe(runtime, hosts);
        t.diagnostic(`${runtime} pinned page fetch: ${show(figures.pinned)}`);
        t.diagnostic(`${runtime} plain runtime fetch (no pinning): ${show(figures.unpinned)}`);
        t.diagnostic(`${runtime} hosts file flips: ${figures.flips}`);
        assert.equal(figures.pinned.calls, CALLS);
        assert.equal(figures.pinned.reachedLoopback, 0, show(figures.pinned));
        assert.ok(figures.pinned.reachedPublic > 0, 'some calls reached the public service');
        // The simulation really rebinds: names that passed the check flipped before the
        // connection, and the pinned fetch caught them there.
        assert.ok((figures.pinned.outcomes['blocked_url at connect'] ?? 0) > 0, show(figures.pinned));
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  }
});
