// A research call through the real entry point on every runtime, against the fake
// claude: the reply, isolation of the child, the cache, progress, and cancellation
// that kills the whole process group — over stdio and HTTP.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { cacheWritten } from '../helpers/cache-fill.ts';
import { entries } from '../helpers/entries.ts';
import { type Sandbox, sandbox } from '../helpers/fake-claude-env.ts';
import { connectHttp, connectStdio, startHttp } from '../helpers/mcp-client.ts';
import { waitFor, waitGone } from '../helpers/processes.ts';

type Content = { type: string; text?: string }[];
const text = (result: { content?: unknown }) =>
  ((result.content ?? []) as Content).map((c) => c.text ?? '').join('\n');

const pidOf = (box: Sandbox) =>
  waitFor(async () => {
    const runs = box.runs();
    const grandchild = existsSync(box.pidFile) ? Number(readFileSync(box.pidFile, 'utf8')) : undefined;
    return runs[0] && grandchild ? [runs[0].pid, grandchild] : undefined;
  }, 15_000);

for (const entry of entries()) {
  describe(`${entry.runtime}: research calls`, () => {
    let box: Sandbox;
    before(() => {
      box = sandbox();
    });
    after(() => box.remove());

    it('answers web_research through one isolated claude run, then from the cache', async () => {
      const session = await connectStdio(entry, 'modern', {
        env: box.env({ ANTHROPIC_API_KEY: 'sk-parent-secret' }),
      });
      try {
        const args = { question: 'What is example.com for?', goal: 'cite it in docs' };
        const first = await session.client.callTool({ name: 'web_research', arguments: args });
        assert.equal(first.isError ?? false, false, text(first));
        assert.match(text(first), /^Answer: Example Domain is reserved/m);
        assert.match(text(first), /meta: .*cached no/);
        const runs = box.runs();
        assert.equal(runs.length, 1);
        const run = runs[0]!;
        for (const flag of ['--strict-mcp-config', '--disable-slash-commands', '--no-session-persistence'])
          assert.ok(run.argv.includes(flag), flag);
        assert.equal(run.env.ANTHROPIC_API_KEY, undefined);
        assert.match(run.stdin, /What is example.com for\?/);
        assert.equal(existsSync(run.cwd), false, 'the run dir is removed');
        await cacheWritten(box.cacheDir); // the answer is stored after the reply

        const again = await session.client.callTool({
          name: 'web_research',
          arguments: { ...args, format: 'json' },
        });
        assert.equal(JSON.parse(text(again)).meta.cached, true);
        assert.equal(box.runs().length, 1, 'no second claude run');
      } finally {
        await session.close();
      }
    });

    it('sends progress notifications to a caller that asked for them', async () => {
      const session = await connectStdio(entry, 'legacy', { env: box.env() });
      try {
        const messages: string[] = [];
        const result = await session.client.callTool(
          { name: 'web_lookup', arguments: { question: 'progress please' } },
          { onprogress: (p) => messages.push(p.message ?? '') },
        );
        assert.equal(result.isError ?? false, false, text(result));
        assert.ok(
          messages.some((m) => m.startsWith('searching: ')),
          messages.join(' | '),
        );
        assert.ok(
          messages.some((m) => m.startsWith('reading: ')),
          messages.join(' | '),
        );
      } finally {
        await session.close();
      }
    });

    it('kills the run and its grandchild when a stdio caller cancels', async () => {
      const local = sandbox({ FAKE_CLAUDE_SCENARIO: 'grandchild' });
      const session = await connectStdio(entry, 'modern', { env: local.env() });
      try {
        const controller = new AbortController();
        const call = session.client.callTool(
          { name: 'web_research', arguments: { question: 'never answered', goal: 'cancel it' } },
          { signal: controller.signal },
        );
        const pids = await pidOf(local);
        controller.abort();
        await assert.rejects(call);
        assert.deepEqual(await waitGone(pids, 1000), []);
      } finally {
        await session.close();
        local.remove();
      }
    });

    it('kills the run when stdin closes', async () => {
      const local = sandbox({ FAKE_CLAUDE_SCENARIO: 'grandchild' });
      const session = await connectStdio(entry, 'legacy', { env: local.env() });
      const call = session.client.callTool({ name: 'web_lookup', arguments: { question: 'left hanging' } });
      call.catch(() => {});
      const pids = await pidOf(local);
      await session.close();
      assert.deepEqual(await waitGone(pids, 3000), []);
      assert.deepEqual(local.leftoverRunDirs(), [], 'the run removed its working dir');
      local.remove();
    });

    it('kills the run when a modern HTTP caller aborts', async () => {
      const local = sandbox({ FAKE_CLAUDE_SCENARIO: 'grandchild' });
      const server = await startHttp(entry, { env: local.env() });
      try {
        const client = await connectHttp(server.url, 'modern');
        const controller = new AbortController();
        const call = client.callTool(
          { name: 'web_research', arguments: { question: 'abort me', goal: 'cancel over http' } },
          { signal: controller.signal },
        );
        const pids = await pidOf(local);
        controller.abort();
        await assert.rejects(call);
        assert.deepEqual(await waitGone(pids, 1000), []);
        await client.close();
      } finally {
        await server.stop();
        local.remove();
      }
    });

    it('kills a run in flight when the HTTP server gets SIGTERM', async () => {
      const local = sandbox({ FAKE_CLAUDE_SCENARIO: 'grandchild' });
      const server = await startHttp(entry, { env: local.env() });
      try {
        const client = await connectHttp(server.url, 'modern');
        client.callTool({ name: 'web_lookup', arguments: { question: 'until SIGTERM' } }).catch(() => {});
        const pids = await pidOf(local);
        await server.stop();
        assert.deepEqual(await waitGone(pids, 3000), []);
        assert.deepEqual(local.leftoverRunDirs(), [], 'the run removed its working dir');
      } finally {
        await server.stop();
        local.remove();
      }
    });

    it('sends progress notifications over HTTP', async () => {
      const local = sandbox();
      const server = await startHttp(entry, { env: local.env() });
      try {
        const client = await connectHttp(server.url, 'modern');
        const messages: string[] = [];
        const result = await client.callTool(
          { name: 'web_research', arguments: { question: 'progress over http', goal: 'see it stream' } },
          { onprogress: (p) => messages.push(p.message ?? '') },
        );
        assert.equal(result.isError ?? false, false, text(result));
        assert.ok(
          messages.some((m) => m.startsWith('searching: ')),
          messages.join(' | '),
        );
        await client.close();
      } finally {
        await server.stop();
        local.remove();
      }
    });

    it('maps a claude failure to its error code', async () => {
      const local = sandbox({ FAKE_CLAUDE_SCENARIO: 'not_signed_in' });
      const session = await connectStdio(entry, 'modern', { env: local.env() });
      try {
        const result = await session.client.callTool({
          name: 'web_lookup',
          arguments: { question: 'who am i' },
        });
        assert.equal(result.isError, true);
        assert.match(text(result), /^claude_not_signed_in: /);
      } finally {
        await session.close();
        local.remove();
      }
    });
  });
}
