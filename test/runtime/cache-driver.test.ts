// The cache-driver contract on every runtime: Node's adapter here, in-process; Bun's and
// Deno's in their own runtimes (`bun test`, `deno test`), started side by side.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { describe, it } from 'node:test';
import { nodeRuntime } from '../../adapters/node/runtime.ts';
import { BUN, DENO, ROOT } from '../helpers/entries.ts';
import { testCacheDriver } from './cache-driver.contract.ts';

testCacheDriver('node', (dir) => nodeRuntime.cacheDriver(dir));

function run(command: string, args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, NO_COLOR: '1' },
    });
    let output = '';
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}

const wanted = (process.env.WEB_MCP_TEST_RUNTIMES ?? 'node,bun,deno').split(',').map((s) => s.trim());

describe('the cache-driver contract on its own runtime', { concurrency: true }, () => {
  it('bun', { skip: !wanted.includes('bun') }, async () => {
    const { code, output } = await run(BUN, ['test', './test/runtime/cache-driver.bun.ts']);
    assert.equal(code, 0, output);
    assert.match(output, /\b[1-9]\d* pass\b/, output);
    assert.match(output, /\b0 fail\b/, output);
  });
  it('deno', { skip: !wanted.includes('deno') }, async () => {
    const { code, output } = await run(DENO, [
      'test',
      '--no-check',
      '-A',
      'test/runtime/cache-driver.deno.ts',
    ]);
    assert.equal(code, 0, output);
    assert.match(output, /ok \| 1 passed \([1-9]\d* steps\) \| 0 failed/, output);
  });
});
