// Runs the runtime-seam contracts on Bun and Deno, each on its own runtime against its
// own adapter (`bun test`, `deno test`: both run node:test suites), and shows their output.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { describe, it } from 'node:test';
import { BUN, DENO, ROOT } from '../helpers/entries.ts';

const wanted = (process.env.WEB_MCP_TEST_RUNTIMES ?? 'node,bun,deno').split(',').map((s) => s.trim());

const SUITES = [
  { runtime: 'bun', command: BUN, args: ['test', '--timeout=60000', './test/runtime/bun-suite.ts'] },
  { runtime: 'deno', command: DENO, args: ['test', '-A', '--no-check', 'test/runtime/deno-suite.ts'] },
] as const;

function run(command: string, args: readonly string[]) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(command, [...args], { cwd: ROOT, env: { ...process.env, NO_COLOR: '1' } });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.on('close', (code) => resolve({ code, output }));
  });
}

describe('runtime-seam contracts on Bun and Deno', () => {
  for (const suite of SUITES) {
    it(`${suite.runtime} passes the contracts on its own runtime`, {
      skip: !wanted.includes(suite.runtime),
    }, async (t) => {
      const { code, output } = await run(suite.command, suite.args);
      for (const line of output.split('\n').filter((l) => /\b(pass|fail|ok|skip|rebinding)\b/i.test(l)))
        t.diagnostic(line.trim());
      assert.equal(code, 0, output.slice(-4000));
    });
  }
});
