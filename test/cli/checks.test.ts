// Doctor's checks against a scripted Runtime.spawn: the env allow-list, the 5 s
// bound, version warnings, and sign-in without a word of the credentials.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { cacheCheck } from '../../src/cli/cache-check.ts';
import { claudeCheck, httpCheck, runtimeCheck, signInCheck } from '../../src/cli/checks.ts';
import { olderThan, parseVersion, probeClaude } from '../../src/cli/claude-probe.ts';
import { type Runtime, SpawnError, type SpawnOptions, type Subprocess } from '../../src/runtime.ts';

interface Script {
  readonly stdout?: string;
  readonly code?: number;
  readonly hang?: boolean;
  readonly fail?: SpawnError['reason'];
}

function fakeRuntime(script: (args: readonly string[]) => Script) {
  const calls: { command: string; options: SpawnOptions }[] = [];
  const kills: string[] = [];
  const runtime: Pick<Runtime, 'spawn'> = {
    spawn(command, options) {
      calls.push({ command, options });
      const s = script(options.args);
      if (s.fail) throw new SpawnError(s.fail, 'cannot start');
      const text = (t: string) =>
        new ReadableStream<Uint8Array>({
          start(c) {
            if (t) c.enqueue(new TextEncoder().encode(t));
            if (!s.hang) c.close();
          },
        });
      const proc: Subprocess = {
        pid: 4242,
        stdin: new WritableStream(),
        stdout: text(s.stdout ?? ''),
        stderr: text(''),
        exited: s.hang ? new Promise(() => {}) : Promise.resolve(s.code ?? 0),
        kill: (signal = 'SIGTERM') => void kills.push(signal),
      };
      return proc;
    },
  };
  return { runtime, calls, kills };
}

describe('doctor checks', () => {
  it('passes claude only the allow-listed environment, as research runs do', async () => {
    const fake = fakeRuntime(() => ({ stdout: '2.1.332 (Claude Code)\n' }));
    await probeClaude(fake.runtime, 'claude', ['--version'], {
      PATH: '/bin',
      HOME: '/home/me',
      ANTHROPIC_API_KEY: 'sk-secret',
      BRAVE_API_KEY: 'brave-secret',
      WEB_MCP_HTTP_TOKEN: 'token-secret-123456',
    });
    const env = fake.calls[0]!.options.env;
    assert.equal(env.HOME, '/home/me');
    assert.equal(env.ANTHROPIC_API_KEY, undefined);
    assert.equal(env.BRAVE_API_KEY, undefined);
    assert.equal(env.WEB_MCP_HTTP_TOKEN, undefined);
  });

  it('gives up on a claude that does not answer and kills it', async () => {
    const fake = fakeRuntime(() => ({ hang: true }));
    const probe = await probeClaude(fake.runtime, 'claude', ['--version'], {}, 30);
    assert.equal(probe.kind, 'timeout');
    assert.deepEqual(fake.kills, ['SIGKILL']);
  });

  it('fails a missing claude, warns on one older than the version tested, passes the tested one', async () => {
    const missing = await claudeCheck(fakeRuntime(() => ({ fail: 'not_found' })).runtime, 'claude', {});
    assert.equal(missing.check.status, 'fail');
    assert.equal(missing.runs, false);
    assert.match(missing.check.fix ?? '', /npm i -g @anthropic-ai\/claude-code/);
    const old = await claudeCheck(
      fakeRuntime(() => ({ stdout: '2.0.9 (Claude Code)' })).runtime,
      'claude',
      {},
    );
    assert.equal(old.check.status, 'warn');
    assert.match(old.check.message, /2\.0\.9, older than 2\.1\.332/);
    const stub = await claudeCheck(fakeRuntime(() => ({ code: 1 })).runtime, 'claude', {});
    assert.equal(stub.check.status, 'fail');
    const fine = await claudeCheck(
      fakeRuntime(() => ({ stdout: '2.2.0 (Claude Code)' })).runtime,
      'claude',
      {},
    );
    assert.equal(fine.check.status, 'ok');
  });

  it('reports sign-in from the exit code and loggedIn, never echoing what else claude printed', async () => {
    const secretive = JSON.stringify({
      loggedIn: true,
      authMethod: 'claude.ai',
      email: 'me@x.org',
      token: 'oat-1',
    });
    const ok = await signInCheck(fakeRuntime(() => ({ stdout: secretive })).runtime, 'claude', {});
    assert.equal(ok.status, 'ok');
    assert.doesNotMatch(JSON.stringify(ok), /me@x\.org|oat-1/);
    const out = await signInCheck(
      fakeRuntime(() => ({ stdout: '{"loggedIn":false}', code: 1 })).runtime,
      'claude',
      {},
    );
    assert.equal(out.status, 'fail');
    const lying = await signInCheck(
      fakeRuntime(() => ({ stdout: '{"loggedIn":false}' })).runtime,
      'claude',
      {},
    );
    assert.equal(lying.status, 'fail');
  });

  it('warns on a runtime older than documented, and applies the HTTP token rules', () => {
    assert.equal(runtimeCheck({ name: 'node', version: '20.11.0' }).status, 'warn');
    assert.equal(runtimeCheck({ name: 'deno', version: '2.9.6' }).status, 'ok');
    const off = { host: '0.0.0.0', port: 8787, loopback: false };
    assert.equal(httpCheck(off, undefined).status, 'fail');
    assert.equal(httpCheck(off, 'a'.repeat(20)).status, 'ok');
    assert.equal(httpCheck({ host: '127.0.0.1', port: 8787, loopback: true }, undefined).status, 'ok');
  });

  it('compares versions numerically', () => {
    assert.deepEqual(parseVersion('2.1.332 (Claude Code)'), [2, 1, 332]);
    assert.equal(olderThan([2, 1, 99], [2, 1, 332]), true);
    assert.equal(olderThan([2, 10, 0], [2, 9, 0]), false);
    assert.equal(olderThan([2, 1, 332], [2, 1, 332]), false);
  });

  it('measures the cache directory, and leaves nothing behind in it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'web-mcp-doctor-'));
    try {
      mkdirSync(join(dir, 'answers'));
      writeFileSync(join(dir, 'answers', 'a.json'), 'x'.repeat(3000));
      writeFileSync(join(dir, 'b.json'), 'y'.repeat(100));
      const check = await cacheCheck(dir, 200 * 1024 * 1024);
      assert.equal(check.status, 'ok');
      assert.equal(check.message, `${dir}, 3 KB of 200 MB`);
      assert.equal(check.facts?.bytes, 3100);
      const missing = await cacheCheck(join(dir, 'nope'), 1024 * 1024);
      assert.match(missing.message, /not created yet/);
      const again = await cacheCheck(dir, 200 * 1024 * 1024);
      assert.equal(again.facts?.bytes, 3100, 'the write probe is gone');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
