// Brave's plan through the real entry points: 10 simultaneous web_search calls on a
// 1-per-second key all answer, spaced at least 1 s apart at a loopback Brave that
// refuses anything faster; a spent monthly quota lets research go on without the head
// start, and `web-mcp usage` and `doctor` say why.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { runCli } from '../cli/run-cli.ts';
import { entries } from '../helpers/entries.ts';
import { type FakeBrave, startFakeBrave, webBody } from '../helpers/fake-brave.ts';
import { sandbox } from '../helpers/fake-claude-env.ts';
import { connectStdio } from '../helpers/mcp-client.ts';

type Content = { type: string; text?: string }[];
const text = (result: { content?: unknown }) =>
  ((result.content ?? []) as Content).map((c) => c.text ?? '').join('\n');
const KEY = 'brave-plan-key-Vb73Kp20';
const RESULTS = webBody([{ title: 'Okapi', url: 'http://127.0.0.1:9/okapi', description: 'An okapi.' }]);

let brave: FakeBrave;
let root: string;
before(async () => {
  brave = await startFakeBrave();
  root = mkdtempSync(join(tmpdir(), 'web-mcp-brave-plan-'));
});
after(async () => {
  await brave.close();
  rmSync(root, { recursive: true, force: true });
});

for (const entry of entries()) {
  describe(`${entry.runtime}: Brave's plan`, () => {
    it('spaces 10 simultaneous web_search calls to 1 a second: all answer, none refused', async () => {
      const arrivals: number[] = [];
      let refused = 0;
      brave.script(() => {
        const now = performance.now();
        const last = arrivals.at(-1);
        if (last !== undefined && now - last < 1000) {
          refused += 1;
          return {
            status: 429,
            headers: { 'x-ratelimit-reset': '1' },
            body: { error: { code: 'RATE_LIMITED' } },
          };
        }
        arrivals.push(now);
        return { headers: { 'x-ratelimit-policy': '1;w=1, 2000;w=2592000' }, body: RESULTS };
      });
      const box = sandbox();
      const cacheDir = join(root, `${entry.runtime}-rate`);
      const session = await connectStdio(entry, 'modern', {
        env: box.env({ WEB_MCP_CACHE_DIR: cacheDir, BRAVE_API_KEY: KEY, BRAVE_BASE_URL: brave.baseUrl }),
      });
      try {
        const replies = await Promise.all(
          Array.from({ length: 10 }, (_, i) =>
            session.client.callTool(
              { name: 'web_search', arguments: { query: `okapi ${entry.runtime} ${i}` } },
              { timeout: 60_000 },
            ),
          ),
        );
        for (const reply of replies)
          assert.equal(reply.isError ?? false, false, JSON.stringify(reply).slice(0, 300));
      } finally {
        await session.close();
      }
      assert.equal(refused, 0, 'no request came faster than 1 a second');
      assert.equal(arrivals.length, 10);
      for (let i = 1; i < arrivals.length; i++) {
        const gap = (arrivals[i] ?? 0) - (arrivals[i - 1] ?? 0);
        assert.ok(gap >= 1000, `request ${i} came ${gap.toFixed(0)} ms after the one before`);
      }
      const usage = JSON.parse(
        (await runCli(entry, ['usage', '--json'], { WEB_MCP_CACHE_DIR: cacheDir })).stdout,
      );
      assert.equal(usage.brave.requests, 10);
      assert.equal(usage.brave.perSecond, 1);
      assert.equal(usage.brave.perSecondStated, true);
      box.remove();
    });

    it('goes on without the head start once the quota is spent, and usage and doctor say why', async () => {
      brave.script(() => ({
        status: 429,
        headers: { 'x-ratelimit-remaining': '1, 0', 'x-ratelimit-reset': '1, 86400' },
        body: { type: 'ErrorResponse', error: { code: 'QUOTA_LIMITED', status: 429 } },
      }));
      const box = sandbox();
      const cacheDir = join(root, `${entry.runtime}-quota`);
      const env = { WEB_MCP_CACHE_DIR: cacheDir, BRAVE_API_KEY: KEY, BRAVE_BASE_URL: brave.baseUrl };
      const session = await connectStdio(entry, 'modern', { env: box.env(env) });
      try {
        const reply = await session.client.callTool({
          name: 'web_lookup',
          arguments: { question: `Where does the okapi live (${entry.runtime})?` },
        });
        assert.equal(reply.isError ?? false, false, text(reply));
        assert.equal(box.runs().length, 1, 'research ran without the head start');
        const search = await session.client.callTool({ name: 'web_search', arguments: { query: 'okapi' } });
        assert.match(text(search), /^rate_limited: the Brave plan's quota is used up/);
      } finally {
        await session.close();
      }
      const usage = await runCli(entry, ['usage'], box.env(env));
      assert.match(
        usage.stdout,
        /Brave said the quota is spent until \d{4}-\d\d-\d\d \d\d:\d\d UTC, so research runs without its head start/,
      );
      const doctor = await runCli(entry, ['doctor'], box.env(env));
      assert.match(doctor.stdout, /^! usage: .*Brave said the quota is spent/m);
      box.remove();
    });
  });
}
