// The start-up clean-up with a process table of its own: a dead server's run has its group
// ended (where it still works in the run dir), every process tagged with the run ended too
// (one that left the group with setsid), and its directory removed; a live server's run is
// left alone, tagged processes and all. The process table finds a tagged process in /proc.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { processTable } from '../../src/process/process-table.ts';
import { type ReapDeps, RUN_RECORD, reapOrphanRuns } from '../../src/process/run-record.ts';
import { RUN_TAG } from '../../src/process/watchdog.ts';
import { RUN_DIR_PREFIX } from '../../src/runtime.ts';

const tmp = mkdtempSync(join(tmpdir(), 'web-mcp-reap-'));
after(() => rmSync(tmp, { recursive: true, force: true }));

function run(name: string, server: number, group: number): string {
  const dir = join(tmp, `${RUN_DIR_PREFIX}${name}`);
  mkdirSync(dir);
  writeFileSync(join(dir, RUN_RECORD), JSON.stringify({ server, group }));
  return `${RUN_DIR_PREFIX}${name}`;
}

describe('reapOrphanRuns', () => {
  it('ends the tagged processes of a dead server’s run, and leaves a live server’s alone', async () => {
    const dead = run('dead', 1001, 2001);
    const live = run('live', 1002, 2002);
    const killed: string[] = [];
    const deps: ReapDeps = {
      tmp,
      self: 1,
      clock: Date.now,
      isAlive: async (pid) => pid === 1002,
      groupWorksIn: async () => true,
      killGroup: (group) => void killed.push(`group ${group}`),
      tagged: async (name) => (name === dead ? [3001, 3002] : name === live ? [3003] : []),
      killProcess: (pid) => void killed.push(`pid ${pid}`),
      ownDirMtime: async () => Date.now(),
    };
    const reaped = await reapOrphanRuns(deps);
    assert.deepEqual(killed, ['group 2001', 'pid 3001', 'pid 3002']);
    assert.deepEqual(reaped.removed, [join(tmp, dead)]);
  });

  it('finds a process by its run tag in /proc, whatever its group or session (Linux)', {
    skip: process.platform !== 'linux',
  }, async () => {
    const name = `${RUN_DIR_PREFIX}tag-probe`;
    const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1e9)'], {
      detached: true,
      stdio: 'ignore',
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', [RUN_TAG]: name },
    });
    try {
      const table = processTable({ proc: true });
      assert.deepEqual(await table.tagged(name), [child.pid]);
      assert.deepEqual(await table.tagged(`${name}-other`), []);
      assert.deepEqual(await processTable({ proc: false }).tagged(name), [], 'without /proc nothing is seen');
    } finally {
      child.kill('SIGKILL');
    }
  });
});
