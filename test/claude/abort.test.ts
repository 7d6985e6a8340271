// Stopping a run (R-X1, R-X2): on abort the whole process group — the fake and its
// grandchild — is gone within a second, and the reason decides cancelled vs timeout.
import assert from 'node:assert/strict';
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { spawnNode } from '../../adapters/node/spawn.ts';
import { CANCEL_REASON, TIMEOUT_REASON } from '../../src/claude/limiter.ts';
import { runClaude } from '../../src/claude/run.ts';
import { isToolError } from '../../src/errors.ts';
import { FAKE_CLAUDE, researchArgs, runFake, scratchDir, waitFor, waitGone } from './helpers.ts';

async function startGrandchildRun(reason: unknown) {
  const dir = await scratchDir();
  const pidFile = join(dir, 'grandchild.pid');
  const control = new AbortController();
  const run = runFake(
    { FAKE_CLAUDE_SCENARIO: 'grandchild', FAKE_CLAUDE_PIDFILE: pidFile },
    { signal: control.signal },
  );
  const grandchild = await waitFor(async () => {
    const text = await readFile(pidFile, 'utf8').catch(() => '');
    return text === '' ? undefined : Number(text);
  });
  control.abort(reason);
  const aborted = Date.now();
  const outcome = await run;
  await rm(dir, { recursive: true, force: true });
  return { outcome, grandchild, aborted };
}

describe('aborting a run', () => {
  it('a cancel kills the whole group, grandchild included, within 1 s → cancelled', async () => {
    const { outcome, grandchild, aborted } = await startGrandchildRun(CANCEL_REASON);
    const main = outcome.log[0]?.pid;
    assert.ok(main !== undefined);
    const alive = await waitGone([main, grandchild], Math.max(0, 1000 - (Date.now() - aborted)));
    assert.deepEqual(alive, [], 'processes still alive 1 s after the abort');
    assert.ok(isToolError(outcome.result));
    assert.equal(outcome.result.code, 'cancelled');
    assert.ok(outcome.dirs.length === 1);
  });

  it('a deadline abort → timeout, with the group gone too', async () => {
    const { outcome, grandchild, aborted } = await startGrandchildRun(TIMEOUT_REASON);
    const alive = await waitGone([grandchild], Math.max(0, 1000 - (Date.now() - aborted)));
    assert.deepEqual(alive, []);
    assert.ok(isToolError(outcome.result));
    assert.equal(outcome.result.code, 'timeout');
  });

  it('AbortSignal.timeout counts as timeout and a hung run returns', async () => {
    const { result, log } = await runFake(
      { FAKE_CLAUDE_SCENARIO: 'hang' },
      { signal: AbortSignal.timeout(300) },
    );
    assert.ok(isToolError(result));
    assert.equal(result.code, 'timeout');
    assert.deepEqual(await waitGone([log[0]?.pid ?? 0], 1000), []);
  });

  it('an already aborted signal never spawns', async () => {
    const control = new AbortController();
    control.abort(CANCEL_REASON);
    const { result, log, dirs } = await runFake({}, { signal: control.signal });
    assert.ok(isToolError(result));
    assert.equal(result.code, 'cancelled');
    assert.equal(log.length, 0);
    assert.equal(dirs.length, 0);
  });

  it('an abort while the run dir is being made never spawns and still removes the dir', async () => {
    const control = new AbortController();
    const spawned: string[] = [];
    const removed: string[] = [];
    const result = await runClaude({
      runtime: {
        spawn: (command, options) => {
          spawned.push(command);
          return spawnNode(command, options);
        },
      },
      claudeBin: FAKE_CLAUDE,
      args: researchArgs(),
      env: {},
      prompt: 'x',
      signal: control.signal,
      makeTempDir: async () => {
        control.abort(TIMEOUT_REASON);
        return '/nonexistent/run-dir';
      },
      removeDir: async (p) => {
        removed.push(p);
      },
    });
    assert.ok(isToolError(result));
    assert.equal(result.code, 'timeout');
    assert.deepEqual(spawned, []);
    assert.deepEqual(removed, ['/nonexistent/run-dir']);
  });

  it('a slow run that finishes before the abort is a success', async () => {
    const { result } = await runFake({ FAKE_CLAUDE_SCENARIO: 'slow', FAKE_CLAUDE_DELAY_MS: '50' });
    assert.ok(!isToolError(result), JSON.stringify(result));
  });
});
