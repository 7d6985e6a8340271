// The reader mounted for a run over MCP on loopback: a run's own secret reaches its
// reader through the official client; no secret, a wrong one, another run's, or one of a
// run that ended is refused; and nothing listens while no run is mounted.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import * as v from 'valibot';
import { serveLoopback } from '../../adapters/node/loopback.ts';
import { isToolError } from '../../src/errors.ts';
import { createReaderMount } from '../../src/mcp/reader-mount.ts';
import type { MountedReader, Reader } from '../../src/research/reader.ts';

const Entry = v.object({
  mcpServers: v.object({
    web: v.object({
      type: v.literal('http'),
      url: v.string(),
      headers: v.object({ Authorization: v.string() }),
    }),
  }),
});

function echoReader(name: string): Reader & { calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    reads: () => calls.length,
    read: async (args) => {
      calls.push(args.url);
      return args.url.includes('fail')
        ? { text: `could not read ${args.url}`, isError: true }
        : { text: `${name} read ${args.url}`, isError: false };
    },
  };
}

async function mounted(mount: ReturnType<typeof createReaderMount>, reader: Reader) {
  const m = await mount.mount(reader);
  if (isToolError(m)) assert.fail(m.message);
  const entry = v.parse(Entry, JSON.parse(m.mcpConfig)).mcpServers.web;
  return { m, entry };
}

async function connect(url: string, authorization: string | undefined): Promise<Client> {
  const client = new Client({ name: 'reader-test', version: '1' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(url), {
      requestInit: { headers: authorization ? { Authorization: authorization } : {} },
    }),
  );
  return client;
}

const post = (url: string, headers: Record<string, string>) =>
  fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      ...headers,
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
  });

describe('reader mount', () => {
  it("serves read_page to the run's own secret, on 127.0.0.1 only", async () => {
    const mount = createReaderMount({ serve: serveLoopback });
    const reader = echoReader('A');
    const { m, entry } = await mounted(mount, reader);
    assert.match(entry.url, /^http:\/\/127\.0\.0\.1:\d+\/run\/[0-9a-f]{32}$/);
    assert.match(entry.headers.Authorization, /^Bearer [0-9a-f]{64}$/);
    const client = await connect(entry.url, entry.headers.Authorization);
    const { tools } = await client.listTools();
    assert.deepEqual(
      tools.map((t) => t.name),
      ['read_page'],
    );
    const ok = await client.callTool({ name: 'read_page', arguments: { url: 'https://a.example/' } });
    assert.deepEqual(ok.content, [{ type: 'text', text: 'A read https://a.example/' }]);
    assert.notEqual(ok.isError, true);
    const failed = await client.callTool({ name: 'read_page', arguments: { url: 'https://fail.example/' } });
    assert.equal(failed.isError, true);
    const bad = await client.callTool({ name: 'read_page', arguments: { url: 'not a url' } });
    assert.equal(bad.isError, true);
    assert.match(JSON.stringify(bad.content), /invalid_input/);
    assert.deepEqual(reader.calls, ['https://a.example/', 'https://fail.example/']);
    await client.close();
    await m.close();
  });

  it('refuses a request without the secret, with a wrong one, or with another run’s', async () => {
    const mount = createReaderMount({ serve: serveLoopback });
    const a = await mounted(mount, echoReader('A'));
    const b = await mounted(mount, echoReader('B'));
    assert.equal(new URL(a.entry.url).port, new URL(b.entry.url).port, 'one listener for every run');
    assert.equal((await post(a.entry.url, {})).status, 401);
    assert.equal((await post(a.entry.url, { Authorization: 'Bearer 00' })).status, 401);
    assert.equal((await post(a.entry.url, { Authorization: b.entry.headers.Authorization })).status, 401);
    assert.equal((await post(new URL('/mcp', a.entry.url).href, a.entry.headers)).status, 401);
    assert.equal((await post(a.entry.url, a.entry.headers)).status, 200);
    await a.m.close();
    // A's secret is refused once A is over, while B's listener stays up.
    assert.equal((await post(a.entry.url, a.entry.headers)).status, 401);
    assert.equal((await post(b.entry.url, b.entry.headers)).status, 200);
    await b.m.close();
    // No run mounted: nothing listens.
    await assert.rejects(post(b.entry.url, b.entry.headers));
  });

  it('listens again for the next run, on a new port and with new secrets', async () => {
    const mount = createReaderMount({ serve: serveLoopback });
    const first = await mounted(mount, echoReader('A'));
    await first.m.close();
    const second = await mounted(mount, echoReader('B'));
    assert.notEqual(second.entry.headers.Authorization, first.entry.headers.Authorization);
    assert.equal((await post(second.entry.url, second.entry.headers)).status, 200);
    await second.m.close();
    await second.m.close(); // closing twice is harmless
  });

  it('says what to do when it cannot listen', async () => {
    const mount = createReaderMount({
      serve: async () => {
        throw new Error('EACCES');
      },
    });
    const m: MountedReader | { code: string; message: string } = await mount.mount(echoReader('A'));
    assert.ok(isToolError(m));
    assert.match(m.message, /^no_backend: .*EACCES.*WEB_MCP_READER=webfetch/);
  });
});
