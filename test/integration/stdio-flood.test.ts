// Bad input on stdin cannot be amplified, on every runtime: 100,000 bad lines grow stderr by
// a few kilobytes, a 1 MB tool name gets a short error, and a line opened by a byte-order
// mark is read like any other.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { after, describe, it } from 'node:test';
import { entries } from '../helpers/entries.ts';
import { sandbox } from '../helpers/fake-claude-env.ts';

const INIT = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } },
};
const line = (message: object) => `${JSON.stringify(message)}\n`;

for (const entry of entries()) {
  describe(`${entry.runtime}: stdio under bad input`, () => {
    const box = sandbox();
    after(() => box.remove());

    it('keeps stderr small, answers a huge tool name briefly and reads a BOM line', async () => {
      const child = spawn(entry.command, [...entry.args], {
        env: box.env(),
        stdio: ['pipe', 'pipe', 'pipe'],
      });
      let out = '';
      let err = '';
      child.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
      child.stderr.setEncoding('utf8').on('data', (d: string) => (err += d));
      const replyTo = async (id: number) => {
        const found = () => out.split('\n').find((l) => l.startsWith('{') && JSON.parse(l).id === id);
        for (let waited = 0; found() === undefined; waited += 20) {
          if (waited > 30_000) assert.fail(`no reply to ${id}; stderr: ${err.slice(-500)}`);
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        return found() ?? '';
      };
      try {
        child.stdin.write(line(INIT) + line({ jsonrpc: '2.0', method: 'notifications/initialized' }));
        await replyTo(1);
        const before = err.length;
        child.stdin.write('x\n'.repeat(100_000));
        child.stdin.write(line({ jsonrpc: '2.0', id: 2, method: 'ping' }));
        await replyTo(2);
        const grown = err.length - before;
        assert.ok(grown < 4096, `stderr grew by ${grown} bytes:\n${err.slice(before, before + 2000)}`);

        const name = 'x'.repeat(1_000_000);
        child.stdin.write(
          line({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name, arguments: {} } }),
        );
        const reply = await replyTo(3);
        assert.ok(reply.length < 400, `reply of ${reply.length} bytes`);
        assert.match(reply, /no tool has a name of 1000000 characters/);

        child.stdin.write(`\uFEFF${line({ jsonrpc: '2.0', id: 4, method: 'ping' })}`);
        assert.deepEqual(JSON.parse(await replyTo(4)), { jsonrpc: '2.0', id: 4, result: {} });
      } finally {
        child.kill('SIGTERM');
        await new Promise((resolve) => child.once('exit', resolve));
      }
    });
  });
}
