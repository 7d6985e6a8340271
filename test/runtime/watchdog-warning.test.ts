// Without sh (Deno without sh in --allow-run, or no sh on PATH) runs still start, and
// the server says once — not once per run — that a crash could leave them going.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { it } from 'node:test';
import { ROOT } from '../helpers/entries.ts';

const SCRIPT = `
import { nodeRuntime } from './adapters/node/runtime.ts';
for (let i = 0; i < 3; i++) {
  const child = nodeRuntime.spawn('/bin/sh', { args: ['-c', 'exit 7'], env: {}, cwd: '/' });
  console.log(await child.exited);
}
`;

it('starts runs without a watchdog when sh cannot be started, warning once', () => {
  const result = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', SCRIPT], {
    cwd: ROOT,
    env: { PATH: '/nonexistent', HOME: process.env.HOME ?? '/tmp' },
    encoding: 'utf8',
  });
  assert.equal(result.stdout, '7\n7\n7\n', result.stderr);
  const warnings = result.stderr.split('\n').filter((line) => line.includes('cannot start a watchdog'));
  assert.equal(warnings.length, 1, result.stderr);
  assert.match(
    warnings[0] ?? '',
    /^web-mcp: warning: cannot start a watchdog \(.*\); a claude run may outlive/,
  );
});
