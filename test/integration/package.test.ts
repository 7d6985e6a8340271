// The package as users install it: packed, served by an npm registry on loopback, then
// fetched and started by `npx -y web-mcp`, `bunx --bun web-mcp` (and plain bunx, which
// follows the node shebang) and `deno run … npm:web-mcp` with docs/runtimes.md's exact
// permissions. Each answers --version and serves tools/list to the official MCP client.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { BUN, DENO, type Entry, ROOT } from '../helpers/entries.ts';
import { baseEnv, connectStdio } from '../helpers/mcp-client.ts';
import { type NpmRegistry, startNpmRegistry } from '../helpers/npm-registry.ts';
import { packTarball } from '../helpers/pack.ts';

const VERSION = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;
const BUNX = join(ROOT, 'node_modules', '.bin', 'bunx');

/** docs/runtimes.md's Deno command (the sh block that runs npm:web-mcp): its env assignments and flags. */
export function documentedDenoCommand(home: string): { env: Record<string, string>; flags: string[] } {
  const page = readFileSync(join(ROOT, 'docs', 'runtimes.md'), 'utf8');
  const block = [...page.matchAll(/```sh\n([\s\S]*?)```/g)]
    .map((m) => m[1] ?? '')
    .find((b) => /deno run [\s\S]*npm:web-mcp/.test(b));
  assert.ok(block, 'docs/runtimes.md has a sh block running `deno run … npm:web-mcp`');
  const words = block
    .replace(/\\\n/g, ' ')
    .trim()
    .split(/\s+/)
    .map((w) => w.replaceAll('$HOME', home));
  const run = words.indexOf('run');
  assert.equal(words[run - 1], 'deno');
  const env = Object.fromEntries(words.slice(0, run - 1).map((w) => w.split('=') as [string, string]));
  const flags = words.slice(run + 1, words.indexOf('npm:web-mcp'));
  assert.ok(flags.length > 0 && flags.every((f) => f.startsWith('--')), `flags: ${flags.join(' ')}`);
  return { env, flags };
}

function run(
  command: string,
  args: string[],
  options: { cwd: string; env: Record<string, string> },
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(command, args, { ...options, timeout: 120_000, encoding: 'utf8' }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : null) : 0;
      resolve({ code, stdout, stderr });
    });
  });
}

describe('installed from a registry', () => {
  let dir: string;
  let registry: NpmRegistry;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'web-mcp-install-'));
    registry = await startNpmRegistry(packTarball(dir));
  });
  after(async () => {
    await registry?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** A fresh user: own HOME, empty caches, the loopback registry, no project around. */
  function user(name: string): { cwd: string; env: Record<string, string> } {
    const home = join(dir, name);
    const cwd = join(home, 'work');
    mkdirSync(cwd, { recursive: true });
    return {
      cwd,
      env: baseEnv({
        HOME: home,
        PATH: `${join(BUN, '..')}:${join(DENO, '..')}:${join(process.execPath, '..')}:/usr/bin:/bin`,
        npm_config_registry: registry.url,
        npm_config_cache: join(home, '.npm'),
        npm_config_update_notifier: 'false',
        npm_config_audit: 'false',
        npm_config_fund: 'false',
        BUN_CONFIG_REGISTRY: registry.url,
        BUN_INSTALL_CACHE_DIR: join(home, '.bun-cache'),
        NPM_CONFIG_REGISTRY: registry.url,
        DENO_DIR: join(home, '.deno'),
        DENO_NO_UPDATE_CHECK: '1',
      }),
    };
  }

  const launchers: { name: string; runtime: string; start: (home: string) => Omit<Entry, 'runtime'> }[] = [
    { name: 'npx -y web-mcp', runtime: 'node', start: () => ({ command: 'npx', args: ['-y', 'web-mcp'] }) },
    {
      name: 'bunx --bun web-mcp',
      runtime: 'bun',
      start: () => ({ command: BUNX, args: ['--bun', 'web-mcp'] }),
    },
    { name: 'bunx web-mcp', runtime: 'node', start: () => ({ command: BUNX, args: ['web-mcp'] }) },
    {
      name: 'deno run … npm:web-mcp',
      runtime: 'deno',
      start: (home) => ({
        command: DENO,
        args: ['run', ...documentedDenoCommand(home).flags, 'npm:web-mcp'],
      }),
    },
  ];

  for (const launcher of launchers) {
    it(`${launcher.name} installs, names its version and runtime, and serves tools/list`, async () => {
      const { cwd, env } = user(launcher.name.replace(/\W+/g, '-'));
      const home = env.HOME ?? '';
      const extraEnv = launcher.runtime === 'deno' ? documentedDenoCommand(home).env : {};
      mkdirSync(join(home, '.cache', 'web-mcp'), { recursive: true });
      const { command, args } = launcher.start(home);
      const before = registry.served.length;
      // Asynchronous: the registry answers from this very process.
      const version = await run(command, [...args, '--version'], { cwd, env: { ...env, ...extraEnv } });
      assert.equal(version.code, 0, `${version.stderr}\n${version.stdout}`);
      assert.equal(
        version.stdout.split('\n')[0]?.startsWith(`web-mcp ${VERSION} (${launcher.runtime} `),
        true,
        version.stdout,
      );
      assert.ok(
        registry.served.slice(before).some((p) => p.endsWith('.tgz')),
        `the tarball came from the loopback registry (served: ${registry.served.slice(before).join(', ')})`,
      );

      const session = await connectStdio(
        {
          runtime: launcher.runtime === 'deno' ? 'deno' : launcher.runtime === 'bun' ? 'bun' : 'node',
          command,
          args,
        },
        'modern',
        { env: { ...env, ...extraEnv }, args: ['--tiers', 'basic'], cwd },
      );
      try {
        const { tools } = await session.client.listTools();
        assert.deepEqual(tools.map((t) => t.name).sort(), ['web_lookup', 'web_read']);
      } finally {
        await session.close();
      }
    });
  }
});
