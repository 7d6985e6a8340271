// The MCP factory with the real tools (R-T5, R-U1, R-U3): every input schema converts
// at start-up, bad arguments come back as `invalid_input` naming the field, tiers and
// the Brave key decide what is listed — driven in-process by the official client.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import memoryDriver from 'unstorage/drivers/memory';
import * as v from 'valibot';
import { serveLoopback } from '../../adapters/node/loopback.ts';
import { createApp } from '../../src/app.ts';
import { parseCli } from '../../src/config.ts';
import { createLog, silentLog } from '../../src/log.ts';
import { createServerFactory } from '../../src/mcp/server.ts';
import type { ToolDef } from '../../src/mcp/tool.ts';
import type { Runtime } from '../../src/runtime.ts';
import { createServices } from '../../src/services.ts';
import { ERAS, type Era, newClient } from '../helpers/mcp-client.ts';

const ALL = ['web_lookup', 'web_read', 'web_research', 'web_page', 'web_investigate'];
/** Arguments each research tool accepts: a call with them reaches the claude run. */
const VALID_ARGS: Record<string, Record<string, unknown>> = {
  web_lookup: { question: 'what is a quokka?' },
  web_research: { question: 'what is a quokka?', goal: 'pick a pet' },
  web_investigate: { question: 'what is a quokka?', goal: 'pick a pet', depth: 'quick' },
};

function setup(argv: string[] = [], env: Record<string, string> = {}) {
  let spawns = 0;
  const runtime: Runtime = {
    name: 'node',
    version: 'x',
    spawn: () => {
      spawns += 1;
      throw new Error('no subprocesses in this test');
    },
    stdio: () => ({ readable: new ReadableStream(), writable: new WritableStream() }),
    cacheDriver: () => memoryDriver(),
    pageFetch: () => async () => {
      throw new Error('no network in this test');
    },
    webFetch: () => async () => {
      throw new Error('no network in this test');
    },
    serveLoopback,
    startReadWorker: () => {
      throw new Error('no reader workers in this test');
    },
    residentMemory: () => 0,
  };
  const parsed = parseCli({
    argv,
    env: { WEB_MCP_CACHE_DIR: '/nonexistent/web-mcp-test', ...env },
    platform: 'linux',
    readTextFile: () => {
      throw new Error('no files in this test');
    },
  });
  assert.equal(parsed.kind, 'serve');
  if (parsed.kind !== 'serve') throw new Error('unreachable');
  const config = parsed.config;
  // Nothing here may leave the machine: every fetch of the services is refused.
  const services = createServices(runtime, config, {}, silentLog, {
    fetch: async () => {
      throw new Error('no network in this test');
    },
    resolve: async (name) => {
      throw new Error(`no DNS in this test (${name})`);
    },
  });
  const factory = createServerFactory({
    info: { name: 'web-mcp', version: 'test' },
    tools: services.tools,
    tiers: config.tiers,
    clock: Date.now,
    shutdownSignal: services.shutdownSignal,
  });
  return { services, config, factory, spawns: () => spawns };
}

/** The official client over the whole HTTP app, in-process, as if from localhost. */
async function connect(factory: ReturnType<typeof setup>['factory'], era: Era): Promise<Client> {
  const app = createApp({
    factory,
    version: 'test',
    guard: { loopback: true, token: undefined, port: () => undefined },
  });
  const client = newClient(era);
  const fetchApp = async (url: string | URL, init?: RequestInit) => {
    const headers = new Headers(init?.headers);
    headers.set('host', 'localhost');
    return app.request(String(url), { ...init, headers });
  };
  await client.connect(
    new StreamableHTTPClientTransport(new URL('http://localhost/mcp'), { fetch: fetchApp }),
  );
  return client;
}

type Content = { type: string; text?: string }[];
const textOf = (result: { content?: unknown }) =>
  ((result.content ?? []) as Content).map((c) => c.text ?? '').join('\n');

describe('server factory with the real tools', () => {
  it('converts every input schema to JSON Schema at start-up', () => {
    const { services, config } = setup([], { BRAVE_API_KEY: 'test-key-schema' });
    assert.equal(services.tools.length, 6);
    assert.doesNotThrow(() =>
      createServerFactory({
        info: { name: 'w', version: 't' },
        tools: services.tools,
        tiers: config.tiers,
        clock: Date.now,
      }),
    );
  });

  for (const era of ERAS) {
    it(`${era}: lists JSON Schemas with the bounds of R-U1 and the annotations of R-U3`, async () => {
      const { factory } = setup([], { BRAVE_API_KEY: 'test-key-list' });
      const client = await connect(factory, era);
      try {
        const { tools } = await client.listTools();
        const byName = new Map(tools.map((t) => [t.name, t]));
        assert.deepEqual([...byName.keys()].sort(), [...ALL, 'web_search'].sort());
        const capabilities = client.getServerCapabilities();
        assert.ok(capabilities?.tools, 'tools are advertised');
        assert.notEqual(capabilities.tools.listChanged, true, 'the list never changes');
        for (const tool of tools) {
          assert.equal(tool.annotations?.readOnlyHint, true, tool.name);
          assert.equal(tool.annotations?.openWorldHint, true, tool.name);
          assert.equal(tool.inputSchema.type, 'object', tool.name);
        }
        const research = byName.get('web_research')?.inputSchema as {
          properties: Record<string, Record<string, unknown>>;
          required?: string[];
        };
        assert.deepEqual([...(research.required ?? [])].sort(), ['goal', 'question']);
        assert.equal(research.properties.max_tokens?.minimum, 50);
        assert.equal(research.properties.max_tokens?.maximum, 4000);
        assert.deepEqual(research.properties.format?.enum, ['markdown', 'json']);
        const investigate = byName.get('web_investigate')?.inputSchema as {
          properties: Record<string, Record<string, unknown>>;
        };
        assert.deepEqual(investigate.properties.cache?.enum, ['use', 'refresh']);
        assert.equal(investigate.properties.domains?.maxItems, 10);
      } finally {
        await client.close();
      }
    });
  }

  it('answers bad arguments with invalid_input naming the field, without running anything', async () => {
    const { factory, spawns } = setup([], { BRAVE_API_KEY: 'test-key-bad-args' });
    const client = await connect(factory, 'legacy');
    try {
      const cases: [string, Record<string, unknown>, RegExp][] = [
        ['web_research', { question: 'q', goal: 'g', max_tokens: 10 }, /\bmax_tokens\b/],
        ['web_research', { goal: 'g' }, /\bquestion is required\b/],
        ['web_research', { question: '   ', goal: 'g' }, /\bquestion\b/],
        ['web_research', { question: 'q', goal: 'g', format: 'xml' }, /\bformat\b/],
        ['web_lookup', { question: 'q', max_tokens: 5000 }, /\bmax_tokens\b/],
        ['web_read', { url: 'ftp://example.com/file' }, /\burl\b/],
        ['web_page', { url: 'https://example.com/', goal: '' }, /\bgoal\b/],
        ['web_investigate', { question: 'q', goal: 'g', depth: 'bottomless' }, /\bdepth\b/],
        [
          'web_investigate',
          { question: 'q', goal: 'g', domains: ['https://example.com/path'] },
          /\bdomains\b/,
        ],
        ['web_investigate', { question: 'q', goal: 'g', cache: 'never' }, /\bcache\b/],
        ['web_search', { query: 'q', count: 0 }, /\bcount\b/],
      ];
      for (const [name, args, field] of cases) {
        const result = await client.callTool({ name, arguments: args });
        const text = textOf(result);
        assert.equal(result.isError, true, `${name} ${JSON.stringify(args)}`);
        assert.match(text, /^invalid_input: /, text);
        assert.match(text, field, text);
        assert.ok(text.includes(name), `the message says which tool to call again: ${text}`);
      }
      assert.equal(spawns(), 0, 'no claude run for a bad argument');

      // The same tool with good arguments gets past validation (to the missing claude).
      const ok = await client.callTool({ name: 'web_lookup', arguments: { question: 'what is a quokka?' } });
      assert.equal(ok.isError, true);
      assert.match(textOf(ok), /^no_backend: /);
      assert.equal(spawns(), 1);
    } finally {
      await client.close();
    }
  });

  it('refuses format json under its floor before fetching or running anything', async () => {
    const { factory, spawns } = setup();
    const client = await connect(factory, 'modern');
    try {
      const calls: [string, Record<string, unknown>][] = [
        ['web_research', { question: 'q', goal: 'g', format: 'json', max_tokens: 50 }],
        ['web_investigate', { question: 'q', goal: 'g', format: 'json', max_tokens: 50 }],
        ['web_page', { url: 'https://example.com/', goal: 'g', format: 'json', max_tokens: 50 }],
      ];
      for (const [name, args] of calls) {
        const result = await client.callTool({ name, arguments: args });
        assert.equal(result.isError, true, name);
        assert.match(textOf(result), /^invalid_input: max_tokens 50 is too small for format json/);
      }
      assert.equal(spawns(), 0, 'no claude run for a cap no JSON reply fits');
    } finally {
      await client.close();
    }
  });

  const TIERS: [string, string[]][] = [
    ['basic', ['web_lookup', 'web_read']],
    ['basic,standard', ['web_lookup', 'web_read', 'web_research', 'web_page']],
    ['advanced', ['web_investigate']],
    ['basic,standard,advanced', ALL],
  ];
  for (const [tiers, expected] of TIERS) {
    it(`--tiers ${tiers} lists only those tools`, async () => {
      const { factory, spawns } = setup(['--tiers', tiers]);
      const client = await connect(factory, 'modern');
      try {
        const { tools } = await client.listTools();
        assert.deepEqual(tools.map((t) => t.name).sort(), [...expected].sort());
        // A hidden tool cannot be called either, with arguments that reach claude when it is listed.
        const hidden = ALL.find((name) => !expected.includes(name));
        if (hidden) {
          const args = VALID_ARGS[hidden] ?? {};
          const outcome = await client
            .callTool({ name: hidden, arguments: args })
            .then((r) => ({ isError: r.isError === true, text: textOf(r) }))
            .catch((error: Error) => ({ isError: true, text: error.message }));
          assert.equal(outcome.isError, true, hidden);
          assert.doesNotMatch(outcome.text, /invalid_input/, outcome.text);
          assert.equal(spawns(), 0, `${hidden} started no claude run`);

          const all = setup();
          const listed = await connect(all.factory, 'modern');
          try {
            await listed.callTool({ name: hidden, arguments: args });
            assert.equal(all.spawns(), 1, `the same call reaches claude when ${hidden} is listed`);
          } finally {
            await listed.close();
          }
        }
      } finally {
        await client.close();
      }
    });
  }

  it('lists web_search only when a Brave key is set, and only in the advanced tier', async () => {
    const names = async (argv: string[], env: Record<string, string>) => {
      const client = await connect(setup(argv, env).factory, 'legacy');
      try {
        return (await client.listTools()).tools.map((t) => t.name);
      } finally {
        await client.close();
      }
    };
    assert.ok(!(await names([], {})).includes('web_search'));
    assert.ok(!(await names([], { BRAVE_API_KEY: '' })).includes('web_search'));
    assert.ok((await names([], { BRAVE_API_KEY: 'test-key-123' })).includes('web_search'));
    assert.ok(
      !(await names(['--tiers', 'basic,standard'], { BRAVE_API_KEY: 'test-key-123' })).includes('web_search'),
    );
  });
});

describe('the tool-call path', () => {
  const boom: ToolDef<{ text: string }> = {
    name: 'boom',
    tier: 'basic',
    description: 'Throws.',
    input: v.object({ text: v.string() }),
    run: async ({ text }) => {
      const error = new TypeError(`cannot read ${text}`);
      error.stack = `TypeError: cannot read ${text}\n    at run (file:///src/boom.ts:1:1)`;
      throw error;
    },
  };

  for (const era of ERAS) {
    it(`${era}: an error thrown inside a tool reaches the client with a code, logged as one line`, async () => {
      const lines: string[] = [];
      const factory = createServerFactory({
        info: { name: 'web-mcp', version: 'test' },
        tools: [boom as ToolDef],
        tiers: new Set(['basic']),
        clock: Date.now,
        log: createLog((line) => lines.push(line)),
      });
      const client = await connect(factory, era);
      try {
        const result = await client.callTool({ name: 'boom', arguments: { text: 'x' } });
        const text = textOf(result);
        assert.equal(result.isError, true);
        assert.match(text, /^internal_error: boom failed unexpectedly \(TypeError: cannot read x\); /);
        assert.doesNotMatch(text, /\bat run\b|\n/, 'no stack trace');
        assert.equal(lines.length, 1);
        assert.match(lines[0] ?? '', /^web-mcp: warning: boom: internal_error: .*\n$/);
        assert.equal((lines[0] ?? '').split('\n').length, 2, 'one line');
      } finally {
        await client.close();
      }
    });
  }
});
