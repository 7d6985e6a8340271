// A server killed with kill -9 while two runs hang, each with a child of its own: on
// every runtime (Deno with exactly the documented permissions) every process of both
// runs is gone within 5 s, and the next start removes the run dirs left behind; a
// grandchild that left the run's group with setsid is gone within 5 s as well.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { entries } from '../helpers/entries.ts';
import { sandbox } from '../helpers/fake-claude-env.ts';
import { connectHttp, startHttp } from '../helpers/mcp-client.ts';
import { waitFor, waitGone } from '../helpers/processes.ts';

/** Every live process whose process group is one of `groups`. */
function membersOf(groups: readonly number[]): number[] {
  const found: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    let stat = '';
    try {
      stat = readFileSync(`/proc/${name}/stat`, 'utf8');
    } catch {
      continue;
    }
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (fields[0] !== 'Z' && groups.includes(Number(fields[2]))) found.push(Number(name));
  }
  return found;
}

for (const entry of entries()) {
  describe(`${entry.runtime}: runs never outlive the server`, () => {
    it('kill -9 with two hung runs: 0 processes left after 5 s, no run dir after the next start', async () => {
      const box = sandbox({ FAKE_CLAUDE_SCENARIO: 'grandchild' });
      const env = box.env({ WEB_MCP_CONCURRENCY: '2' });
      const server = await startHttp(entry, { env });
      try {
        for (const question of ['first hung run', 'second hung run']) {
          const client = await connectHttp(server.url, 'modern');
          client.callTool({ name: 'web_lookup', arguments: { question } }).catch(() => {});
        }
        const groups = await waitFor(async () => {
          const pids = box.runs().map((run) => run.pid);
          return pids.length === 2 && pids.every((pid) => membersOf([pid]).length >= 2) ? pids : undefined;
        }, 20_000);
        const processes = membersOf(groups);
        assert.ok(processes.length >= 4, `each run and its child: ${processes.join(' ')}`);

        server.process.kill('SIGKILL');
        assert.deepEqual(await waitGone(processes, 5000), [], 'no process of either run is left after 5 s');
        assert.equal(box.leftoverRunDirs().length, 2, 'the killed server could not remove its run dirs');

        const next = await startHttp(entry, { env });
        try {
          const left = await waitFor(
            async () => (box.leftoverRunDirs().length === 0 ? [] : undefined),
            10_000,
          ).catch(() => box.leftoverRunDirs());
          assert.deepEqual(left, [], 'the next start removed the dead server’s run dirs');
          await waitFor(async () => (/removed 2 run dir\(s\)/.test(next.stderr()) ? true : undefined), 5000);
        } finally {
          await next.stop();
        }
      } finally {
        await server.stop();
        box.remove();
      }
    });

    it('a grandchild that left the run with setsid is gone 5 s after kill -9', async () => {
      const box = sandbox({ FAKE_CLAUDE_SCENARIO: 'setsid' });
      const server = await startHttp(entry, { env: box.env() });
      try {
        const client = await connectHttp(server.url, 'modern');
        client
          .callTool({ name: 'web_lookup', arguments: { question: 'a run with a daemon' } })
          .catch(() => {});
        const daemon = await waitFor(async () => {
          const pid = Number(existsSync(box.pidFile) ? readFileSync(box.pidFile, 'utf8') : '');
          return pid > 0 && membersOf([pid]).length === 1 ? pid : undefined;
        }, 20_000);
        const run = box.runs().at(-1)?.pid ?? 0;
        assert.deepEqual(membersOf([run]).includes(daemon), false, 'the grandchild left the run’s group');
        server.process.kill('SIGKILL');
        assert.deepEqual(
          await waitGone([daemon, run], 5000),
          [],
          'the run and its setsid grandchild are gone',
        );
      } finally {
        await server.stop();
        box.remove();
      }
    });
  });
}
