// The spawn contract every runtime adapter passes on its own runtime: a child leads
// its own process group, its pipes and exit code come through, kill() ends the whole
// group, a missing command is a typed error — and no run outlives its server: kill -9
// of the server ends each run's group within 5 s (the watchdog), and the next start
// removes the run dirs a dead server left behind.
import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { processTable } from '../../src/process/process-table.ts';
import { RUN_RECORD, reapOrphanRuns } from '../../src/process/run-record.ts';
import { RUN_DIR_PREFIX, type Runtime, SpawnError, type Subprocess } from '../../src/runtime.ts';
import { isGone, waitGone } from '../helpers/processes.ts';
import { firstLine } from './helpers/first-line.ts';

/** How to start test/runtime/helpers/orphan-server.ts on the runtime under test. */
export interface HelperCommand {
  readonly command: string;
  readonly args: readonly string[];
}

const HELPER = new URL('./helpers/orphan-server.ts', import.meta.url).pathname;
const env = { PATH: process.env.PATH ?? '/usr/bin:/bin' };

async function readAll(stream: ReadableStream<Uint8Array>): Promise<string> {
  let text = '';
  const decoder = new TextDecoder();
  for await (const chunk of stream) text += decoder.decode(chunk, { stream: true });
  return text + decoder.decode();
}

const groupOf = (pid: number): string =>
  readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ')[2] ?? '';

interface Orphans {
  readonly server: number;
  readonly runs: { group: number; grandchild: number; dir: string }[];
}

function startHelper(helper: HelperCommand, name: string, tmp: string) {
  const child: ChildProcess = spawn(helper.command, [...helper.args, HELPER, name], {
    env: { ...process.env, TMPDIR: tmp },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const line = new Promise<Orphans>((resolve, reject) => {
    let text = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      if (text.includes('\n')) resolve(JSON.parse(text.split('\n')[0] ?? '') as Orphans);
    });
    child.on('exit', (code) =>
      reject(new Error(`the helper server exited (${code}) before starting its runs`)),
    );
  });
  return { child, ready: line };
}

export function spawnContract(name: string, runtime: Pick<Runtime, 'spawn'>, helper: HelperCommand): void {
  describe(`${name}: spawn`, () => {
    let tmp = '';
    before(() => {
      tmp = mkdtempSync(join(tmpdir(), 'web-mcp-spawn-contract-'));
    });
    after(() => rmSync(tmp, { recursive: true, force: true }));

    const run = (script: string): Subprocess => runtime.spawn('sh', { args: ['-c', script], env, cwd: tmp });

    it('starts the child as leader of its own process group and reports exit codes', async () => {
      const child = run('read -r _; exit 3');
      assert.equal(groupOf(child.pid), String(child.pid));
      await child.stdin.close();
      assert.equal(await child.exited, 3);
      assert.equal(await run('exit 0').exited, 0);
      assert.equal(await run('kill -KILL $$').exited, null, 'a signal gives null');
    });

    it('carries stdin, stdout and stderr as Web streams', async () => {
      const child = run('cat; echo oops >&2');
      const writer = child.stdin.getWriter();
      await writer.write(new TextEncoder().encode('hello'));
      await writer.close();
      const [out, err, code] = await Promise.all([
        readAll(child.stdout),
        readAll(child.stderr),
        child.exited,
      ]);
      assert.equal(out, 'hello');
      assert.equal(err, 'oops\n');
      assert.equal(code, 0);
    });

    it('kill() ends the whole group, and never throws once it is gone', async () => {
      const child = run('sleep 300 & echo $!; wait');
      const grandchild = Number(await firstLine(child.stdout));
      child.kill();
      assert.equal(await child.exited, null);
      assert.deepEqual(await waitGone([child.pid, grandchild], 3000), []);
      child.kill('SIGKILL');
    });

    it('throws SpawnError for a missing or a non-executable command', () => {
      const missing = (() => {
        try {
          runtime.spawn('web-mcp-no-such-command', { args: [], env, cwd: tmp });
        } catch (error) {
          return error;
        }
      })();
      assert.ok(missing instanceof SpawnError && missing.reason === 'not_found', String(missing));
      const plain = join(tmp, 'not-executable');
      writeFileSync(plain, '#!/bin/sh\n');
      chmodSync(plain, 0o644);
      const denied = (() => {
        try {
          runtime.spawn(plain, { args: [], env, cwd: tmp });
        } catch (error) {
          return error;
        }
      })();
      assert.ok(denied instanceof SpawnError && denied.reason === 'not_executable', String(denied));
    });
  });

  describe(`${name}: runs die with their server`, () => {
    let tmp = '';
    before(() => {
      tmp = mkdtempSync(join(tmpdir(), 'web-mcp-watchdog-contract-'));
    });
    after(() => rmSync(tmp, { recursive: true, force: true }));

    const reap = () =>
      reapOrphanRuns({ ...processTable({ proc: name !== 'deno' }), tmp, self: process.pid, clock: Date.now });

    it('kill -9 of the server ends both runs and their children within 5 s; the next start removes their dirs', async () => {
      const { child, ready } = startHelper(helper, name, tmp);
      const orphans = await ready;
      const pids = orphans.runs.flatMap((r) => [r.group, r.grandchild]);
      assert.equal(pids.length, 4);
      for (const run of orphans.runs) {
        const record = JSON.parse(readFileSync(join(run.dir, RUN_RECORD), 'utf8'));
        assert.equal(record.server, orphans.server);
        assert.equal(record.group, run.group);
      }
      // A live server's runs are not touched by another server's start.
      assert.deepEqual((await reap()).removed, []);
      child.kill('SIGKILL');
      assert.deepEqual(await waitGone(pids, 5000), [], 'every process of both runs is gone within 5 s');
      await waitGone([orphans.server], 5000);
      const reaped = await reap();
      assert.deepEqual(reaped.removed.sort(), orphans.runs.map((r) => r.dir).sort());
      assert.deepEqual(
        readdirSync(tmp).filter((n) => n.startsWith(RUN_DIR_PREFIX)),
        [],
      );
    });

    it('the next start ends a group a dead server left when its watchdog died too (where /proc is readable)', async () => {
      const { child, ready } = startHelper(helper, name, tmp);
      const orphans = await ready;
      const pids = orphans.runs.flatMap((r) => [r.group, r.grandchild]);
      for (const run of orphans.runs) {
        const record = JSON.parse(readFileSync(join(run.dir, RUN_RECORD), 'utf8'));
        assert.equal(typeof record.watchdog, 'number', 'the record names the watchdog');
        process.kill(record.watchdog, 'SIGKILL');
      }
      // Wait for the exit event, so the dead server is reaped and not a zombie that a
      // runtime without /proc would take for a live server.
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
      await waitGone([orphans.server], 5000);
      try {
        const reaped = await reap();
        assert.equal(reaped.removed.length, 2, JSON.stringify({ reaped, orphans, left: readdirSync(tmp) }));
        if (name === 'deno') {
          // Deno's server may not read /proc, so it cannot tell the group is still this run's.
          assert.deepEqual(reaped.killed, []);
        } else {
          assert.deepEqual(reaped.killed.sort(), orphans.runs.map((r) => r.group).sort());
          assert.deepEqual(await waitGone(pids, 3000), []);
        }
        for (const run of orphans.runs) assert.equal(existsSync(run.dir), false);
      } finally {
        for (const run of orphans.runs) if (!(await isGone(run.group))) process.kill(-run.group, 'SIGKILL');
      }
    });
  });
}
