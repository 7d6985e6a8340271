// The usage ledger through the real entry points: a mix of calls shows up in
// `web-mcp usage --json` exactly, by tool and day, with none of the questions, goals or
// URLs in the ledger's files; a rejected plan refuses calls at once (no claude started),
// across a restart, until its reset; 10 parallel web_search calls keep Brave's 1/s.
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { runCli } from '../cli/run-cli.ts';
import { cacheWritten } from '../helpers/cache-fill.ts';
import { entries } from '../helpers/entries.ts';
import { type FakeBrave, startFakeBrave, webBody } from '../helpers/fake-brave.ts';
import { sandbox } from '../helpers/fake-claude-env.ts';
import { connectStdio } from '../helpers/mcp-client.ts';

type Content = { type: string; text?: string }[];
const text = (result: { content?: unknown }) =>
  ((result.content ?? []) as Content).map((c) => c.text ?? '').join('\n');

const USAGE = { num_turns: 4, total_cost_usd: 0.0125, usage: { input_tokens: 1500, output_tokens: 300 } };
const KEY = 'brave-usage-key-Qm42Lx19';

function ledgerText(cacheDir: string): string {
  const dir = join(cacheDir, 'usage');
  if (!existsSync(dir)) return '';
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((name) => join(dir, name))
    .filter((path) => statSync(path).isFile())
    .map((path) => readFileSync(path, 'utf8'))
    .join('\n');
}

let brave: FakeBrave;
let cacheRoot: string;
before(async () => {
  brave = await startFakeBrave();
  brave.script(() => ({
    body: webBody([{ title: 'Okapi', url: 'http://127.0.0.1:9/okapi', description: 'x' }]),
  }));
  cacheRoot = mkdtempSync(join(tmpdir(), 'web-mcp-usage-'));
});
after(async () => {
  await brave.close();
  rmSync(cacheRoot, { recursive: true, force: true });
});

for (const entry of entries()) {
  describe(`${entry.runtime}: usage ledger`, () => {
    it('counts a mix of calls exactly, by tool and day, and keeps none of their text', async () => {
      const box = sandbox({ FAKE_CLAUDE_USAGE: JSON.stringify(USAGE) });
      const cacheDir = join(cacheRoot, `${entry.runtime}-mix`);
      const env = box.env({ WEB_MCP_CACHE_DIR: cacheDir, BRAVE_API_KEY: KEY, BRAVE_BASE_URL: brave.baseUrl });
      const secrets = [
        `zebra-question-${entry.runtime}`,
        `okapi-goal-${entry.runtime}`,
        `giraffe-query-${entry.runtime}`,
        `/unreadable-${entry.runtime}`,
      ];
      const session = await connectStdio(entry, 'modern', { env });
      try {
        const call = (name: string, args: Record<string, unknown>) =>
          session.client.callTool({ name, arguments: args });
        const first = await call('web_lookup', { question: `Where do ${secrets[0]} live?` });
        assert.equal(first.isError ?? false, false, text(first));
        await cacheWritten(cacheDir); // the answer is stored after the reply
        const again = await call('web_lookup', { question: `Where do ${secrets[0]} live?` });
        assert.match(text(again), /Example Domain/);
        const research = await call('web_research', { question: 'What do okapis eat?', goal: secrets[1] });
        assert.equal(research.isError ?? false, false, text(research));
        const search = await call('web_search', { query: secrets[2] });
        assert.equal(search.isError ?? false, false, text(search));
        const blocked = await call('web_read', { url: `http://127.0.0.1:9${secrets[3]}` });
        assert.equal(blocked.isError, true);
      } finally {
        await session.close();
      }
      const run = await runCli(entry, ['usage', '--json'], { WEB_MCP_CACHE_DIR: cacheDir });
      assert.equal(run.code, 0, run.stderr);
      const report = JSON.parse(run.stdout);
      const today = new Date().toISOString().slice(0, 10);
      const spent = { runs: 1, turns: 4, inputTokens: 1500, outputTokens: 300, costUsd: 0.0125 };
      const tools = report.windows.today.byTool;
      assert.deepEqual(pick(tools.web_lookup), { calls: 2, cached: 1, ...spent, braveRequests: 1 });
      assert.deepEqual(pick(tools.web_research), { calls: 1, cached: 0, ...spent, braveRequests: 1 });
      const none = { runs: 0, turns: 0, inputTokens: 0, outputTokens: 0, costUsd: 0 };
      assert.deepEqual(pick(tools.web_search), { calls: 1, cached: 0, ...none, braveRequests: 1 });
      assert.deepEqual(pick(tools.web_read), { calls: 1, cached: 0, ...none, braveRequests: 0 });
      assert.deepEqual(tools.web_read.errors, { blocked_url: 1 });
      assert.equal(report.days[0].day, today);
      assert.deepEqual(report.days[0].tools, tools);
      assert.equal(report.windows.days30.calls, 5);
      assert.equal(report.windows.days30.costUsd, 0.025);
      assert.equal(report.brave.requests, 3);
      assert.equal(report.brave.left, 1997);
      assert.equal(report.plan.status, 'allowed');

      const stored = ledgerText(cacheDir);
      assert.ok(stored.length > 0, 'the ledger is on disk');
      for (const secret of [...secrets, 'okapis eat', '127.0.0.1'])
        assert.ok(!stored.includes(secret), secret);
      box.remove();
    });

    it('notes a plan warning in the meta of fresh replies, not of cached ones', async () => {
      const box = sandbox({
        FAKE_CLAUDE_RATE_LIMIT: JSON.stringify({ status: 'allowed_warning', utilization: 0.85 }),
      });
      const session = await connectStdio(entry, 'modern', {
        env: box.env({ WEB_MCP_CACHE_DIR: join(cacheRoot, `${entry.runtime}-warn`) }),
      });
      try {
        const ask = {
          name: 'web_research',
          arguments: { question: 'Is the plan near its limit?', goal: 'pace' },
        };
        const fresh = text(await session.client.callTool(ask));
        assert.match(
          fresh,
          /\nmeta: .*, note: Claude plan 5-hour window 85% used, resets (\d{4}-\d\d-\d\d )?\d\d:\d\d UTC \(in (59 min|1 h)\); slow down$/,
        );
        await cacheWritten(join(cacheRoot, `${entry.runtime}-warn`)); // the answer is stored after the reply
        const cached = text(await session.client.callTool(ask));
        assert.match(cached, /cached yes/);
        assert.doesNotMatch(cached, /note:/);
        const json = await session.client.callTool({
          ...ask,
          arguments: { ...ask.arguments, question: 'JSON form?', format: 'json' },
        });
        assert.match(JSON.parse(text(json)).meta.note, /^Claude plan 5-hour window 85% used/);
      } finally {
        await session.close();
        box.remove();
      }
    });

    it('refuses calls at once while the plan is rejected, across a restart, until the reset', async () => {
      const cacheDir = join(cacheRoot, `${entry.runtime}-plan`);
      const ok = sandbox();
      const start = (box: ReturnType<typeof sandbox>) =>
        connectStdio(entry, 'modern', { env: box.env({ WEB_MCP_CACHE_DIR: cacheDir }) });
      let session = await start(ok);
      const cached = { name: 'web_lookup', arguments: { question: 'Cached before the limit?' } };
      assert.equal((await session.client.callTool(cached)).isError ?? false, false);
      await session.close();

      const resetsAt = Math.floor(Date.now() / 1000) + 15;
      const limited = sandbox({
        FAKE_CLAUDE_SCENARIO: 'usage_limit',
        FAKE_CLAUDE_RATE_LIMIT: JSON.stringify({ resetsAt }),
      });
      // The bound is 50 ms a call; on a shared machine one call may stall on other work, so the
      // median must meet it and every call must stay far below a run (which starts a process).
      const refusals = async (label: string) => {
        const times: number[] = [];
        for (let i = 0; i < 20; i++) {
          const started = performance.now();
          const reply = await session.client.callTool({
            name: 'web_lookup',
            arguments: { question: `${label} question number ${i}?` },
          });
          const ms = performance.now() - started;
          assert.equal(reply.isError, true);
          assert.match(
            text(reply),
            /^rate_limited: .*5-hour usage limit is reached; it resets (\d{4}-\d\d-\d\d )?\d\d:\d\d UTC \(in \d+ min\)/,
          );
          assert.ok(ms < 500, `${label} call ${i} took ${ms.toFixed(1)} ms`);
          times.push(ms);
        }
        const median = [...times].sort((x, y) => x - y)[10] ?? Number.NaN;
        assert.ok(
          median < 50,
          `${label}: median ${median.toFixed(1)} ms (${times.map((t) => t.toFixed(0)).join(', ')})`,
        );
      };
      session = await start(limited);
      try {
        const hit = await session.client.callTool({
          name: 'web_lookup',
          arguments: { question: 'Hits the limit?' },
        });
        assert.match(text(hit), /^rate_limited: .*5-hour usage limit/);
        assert.equal(limited.runs().length, 1);
        await refusals('limited');
        assert.equal(limited.runs().length, 1, 'no claude started while the plan is rejected');
        assert.equal((await session.client.callTool(cached)).isError ?? false, false, 'cached still answers');
      } finally {
        await session.close();
      }

      const back = sandbox();
      session = await start(back);
      try {
        // A fresh server's first call pays for its warm-up: the cached one goes first.
        assert.equal((await session.client.callTool(cached)).isError ?? false, false, 'cached still answers');
        await refusals('restarted');
        assert.equal(back.runs().length, 0, 'no claude started after the restart either');
        const wait = resetsAt * 1000 + 200 - Date.now();
        assert.ok(wait > 0, 'the reset came before the refusals were checked: raise the margin');
        await new Promise((resolve) => setTimeout(resolve, wait));
        const again = await session.client.callTool({
          name: 'web_lookup',
          arguments: { question: 'After the reset?' },
        });
        assert.equal(again.isError ?? false, false, text(again));
        assert.equal(back.runs().length, 1);
      } finally {
        await session.close();
      }
      for (const box of [ok, limited, back]) box.remove();
    });
  });
}

function pick(t: Record<string, number>) {
  const { calls, cached, runs, turns, inputTokens, outputTokens, costUsd, braveRequests } = t;
  return { calls, cached, runs, turns, inputTokens, outputTokens, costUsd, braveRequests };
}
