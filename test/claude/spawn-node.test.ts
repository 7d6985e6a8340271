// The Node spawn adapter: typed start failures, its own process group, Web
// streams both ways, and a kill() that never throws.
import assert from 'node:assert/strict';
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { spawnNode } from '../../adapters/node/spawn.ts';
import { SpawnError } from '../../src/runtime.ts';
import { FAKE_CLAUDE, waitFor, waitGone } from './helpers.ts';

const base = { env: { PATH: process.env.PATH ?? '' }, cwd: tmpdir() };

describe('spawnNode', () => {
  it('throws SpawnError not_found for a missing command, by path or on PATH', () => {
    for (const command of ['/nonexistent/claude', 'no-such-command-web-mcp']) {
      assert.throws(
        () => spawnNode(command, { ...base, args: [] }),
        (e) => e instanceof SpawnError && e.reason === 'not_found',
      );
    }
  });

  it('throws SpawnError not_executable for a file without the x bit', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'web-mcp-test-'));
    const file = join(dir, 'claude');
    await writeFile(file, '#!/bin/sh\n');
    await chmod(file, 0o600);
    assert.throws(
      () => spawnNode(file, { ...base, args: [] }),
      (e) => e instanceof SpawnError && e.reason === 'not_executable',
    );
    await rm(dir, { recursive: true, force: true });
  });

  it('pipes stdin to stdout as Web streams and reports the exit code', async () => {
    const proc = spawnNode(process.execPath, { ...base, args: ['-e', 'process.stdin.pipe(process.stdout)'] });
    const w = proc.stdin.getWriter();
    await w.write(new TextEncoder().encode('hello'));
    await w.close();
    const out = await new Response(proc.stdout).text();
    assert.equal(out, 'hello');
    assert.equal(await proc.exited, 0);
  });

  it('starts the child as its own process group leader; kill ends it and never throws after', async () => {
    const proc = spawnNode(process.execPath, {
      ...base,
      args: [
        '-e',
        "process.stdout.write(require('fs').readFileSync('/proc/self/stat','utf8').split(') ')[1].split(' ')[2]); setInterval(()=>{},1e9)",
      ],
    });
    const reader = proc.stdout.getReader();
    const first = await reader.read();
    if (process.platform === 'linux') assert.equal(new TextDecoder().decode(first.value), String(proc.pid));
    proc.kill();
    assert.equal(await proc.exited, null);
    proc.kill('SIGKILL');
    proc.kill();
  });

  it('a server that exits takes every live group with it, grandchildren included', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'web-mcp-test-'));
    const pidFile = join(dir, 'grandchild.pid');
    const adapter = fileURLToPath(new URL('../../adapters/node/runtime.ts', import.meta.url));
    const script = `
      const { nodeRuntime } = await import(${JSON.stringify(adapter)});
      const p = nodeRuntime.spawn(${JSON.stringify(FAKE_CLAUDE)}, { args: ['-p'], cwd: ${JSON.stringify(dir)},
        env: { PATH: process.env.PATH, FAKE_CLAUDE_SCENARIO: 'grandchild', FAKE_CLAUDE_PIDFILE: ${JSON.stringify(pidFile)} } });
      const w = p.stdin.getWriter(); await w.write(new TextEncoder().encode('q')); await w.close();
      console.log(p.pid);
      const fs = await import('node:fs');
      while (!fs.existsSync(${JSON.stringify(pidFile)})) await new Promise((r) => setTimeout(r, 20));
      process.exit(0);`;
    const server = spawnNode(process.execPath, {
      args: ['--import', 'tsx', '--input-type=module', '-e', script],
      env: { PATH: process.env.PATH ?? '' },
      cwd: process.cwd(),
    });
    const [out] = await Promise.all([new Response(server.stdout).text(), server.exited]);
    const fakePid = Number(out.trim());
    const grandchild = await waitFor(
      async () => Number((await readFile(pidFile, 'utf8').catch(() => '')) || Number.NaN) || undefined,
    );
    assert.deepEqual(await waitGone([fakePid, grandchild], 2000), []);
    await rm(dir, { recursive: true, force: true });
  });
});
