// The packed tarball as users get it: `bunx --bun -p <tgz> web-mcp` runs Bun's adapter,
// plain `bunx` follows the node shebang, and the package needs nothing from a registry
// (everything is bundled in dist/; the registry is pointed at a closed loopback port).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { BUN, ROOT } from '../helpers/entries.ts';
import { baseEnv, connectStdio } from '../helpers/mcp-client.ts';

const BUNX = join(ROOT, 'node_modules', '.bin', 'bunx');
const NO_REGISTRY = 'http://127.0.0.1:9/';

describe('packed tarball', () => {
  let dir: string;
  let tarball: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'web-mcp-pack-'));
    const packed = spawnSync('npm', ['pack', '--ignore-scripts', '--pack-destination', dir], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    assert.equal(packed.status, 0, packed.stderr);
    const name = readdirSync(dir).find((f) => f.endsWith('.tgz'));
    assert.ok(name, 'npm pack wrote a tarball');
    tarball = join(dir, name);
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  const env = () =>
    baseEnv({
      BUN_INSTALL_CACHE_DIR: mkdtempSync(join(dir, 'cache-')),
      BUN_CONFIG_REGISTRY: NO_REGISTRY,
      NPM_CONFIG_REGISTRY: NO_REGISTRY,
      PATH: `${join(BUN, '..')}:${join(process.execPath, '..')}:/usr/bin:/bin`,
    });

  it('bunx --bun runs the Bun adapter offline', () => {
    const run = spawnSync(BUNX, ['--bun', '-p', tarball, 'web-mcp', '--version'], {
      env: env(),
      encoding: 'utf8',
      timeout: 60_000,
    });
    assert.equal(run.status, 0, run.stderr);
    assert.match(run.stdout, /^web-mcp \d+\.\d+\.\d+ \(bun /);
  });

  it('plain bunx follows the node shebang', () => {
    const run = spawnSync(BUNX, ['-p', tarball, 'web-mcp', '--version'], {
      env: env(),
      encoding: 'utf8',
      timeout: 60_000,
    });
    assert.equal(run.status, 0, run.stderr);
    assert.match(run.stdout, /^web-mcp \d+\.\d+\.\d+ \(node /);
  });

  it('serves MCP over stdio from the tarball under Bun', async () => {
    const session = await connectStdio(
      { runtime: 'bun', command: BUNX, args: ['--bun', '-p', tarball, 'web-mcp'] },
      'modern',
      {
        env: env(),
        args: ['--tiers', 'basic'],
      },
    );
    try {
      const { tools } = await session.client.listTools();
      assert.deepEqual(tools.map((t) => t.name).sort(), ['web_lookup', 'web_read']);
    } finally {
      await session.close();
    }
  });
});
