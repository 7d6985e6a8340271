// Every failure signature of reference/claude-cli.md, played by the fake, maps to
// its code with a useful sentence that leaks no stack trace and no env value.
import assert from 'node:assert/strict';
import { chmod, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { buildClaudeEnv } from '../../src/claude/args.ts';
import { runClaude } from '../../src/claude/run.ts';
import { isToolError, type ToolError } from '../../src/errors.ts';
import { nodeRuntime, researchArgs, runFake, scratchDir } from './helpers.ts';

const SECRET = 'sk-ant-very-secret-value';

function assertClean(error: ToolError) {
  assert.ok(error.message.startsWith(`${error.code}: `), error.message);
  assert.ok(error.message.length > 40, 'a useful sentence');
  assert.ok(
    !/\n\s+at |Error:|node:internal|\.ts:\d+/.test(error.message),
    `stack-like text: ${error.message}`,
  );
  assert.ok(!error.message.includes(SECRET));
  assert.ok(!error.message.includes(process.env.HOME ?? '\u0000'));
}

async function failure(scenario: string): Promise<ToolError> {
  const { result } = await runFake(
    { FAKE_CLAUDE_SCENARIO: scenario },
    { parentEnv: { ...process.env, ANTHROPIC_API_KEY: SECRET } },
  );
  assert.ok(isToolError(result), `${scenario} should fail`);
  assertClean(result);
  return result;
}

const CASES: [scenario: string, code: ToolError['code'], says: RegExp][] = [
  ['not_signed_in', 'claude_not_signed_in', /sign in|\/login/],
  ['token_revoked', 'claude_not_signed_in', /revoked/],
  ['throttled', 'rate_limited', /temporarily limiting/],
  ['overloaded', 'rate_limited', /overloaded/],
  ['api_timeout', 'timeout', /timed out/],
  ['max_turns', 'bad_output', /16 turns/],
  ['schema_never_met', 'bad_output', /required shape/],
  ['prose', 'bad_output', /prose/],
  ['invalid_output', 'bad_output', /contract at confidence/],
  ['crash', 'bad_output', /exited with code 2/],
  ['garbage', 'bad_output', /stream-json/],
  ['stub', 'no_backend', /native binary/],
];

describe('failure mapping', () => {
  for (const [scenario, code, says] of CASES) {
    it(`${scenario} → ${code}`, async () => {
      const error = await failure(scenario);
      assert.equal(error.code, code);
      assert.match(error.message, says);
    });
  }

  it('usage limit → rate_limited with the reset time from the rate_limit_event', async () => {
    const error = await failure('usage_limit');
    assert.equal(error.code, 'rate_limited');
    assert.match(error.message, /5-hour usage limit/);
    assert.match(error.message, /resets \d{4}-\d\d-\d\d \d\d:\d\d UTC/);
  });

  it('usage limit without an event → rate_limited with the CLI’s own reset wording', async () => {
    const error = await failure('usage_limit_text');
    assert.equal(error.code, 'rate_limited');
    assert.match(error.message, /weekly usage limit is reached; it resets Dec 3, 1:49am \(UTC\)/);
  });

  it('a missing binary → no_backend', async () => {
    const dir = await scratchDir();
    const result = await runClaude({
      runtime: nodeRuntime,
      claudeBin: join(dir, 'no-such-claude'),
      args: researchArgs(),
      env: buildClaudeEnv(process.env),
      prompt: 'x',
      signal: new AbortController().signal,
    });
    assert.ok(isToolError(result));
    assert.equal(result.code, 'no_backend');
    assert.match(result.message, /was not found/);
    assertClean(result);
    await rm(dir, { recursive: true, force: true });
  });

  it('a binary that is not executable → no_backend', async () => {
    const dir = await scratchDir();
    const bin = join(dir, 'claude');
    await writeFile(bin, '#!/bin/sh\necho hi\n');
    await chmod(bin, 0o644);
    const result = await runClaude({
      runtime: nodeRuntime,
      claudeBin: bin,
      args: researchArgs(),
      env: buildClaudeEnv(process.env),
      prompt: 'x',
      signal: new AbortController().signal,
    });
    assert.ok(isToolError(result));
    assert.equal(result.code, 'no_backend');
    assert.match(result.message, /not executable/);
    await rm(dir, { recursive: true, force: true });
  });

  it('an unknown flag (a CLI that changed) is bad_output, not success', async () => {
    const { result } = await runFake({}, { args: [...researchArgs(), '--made-up-flag'] });
    assert.ok(isToolError(result));
    assert.equal(result.code, 'bad_output');
    assert.match(result.message, /does not accept the option --made-up-flag/);
    assertClean(result);
  });
});
