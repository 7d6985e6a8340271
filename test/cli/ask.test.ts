// `web-mcp ask` through the built entry with the fake claude: the reply alone on
// stdout, progress on stderr, the MCP path's own checks, and Ctrl-C leaving no process.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { entries } from '../helpers/entries.ts';
import { type Sandbox, sandbox } from '../helpers/fake-claude-env.ts';
import { type LoopbackServer, startLoopbackServer } from '../helpers/loopback-server.ts';
import { connectStdio } from '../helpers/mcp-client.ts';
import { waitFor, waitGone } from '../helpers/processes.ts';
import { runCli, startCli } from './run-cli.ts';

const QUOTE = 'Node.js 22 reaches end of life on 30 April 2027';

for (const entry of entries()) {
  describe(`${entry.runtime}: web-mcp ask`, () => {
    let page: LoopbackServer;
    let box: Sandbox;
    let env: Record<string, string>;
    before(async () => {
      page = await startLoopbackServer((_req, res) => {
        res.writeHead(200, { 'content-type': 'text/html' });
        res.end(`<html><head><title>Releases</title></head><body><main><h1>Releases</h1>
          <p>${QUOTE}, after its maintenance period.</p><p>${'Filler text about releases. '.repeat(40)}</p></main></body></html>`);
      });
      const draft = {
        answer: 'Node 22 reaches end of life on 30 April 2027 [1].',
        confidence: 'high',
        findings: [{ claim: 'EOL is 30 April 2027', quote: QUOTE, source: 0, rank: 1 }],
        sources: [{ title: 'Releases', url: `${page.url}/releases` }],
        gaps: [],
      };
      box = sandbox({ FAKE_CLAUDE_OUTPUT: JSON.stringify(draft), FAKE_CLAUDE_THINK_MS: '1500' });
      env = box.env({ WEB_MCP_ALLOW_HOSTS: `127.0.0.1:${page.port}` });
    });
    after(async () => {
      box.remove();
      await page.close();
    });

    it('prints the reply alone on stdout and progress lines on stderr, quotes verified as over MCP', async () => {
      const run = await runCli(
        entry,
        ['ask', 'When does Node 22 reach end of life?', '--goal', 'plan upgrades'],
        env,
      );
      assert.equal(run.code, 0, run.stderr);
      assert.match(run.stdout, /^Answer: Node 22 reaches end of life on 30 April 2027 \[1\]\./);
      assert.match(run.stdout, /meta: .*verified 1\/1/);
      assert.doesNotMatch(run.stdout, /searching:|reading:/);
      assert.match(run.stderr, /^web-mcp: \[\d+\.\d s\] searching: /m);
      assert.match(run.stderr, /^web-mcp: \[\d+\.\d s\] reading: http:\/\/127\.0\.0\.1/m);
      assert.equal(box.runs().length, 1);
    });

    it('--format json prints the reply object', async () => {
      const run = await runCli(entry, ['ask', 'json please', '--goal', 'parse it', '--format', 'json'], env);
      assert.equal(run.code, 0, run.stderr);
      assert.equal(JSON.parse(run.stdout).confidence, 'high');
    });

    it('Ctrl-C stops the run: exit 130 and no claude process or grandchild left', async () => {
      const hang = sandbox({ FAKE_CLAUDE_SCENARIO: 'grandchild' });
      try {
        const started = startCli(entry, ['ask', 'never answered'], hang.env());
        const pids = await waitFor(async () => {
          const runs = hang.runs();
          const grandchild = existsSync(hang.pidFile)
            ? Number(readFileSync(hang.pidFile, 'utf8'))
            : undefined;
          return runs[0] && grandchild ? [runs[0].pid, grandchild] : undefined;
        }, 15_000);
        started.child.kill('SIGINT');
        const run = await started.done;
        assert.equal(run.code, 130, run.stderr);
        assert.equal(run.stdout, '');
        assert.match(run.stderr, /cancelled/);
        assert.deepEqual(await waitGone(pids, 5000), []);
        assert.deepEqual(hang.leftoverRunDirs(), [], 'the run removed its working dir before exit');
      } finally {
        hang.remove();
      }
    });
  });
}

describe('web-mcp ask input', () => {
  const [node] = entries();
  let box: Sandbox;
  before(() => {
    box = sandbox();
  });
  after(() => box.remove());

  it('rejects bad input with the same invalid_input text as an MCP call, exit 2, no claude run', async () => {
    const run = await runCli(node!, ['ask', 'q', '--max-tokens', '5'], box.env());
    assert.equal(run.code, 2);
    assert.equal(run.stdout, '');
    const session = await connectStdio(node!, 'modern', { env: box.env() });
    try {
      const result = await session.client.callTool({
        name: 'web_lookup',
        arguments: { question: 'q', max_tokens: 5 },
      });
      const text = (result.content as { text?: string }[]).map((c) => c.text ?? '').join('');
      assert.equal(run.stderr, `${text}\n`);
    } finally {
      await session.close();
    }
    assert.equal(box.runs().length, 0);
  });

  it('says in one line which input does not fit the tool, or which tools exist, exit 2', async () => {
    const format = await runCli(node!, ['ask', 'q', '--format', 'json'], box.env());
    assert.equal(format.code, 2);
    assert.equal(
      format.stderr,
      'web-mcp ask: --format does not apply to web_lookup, which takes a question; see web-mcp ask --help\n',
    );
    const tool = await runCli(node!, ['ask', 'q', '--tool', 'web_everything'], box.env());
    assert.equal(tool.code, 2);
    assert.match(
      tool.stderr,
      /--tool must be one of web_lookup, web_read, web_research, web_page, web_investigate/,
    );
    const goal = await runCli(node!, ['ask', '--tool', 'web_research', 'q'], box.env());
    assert.equal(goal.code, 2);
    assert.match(goal.stderr, /^invalid_input: goal is required/);
  });

  it('reports a tool failure on stderr with its code, exit 1', async () => {
    const run = await runCli(node!, ['ask', 'q'], box.env({ CLAUDE_BIN: '/nonexistent/claude' }));
    assert.equal(run.code, 1);
    assert.equal(run.stdout, '');
    assert.match(run.stderr, /^no_backend: /m);
  });
});
