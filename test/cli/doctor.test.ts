// `web-mcp doctor` through the built entry with the fake claude: every outcome,
// the exit codes, --json for scripts and the one Brave search only with --online.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { entries, entry } from '../helpers/entries.ts';
import { type FakeBrave, startFakeBrave } from '../helpers/fake-brave.ts';
import { type Sandbox, sandbox } from '../helpers/fake-claude-env.ts';
import { runCli } from './run-cli.ts';

const node = entry('node');
const line = (stdout: string, name: string) =>
  stdout.split('\n').find((l) => l.slice(2).startsWith(`${name}:`));

describe('web-mcp doctor', () => {
  const boxes: Sandbox[] = [];
  const box = (fake: Record<string, string> = {}) => {
    const b = sandbox(fake);
    boxes.push(b);
    return b;
  };
  let brave: FakeBrave;
  before(async () => {
    brave = await startFakeBrave();
  });
  after(async () => {
    for (const b of boxes) b.remove();
    await brave.close();
  });

  it('signed in: every check passes and it exits 0', async () => {
    const b = box();
    const run = await runCli(node, ['doctor'], b.env());
    assert.equal(run.code, 0, run.stdout + run.stderr);
    assert.match(line(run.stdout, 'runtime') ?? '', /^✓ runtime: node \d+\.\d+\.\d+$/);
    assert.match(
      line(run.stdout, 'claude') ?? '',
      new RegExp(`^✓ claude: ${b.dir}/bin/claude, version 2\\.1\\.332$`),
    );
    assert.match(line(run.stdout, 'sign-in') ?? '', /^✓ sign-in: signed in/);
    assert.match(
      line(run.stdout, 'reader') ?? '',
      /^✓ reader: server: research runs read pages through web-mcp/,
    );
    assert.match(line(run.stdout, 'brave') ?? '', /^! brave: no key → optional/);
    assert.match(line(run.stdout, 'cache') ?? '', /^✓ cache: /);
    assert.match(
      line(run.stdout, 'call time') ?? '',
      /^✓ call time: calls take up to 90 s .*within 55 s \(WEB_MCP_NO_PROGRESS_SECONDS\).*set WEB_MCP_CALL_SECONDS just under it/,
    );
    assert.match(run.stdout, /web-mcp is ready to use\./);
  });

  it('WEB_MCP_CALL_SECONDS: the call-time line says the ceiling; out of range is a ✗ config line', async () => {
    const b = box();
    const set = await runCli(node, ['doctor'], b.env({ WEB_MCP_CALL_SECONDS: '55' }));
    assert.equal(set.code, 0, set.stdout + set.stderr);
    assert.match(line(set.stdout, 'call time') ?? '', /^✓ call time: every call answers within 55 s/);
    const bad = await runCli(node, ['doctor'], b.env({ WEB_MCP_CALL_SECONDS: '10' }));
    assert.equal(bad.code, 1);
    assert.match(
      line(bad.stdout, 'config') ?? '',
      /^✗ config: WEB_MCP_CALL_SECONDS must be a whole number from 20 to 300/,
    );
  });

  it('not signed in: ✗ with what to do, exit 1', async () => {
    const run = await runCli(node, ['doctor'], box({ FAKE_CLAUDE_LOGGED_IN: '0' }).env());
    assert.equal(run.code, 1);
    assert.match(
      line(run.stdout, 'sign-in') ?? '',
      /^✗ sign-in: not signed in → run `claude` once and sign in/,
    );
  });

  it('missing binary: ✗ claude, no sign-in check, exit 1', async () => {
    const run = await runCli(node, ['doctor'], box().env({ CLAUDE_BIN: '/nonexistent/claude' }));
    assert.equal(run.code, 1);
    assert.match(
      line(run.stdout, 'claude') ?? '',
      /^✗ claude: "\/nonexistent\/claude" was not found → install/,
    );
    assert.equal(line(run.stdout, 'sign-in'), undefined);
  });

  it('old version: a warning naming the version tested, still exit 0', async () => {
    const run = await runCli(node, ['doctor'], box({ FAKE_CLAUDE_VERSION: '2.0.14' }).env());
    assert.equal(run.code, 0, run.stdout);
    assert.match(
      line(run.stdout, 'claude') ?? '',
      /^! claude: .*version 2\.0\.14, older than 2\.1\.332 \(the version tested\) → update/,
    );
  });

  it('WEB_MCP_READER=webfetch: the reader line says research reads with WebFetch', async () => {
    const run = await runCli(node, ['doctor'], box().env({ WEB_MCP_READER: 'webfetch' }));
    assert.equal(run.code, 0, run.stdout + run.stderr);
    assert.match(
      line(run.stdout, 'reader') ?? '',
      /^✓ reader: webfetch: research runs read pages with Claude's WebFetch/,
    );
  });

  it('--json: {ok, checks[{name, status, message, fix?, facts?}]} and nothing else on stdout', async () => {
    const run = await runCli(node, ['doctor', '--json'], box({ FAKE_CLAUDE_LOGGED_IN: '0' }).env());
    assert.equal(run.code, 1);
    const report = JSON.parse(run.stdout) as { ok: boolean; checks: { name: string; status: string }[] };
    assert.equal(report.ok, false);
    assert.deepEqual(
      report.checks.map((c) => [c.name, c.status]),
      [
        ['runtime', 'ok'],
        ['claude', 'ok'],
        ['sign-in', 'fail'],
        ['reader', 'ok'],
        ['brave', 'warn'],
        ['cache', 'ok'],
        ['call time', 'ok'],
        ['usage', 'ok'],
      ],
    );
  });

  it('tries the Brave key only with --online, and fails a key Brave turns down', async () => {
    const env = box().env({ BRAVE_API_KEY: 'test-key', BRAVE_BASE_URL: brave.baseUrl });
    const offline = await runCli(node, ['doctor'], env);
    assert.equal(brave.requests.length, 0, 'no request without --online');
    assert.match(line(offline.stdout, 'brave') ?? '', /^✓ brave: key set \(not tried/);
    const online = await runCli(node, ['doctor', '--online'], env);
    assert.equal(brave.requests.length, 1);
    assert.match(line(online.stdout, 'brave') ?? '', /^✓ brave: key works/);
    brave.queue({
      status: 401,
      body: { type: 'ErrorResponse', error: { code: 'SUBSCRIPTION_TOKEN_INVALID', status: 401 } },
    });
    const bad = await runCli(node, ['doctor', '--online'], env);
    assert.equal(bad.code, 1, bad.stdout);
    assert.match(line(bad.stdout, 'brave') ?? '', /^✗ brave: .*→ check BRAVE_API_KEY/);
    assert.doesNotMatch(bad.stdout + bad.stderr, /test-key/);
  });

  it('--http: the token rule off loopback; a bad environment value is a ✗ config line', async () => {
    const b = box();
    const open = await runCli(node, ['doctor', '--http', '0.0.0.0:8787'], b.env());
    assert.equal(open.code, 1);
    assert.match(
      line(open.stdout, 'http') ?? '',
      /^✗ http: 0\.0\.0\.0:8787 is not a loopback address .*WEB_MCP_HTTP_TOKEN/,
    );
    const withToken = await runCli(
      node,
      ['doctor', '--http', '0.0.0.0:8787'],
      b.env({ WEB_MCP_HTTP_TOKEN: 'x'.repeat(24) }),
    );
    assert.equal(withToken.code, 0, withToken.stdout);
    const badEnv = await runCli(node, ['doctor'], b.env({ WEB_MCP_CONCURRENCY: 'lots' }));
    assert.equal(badEnv.code, 1);
    assert.match(
      line(badEnv.stdout, 'config') ?? '',
      /^✗ config: WEB_MCP_CONCURRENCY must be a whole number/,
    );
  });

  it('a bad flag exits 2 with one line; --help exits 0', async () => {
    const bad = await runCli(node, ['doctor', '--bogus']);
    assert.equal(bad.code, 2);
    assert.equal(bad.stderr, "web-mcp doctor: Unknown option '--bogus'; see web-mcp doctor --help\n");
    const badListen = await runCli(node, ['doctor', '--http', 'nope']);
    assert.equal(badListen.code, 2);
    const help = await runCli(node, ['doctor', '--help']);
    assert.equal(help.code, 0);
    assert.match(help.stdout, /^web-mcp doctor — /);
  });
});

for (const e of entries().filter((x) => x.runtime !== 'node')) {
  describe(`${e.runtime}: web-mcp doctor`, () => {
    let b: Sandbox;
    before(() => {
      b = sandbox();
    });
    after(() => b.remove());
    it('finds the fake claude signed in, through this runtime’s spawn', async () => {
      const run = await runCli(e, ['doctor'], b.env());
      assert.equal(run.code, 0, run.stdout + run.stderr);
      assert.match(line(run.stdout, 'runtime') ?? '', new RegExp(`^✓ runtime: ${e.runtime} `));
      assert.match(line(run.stdout, 'sign-in') ?? '', /^✓ sign-in: signed in/);
    });
  });
}
