// argv and environment of a claude run, checked without spawning anything.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildClaudeArgs, buildClaudeEnv } from '../../src/claude/args.ts';

const VARIADIC = new Set(['--tools', '--allowedTools', '--disallowedTools', '--mcp-config', '--add-dir']);

describe('buildClaudeArgs', () => {
  const web = buildClaudeArgs({
    model: 'haiku',
    schema: { type: 'object' },
    systemPrompt: 'sys',
    maxTurns: 10,
    tools: 'web',
  });
  const none = buildClaudeArgs({ model: 'm', schema: {}, systemPrompt: 'sys', maxTurns: 3, tools: 'none' });
  const reader = buildClaudeArgs({
    model: 'm',
    schema: {},
    systemPrompt: 'sys',
    maxTurns: 3,
    tools: 'search+reader',
  });

  it('allows exactly WebSearch and WebFetch on research runs and no tools on page runs', () => {
    assert.equal(web[web.indexOf('--tools') + 1], 'WebSearch,WebFetch');
    assert.equal(web[web.indexOf('--allowedTools') + 1], 'WebSearch,WebFetch');
    assert.equal(none[none.indexOf('--tools') + 1], '');
    assert.ok(!none.includes('--allowedTools'));
  });

  it("gives a run with the server's reader WebSearch and the mounted read_page only, its config from a file", () => {
    assert.equal(reader[reader.indexOf('--tools') + 1], 'WebSearch');
    assert.equal(reader[reader.indexOf('--allowedTools') + 1], 'WebSearch,mcp__web__read_page');
    assert.equal(reader[reader.indexOf('--mcp-config') + 1], 'reader-mcp.json');
    assert.ok(reader.includes('--strict-mcp-config'));
    assert.ok(!reader.join(' ').includes('WebFetch'));
  });

  it('never ends on a variadic flag or its value, so nothing after it can be swallowed', () => {
    for (const args of [web, none, reader]) {
      for (const [i, arg] of args.entries()) {
        if (VARIADIC.has(arg)) assert.ok(args[i + 2]?.startsWith('-'), `${arg} must be followed by a flag`);
      }
      assert.ok(!args.includes('--bare'));
    }
  });

  it('carries the schema as JSON, the system prompt, max turns and the model', () => {
    assert.equal(web[web.indexOf('--json-schema') + 1], '{"type":"object"}');
    assert.equal(web[web.indexOf('--system-prompt') + 1], 'sys');
    assert.equal(web[web.indexOf('--max-turns') + 1], '10');
    assert.equal(web[web.indexOf('--model') + 1], 'haiku');
    assert.equal(web[web.indexOf('--setting-sources') + 1], '');
  });
});

describe('buildClaudeEnv', () => {
  const env = buildClaudeEnv({
    HOME: '/h',
    PATH: '/bin',
    LANG: 'C.UTF-8',
    LC_ALL: 'C.UTF-8',
    TMPDIR: '/t',
    HTTPS_PROXY: 'http://127.0.0.1:3128',
    no_proxy: 'localhost',
    CLAUDE_CONFIG_DIR: '/h/.claude-alt',
    ANTHROPIC_API_KEY: 'k',
    ANTHROPIC_AUTH_TOKEN: 't',
    CLAUDE_CODE_USE_BEDROCK: '1',
    CLAUDE_CODE_MAX_RETRIES: '10',
    CLAUDECODE: '1',
    MAX_THINKING_TOKENS: '9',
    WEB_MCP_HTTP_TOKEN: 'server-secret',
    UNSET: undefined,
  });

  it('keeps the login, path, locale, temp and proxy variables', () => {
    for (const [k, v] of Object.entries({
      HOME: '/h',
      PATH: '/bin',
      LANG: 'C.UTF-8',
      LC_ALL: 'C.UTF-8',
      TMPDIR: '/t',
    })) {
      assert.equal(env[k], v, k);
    }
    assert.equal(env.HTTPS_PROXY, 'http://127.0.0.1:3128');
    assert.equal(env.no_proxy, 'localhost');
    assert.equal(env.CLAUDE_CONFIG_DIR, '/h/.claude-alt');
  });

  it('drops API-billing, session and server variables and sets the quiet ones', () => {
    for (const k of [
      'ANTHROPIC_API_KEY',
      'ANTHROPIC_AUTH_TOKEN',
      'CLAUDE_CODE_USE_BEDROCK',
      'CLAUDECODE',
      'MAX_THINKING_TOKENS',
      'WEB_MCP_HTTP_TOKEN',
      'UNSET',
    ]) {
      assert.equal(env[k], undefined, k);
    }
    assert.deepEqual(
      {
        a: env.CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC,
        b: env.CLAUDE_CODE_DISABLE_AUTO_MEMORY,
        c: env.DISABLE_AUTOUPDATER,
        d: env.CLAUDE_CODE_MAX_RETRIES,
      },
      { a: '1', b: '1', c: '1', d: '2' },
    );
  });
});
