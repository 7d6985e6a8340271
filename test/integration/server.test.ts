// The real entry points on every runtime, driven by the official MCP client:
// both protocol eras over stdio and HTTP, tiers, exit codes, stdout purity.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { request } from 'node:http';
import { after, describe, it } from 'node:test';
import { entries } from '../helpers/entries.ts';
import { baseEnv, connectHttp, connectStdio, ERAS, startHttp } from '../helpers/mcp-client.ts';

const TIER_TOOLS: Record<string, string[]> = {
  basic: ['web_lookup', 'web_read'],
  'basic,standard': ['web_lookup', 'web_read', 'web_research', 'web_page'],
  'basic,standard,advanced': ['web_lookup', 'web_read', 'web_research', 'web_page', 'web_investigate'],
};

const sorted = (names: string[]) => [...names].sort();

for (const entry of entries()) {
  describe(`${entry.runtime}: stdio`, () => {
    for (const era of ERAS) {
      for (const [tiers, expected] of Object.entries(TIER_TOOLS)) {
        it(`${era} client lists the ${tiers} tools`, async () => {
          const session = await connectStdio(entry, era, { args: ['--tiers', tiers] });
          try {
            assert.equal(session.client.getProtocolEra?.() ?? era, era === 'modern' ? 'modern' : 'legacy');
            const { tools } = await session.client.listTools();
            assert.deepEqual(sorted(tools.map((t) => t.name)), sorted(expected));
            for (const tool of tools) {
              assert.equal(tool.annotations?.readOnlyHint, true, tool.name);
              assert.equal(tool.annotations?.openWorldHint, true, tool.name);
              assert.ok((tool.description ?? '').length > 20, tool.name);
            }
          } finally {
            await session.close();
          }
        });
      }
    }

    it('lists web_search only with a Brave key', async () => {
      const session = await connectStdio(entry, 'modern', { env: { BRAVE_API_KEY: 'test-key-123' } });
      try {
        const { tools } = await session.client.listTools();
        assert.ok(tools.some((t) => t.name === 'web_search'));
      } finally {
        await session.close();
      }
    });

    it('writes nothing but JSON-RPC on stdout, answers bad lines and batches, exits when stdin closes', async () => {
      const lines = [
        {
          jsonrpc: '2.0',
          id: 1,
          method: 'initialize',
          params: {
            protocolVersion: '2025-11-25',
            capabilities: {},
            clientInfo: { name: 't', version: '1' },
          },
        },
        { jsonrpc: '2.0', method: 'notifications/initialized' },
        { jsonrpc: '2.0', id: 2, method: 'tools/list', params: {} },
        {
          jsonrpc: '2.0',
          id: 3,
          method: 'tools/call',
          params: { name: 'web_lookup', arguments: { question: '' } },
        },
      ];
      const batch = [{ jsonrpc: '2.0', id: 4, method: 'tools/list', params: {} }];
      const forged = { jsonrpc: '2.0', id: 5, method: 'x\n\u001b[31mweb-mcp: warning: forged' };
      const child = spawn(entry.command, [...entry.args], {
        env: baseEnv(),
        stdio: ['pipe', 'pipe', 'pipe'],
      });
      let stdout = '';
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => {
        stderr += chunk.toString();
      });
      const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
      const bad = `not json at all ${'x'.repeat(3000)}`;
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no answers: ${stdout}`)), 20_000);
        child.stdout.on('data', (chunk: Buffer) => {
          stdout += chunk.toString();
          if (stdout.split('\n').filter((l) => l.trim()).length >= 6) {
            clearTimeout(timer);
            resolve();
          }
        });
        const sent = [
          ...lines.map((l) => JSON.stringify(l)),
          bad,
          JSON.stringify(batch),
          JSON.stringify(forged),
        ];
        child.stdin.write(`${sent.join('\n')}\n`);
      });
      child.stdin.end();
      assert.equal(await exited, 0);
      const out = stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as { jsonrpc: string; id: unknown; error?: { code: number } });
      assert.equal(out.length, 6);
      for (const message of out) assert.equal(message.jsonrpc, '2.0');
      const errors = out.filter((m) => m.id === null).map((m) => m.error?.code);
      assert.deepEqual(errors, [-32700, -32600], 'the bad line and the batch each got an error reply');
      const unknown = out.find((m) => m.id === 5);
      assert.ok(unknown?.error, 'the odd method got an error reply');
      const ours = stderr.split('\n').filter((line) => line.startsWith('web-mcp:'));
      assert.ok(
        ours.some((line) => /not JSON; answered -32700$/.test(line)),
        `one short line for the bad one:\n${stderr}`,
      );
      for (const line of ours) {
        assert.ok(line.length <= 300, `a log line of ${line.length} characters`);
        assert.doesNotMatch(line, /\u001b/, 'no raw escape reaches the log');
      }
      assert.doesNotMatch(stderr, /^web-mcp: warning: forged/m, 'no forged log line');
    });
  });

  describe(`${entry.runtime}: HTTP`, () => {
    const servers: { stop(): Promise<void> }[] = [];
    after(async () => {
      await Promise.all(servers.map((s) => s.stop()));
    });

    for (const era of ERAS) {
      it(`${era} client lists tools over HTTP`, async () => {
        const server = await startHttp(entry, { args: ['--tiers', 'basic'] });
        servers.push(server);
        const client = await connectHttp(server.url, era);
        try {
          const { tools } = await client.listTools();
          assert.deepEqual(sorted(tools.map((t) => t.name)), sorted(TIER_TOOLS.basic ?? []));
        } finally {
          await client.close();
        }
      });
    }

    it('needs the bearer token when one is set', async () => {
      const token = 'a-very-long-secret-token';
      const server = await startHttp(entry, { env: { WEB_MCP_HTTP_TOKEN: token } });
      servers.push(server);
      await assert.rejects(connectHttp(server.url, 'modern'));
      const client = await connectHttp(server.url, 'modern', { authorization: `Bearer ${token}` });
      assert.ok((await client.listTools()).tools.length > 0);
      await client.close();
    });

    it('refuses a foreign Host header over a real socket', async () => {
      const server = await startHttp(entry);
      servers.push(server);
      const status = await new Promise<number>((resolve, reject) => {
        const req = request(
          `${server.url}`,
          { method: 'POST', headers: { host: 'evil.example', 'content-type': 'application/json' } },
          (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          },
        );
        req.on('error', reject);
        req.end('{}');
      });
      assert.equal(status, 403);
    });

    it('starts on 0.0.0.0 only with a token', async () => {
      const refused = spawnSync(entry.command, [...entry.args, '--http', '0.0.0.0:0'], {
        env: baseEnv(),
        timeout: 20_000,
      });
      assert.equal(refused.status, 2);
      assert.match(refused.stderr.toString(), /WEB_MCP_HTTP_TOKEN/);
      const server = await startHttp(entry, {
        listen: '0.0.0.0:0',
        env: { WEB_MCP_HTTP_TOKEN: 'a-very-long-secret-token' },
      });
      servers.push(server);
      assert.ok(server.port > 0);
    });
  });

  describe(`${entry.runtime}: command line`, () => {
    const run = (args: string[], env: Record<string, string> = {}) =>
      spawnSync(entry.command, [...entry.args, ...args], { env: baseEnv(env), timeout: 20_000, input: '' });

    it('--help and --version exit 0 on stdout', () => {
      const help = run(['--help']);
      assert.equal(help.status, 0);
      assert.match(help.stdout.toString(), /Usage: web-mcp/);
      const version = run(['--version']);
      assert.equal(version.status, 0);
      assert.match(version.stdout.toString(), /^web-mcp \d+\.\d+\.\d+/);
    });

    it('bad env and bad flags exit 2 naming them', () => {
      for (const [args, env, name] of [
        [[], { WEB_MCP_CONCURRENCY: 'abc' }, 'WEB_MCP_CONCURRENCY'],
        [[], { WEB_MCP_QUEUE: '-1' }, 'WEB_MCP_QUEUE'],
        [[], { WEB_MCP_CALL_SECONDS: '301' }, 'WEB_MCP_CALL_SECONDS'],
        [['--tiers', 'pro'], {}, '--tiers'],
        [['--frobnicate'], {}, '--frobnicate'],
      ] as const) {
        const result = run([...args], { ...env });
        assert.equal(result.status, 2, name);
        assert.match(result.stderr.toString(), new RegExp(name));
        // Deno may add its own "Info" line when `claude` is not on PATH for --allow-run.
        const ours = result.stderr
          .toString()
          .replace(/\x1b\[[0-9;]*m/g, '')
          .trim()
          .split('\n')
          .filter((line) => !line.startsWith('Info '));
        assert.equal(ours.length, 1, 'one line');
      }
    });
  });
}
