// runClaude against the fake CLI through the real Node spawn adapter: isolation
// (argv, env, cwd), a successful run's counts and draft, and prompt-only-on-stdin.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { describe, it } from 'node:test';
import { buildClaudeArgs } from '../../src/claude/args.ts';
import { pageSchema } from '../../src/claude/schema.ts';
import { isToolError } from '../../src/errors.ts';
import { runFake } from './helpers.ts';

const ISOLATION = [
  '-p',
  '--verbose',
  '--strict-mcp-config',
  '--disable-slash-commands',
  '--no-session-persistence',
] as const;

describe('runClaude with the fake claude', () => {
  it('passes every isolation flag and sends the prompt only on stdin', async () => {
    const prompt = 'Question: the secret-word prompt';
    const { result, log } = await runFake({}, { prompt });
    assert.ok(!isToolError(result), JSON.stringify(result));
    const [entry] = log;
    assert.ok(entry);
    for (const flag of ISOLATION) assert.ok(entry.argv.includes(flag), flag);
    const after = (flag: string) => entry.argv[entry.argv.indexOf(flag) + 1];
    assert.equal(after('--setting-sources'), '');
    assert.equal(after('--permission-mode'), 'dontAsk');
    assert.equal(after('--tools'), 'WebSearch,WebFetch');
    assert.equal(after('--allowedTools'), 'WebSearch,WebFetch');
    assert.equal(after('--output-format'), 'stream-json');
    assert.equal(after('--max-turns'), '16');
    assert.equal(after('--model'), 'haiku');
    assert.ok(entry.argv.includes('--json-schema'));
    assert.equal(entry.stdin, prompt);
    assert.ok(!entry.argv.some((a) => a.includes('secret-word')), 'prompt leaked into argv');
  });

  it('keeps HOME and CLAUDE_CONFIG_DIR but no ANTHROPIC_API_KEY from the parent', async () => {
    const parentEnv = {
      PATH: process.env.PATH,
      HOME: '/home/someone',
      CLAUDE_CONFIG_DIR: '/home/someone/.claude-work',
      ANTHROPIC_API_KEY: 'sk-ant-should-not-pass',
      ANTHROPIC_BASE_URL: 'http://127.0.0.1:1',
      CLAUDE_CODE_ENTRYPOINT: 'cli',
      CLAUDECODE: '1',
      BRAVE_API_KEY: 'brave-secret',
    };
    const { result, log } = await runFake({}, { parentEnv });
    assert.ok(!isToolError(result), JSON.stringify(result));
    const env = log[0]?.env ?? {};
    assert.equal(env.HOME, '/home/someone');
    assert.equal(env.CLAUDE_CONFIG_DIR, '/home/someone/.claude-work');
    for (const name of [
      'ANTHROPIC_API_KEY',
      'ANTHROPIC_BASE_URL',
      'CLAUDE_CODE_ENTRYPOINT',
      'CLAUDECODE',
      'BRAVE_API_KEY',
    ]) {
      assert.equal(env[name], undefined, name);
    }
    assert.ok(!JSON.stringify(env).includes('sk-ant-should-not-pass'));
    assert.equal(env.CLAUDE_CODE_MAX_RETRIES, '2');
  });

  it('runs in a fresh empty temp dir that is gone afterwards, in its own process group', async () => {
    const { log, dirs } = await runFake({ FAKE_CLAUDE_SCENARIO: 'success' });
    const entry = log[0];
    assert.ok(entry);
    assert.equal(dirs.length, 1);
    assert.equal(entry.cwd, dirs[0]);
    assert.ok(!existsSync(entry.cwd), 'run dir still exists');
    if (entry.pgid !== undefined) assert.equal(entry.pgid, entry.pid);
  });

  it('returns the validated draft, counts searches and reads, and reports events', async () => {
    const output = {
      answer: 'Two pages say so [1][2].',
      confidence: 'medium',
      findings: [{ claim: 'A', quote: 'quoted text', source: 1 }],
      sources: [
        { title: 'One', url: 'http://127.0.0.1:9/one' },
        { title: 'Two', url: 'http://127.0.0.1:9/two' },
      ],
      gaps: ['C is unknown'],
    };
    const { result, events } = await runFake({ FAKE_CLAUDE_OUTPUT: JSON.stringify(output) });
    assert.ok(!isToolError(result), JSON.stringify(result));
    assert.deepEqual(result.draft, output);
    assert.equal(result.searches, 1);
    assert.equal(result.pages, 2);
    assert.deepEqual(result.fetchedUrls, ['http://127.0.0.1:9/one', 'http://127.0.0.1:9/two']);
    assert.equal(result.model, 'claude-haiku-5-5');
    assert.ok(result.seconds >= 0);
    assert.deepEqual(
      events.filter((e) => e.kind !== 'rate_limit').map((e) => e.kind),
      ['search', 'search_result', 'fetch', 'fetch'],
    );
    assert.deepEqual(events.at(-1), { kind: 'fetch', url: 'http://127.0.0.1:9/two', searches: 1, pages: 2 });
  });

  it('page runs (tools "") are accepted by the CLI parser', async () => {
    const args = buildClaudeArgs({
      model: 'haiku',
      schema: pageSchema(300),
      systemPrompt: 'x',
      maxTurns: 3,
      tools: 'none',
    });
    const { result, log } = await runFake({}, { args });
    assert.ok(!isToolError(result), JSON.stringify(result));
    assert.equal(result.searches, 0);
    assert.equal(result.pages, 0);
    assert.ok(!log[0]?.argv.includes('--allowedTools'));
  });

  it('leaves no run directory behind when the run fails', async () => {
    const { dirs } = await runFake({ FAKE_CLAUDE_SCENARIO: 'crash' });
    assert.equal(dirs.length, 1);
    assert.ok(!existsSync(dirs[0] ?? ''));
  });
});
