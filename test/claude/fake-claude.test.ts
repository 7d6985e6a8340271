// The fake claude keeps the real CLI's parsing rules, so an argv mistake in the
// runner fails here the way it would fail against the real binary.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { describe, it } from 'node:test';
import { FAKE_CLAUDE } from './helpers.ts';

function fake(args: string[], input = 'prompt', env: Record<string, string> = {}) {
  const r = spawnSync(FAKE_CLAUDE, args, {
    input,
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '', ...env },
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const STREAM = ['-p', '--output-format', 'stream-json', '--verbose'];

describe('fake claude', () => {
  it('rejects an unknown option like commander', () => {
    const r = fake(['-p', '--nope']);
    assert.equal(r.code, 1);
    assert.equal(r.stdout, '');
    assert.match(r.stderr, /error: unknown option '--nope'/);
  });

  it('fails when a variadic flag swallows the prompt, and succeeds with the prompt on stdin', () => {
    assert.equal(fake([...STREAM, '--tools', 'WebSearch', 'what is rust?'], '').code, 1);
    assert.equal(fake([...STREAM, '--tools', 'WebSearch', '--model', 'haiku']).code, 0);
    assert.equal(fake([...STREAM, '--tools=', '--model', 'haiku']).code, 0);
  });

  it('requires --verbose with stream-json and a prompt somewhere', () => {
    assert.equal(fake(['-p', '--output-format', 'stream-json']).code, 1);
    assert.equal(fake(STREAM, '').code, 1);
  });

  it('answers --version and auth status per scenario', () => {
    assert.equal(fake(['--version']).stdout.trim(), '2.1.332 (Claude Code)');
    const out = fake(['auth', 'status'], '', { FAKE_CLAUDE_LOGGED_IN: '0' });
    assert.equal(out.code, 1);
    assert.equal(JSON.parse(out.stdout).loggedIn, false);
    assert.equal(fake(['auth', 'status']).code, 0);
  });

  it('prints NDJSON ending in a result event with structured_output', () => {
    const r = fake([...STREAM, '--tools', 'WebSearch,WebFetch', '--json-schema', '{}']);
    assert.equal(r.code, 0);
    const last = JSON.parse(r.stdout.trim().split('\n').at(-1) ?? '');
    assert.equal(last.type, 'result');
    assert.equal(typeof last.structured_output.answer, 'string');
  });
});
