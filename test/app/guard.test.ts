import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createApp } from '../../src/app.ts';
import { createServerFactory } from '../../src/mcp/server.ts';
import type { ToolDef } from '../../src/mcp/tool.ts';
import { echoTool } from '../helpers/echo-tool.ts';

const factory = createServerFactory({
  info: { name: 'web-mcp', version: '0.0.0' },
  tools: [echoTool as ToolDef],
  tiers: new Set(['basic']),
  clock: Date.now,
});

const TOKEN = 'a-very-long-secret-token';
const loopbackApp = createApp({
  factory,
  version: '0.0.0',
  guard: { loopback: true, token: undefined, port: () => 8787 },
});
const tokenApp = createApp({
  factory,
  version: '0.0.0',
  guard: { loopback: false, token: TOKEN, port: () => 8787 },
});

const LIST = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} });
const INIT = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } },
});

function post(app: ReturnType<typeof createApp>, headers: Record<string, string>, body: string = INIT) {
  return app.request('/mcp', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      ...headers,
    },
    body,
  });
}

describe('HTTP guard on loopback without a token', () => {
  it('accepts localhost Host and Origin', async () => {
    for (const host of ['localhost:8787', '127.0.0.1:8787', '[::1]:8787', 'localhost']) {
      const res = await post(loopbackApp, { host, origin: 'http://localhost:8787' });
      assert.equal(res.status, 200, host);
    }
  });

  it('refuses a foreign Host with 403', async () => {
    const res = await post(loopbackApp, { host: 'evil.example' });
    assert.equal(res.status, 403);
    assert.equal((await post(loopbackApp, { host: 'evil.example:8787' })).status, 403);
  });

  it('refuses a missing Host with 403', async () => {
    assert.equal((await post(loopbackApp, {})).status, 403);
  });

  it('refuses a localhost Host on another port with 403', async () => {
    assert.equal((await post(loopbackApp, { host: 'localhost:9999' })).status, 403);
  });

  it('refuses a foreign Origin with 403', async () => {
    const res = await post(loopbackApp, { host: 'localhost:8787', origin: 'http://evil.example' });
    assert.equal(res.status, 403);
  });

  it('refuses an Origin on another local port, or not over http, with 403', async () => {
    for (const origin of [
      'http://localhost:3000',
      'http://127.0.0.1',
      'https://localhost:8787',
      'http://localhost:8787.evil.example',
      'null',
    ]) {
      const res = await post(loopbackApp, { host: 'localhost:8787', origin });
      assert.equal(res.status, 403, origin);
    }
  });

  it('answers GET /healthz with a tiny status and no secrets', async () => {
    const res = await loopbackApp.request('/healthz', { headers: { host: 'localhost:8787' } });
    assert.equal(res.status, 200);
    assert.deepEqual(await res.json(), { status: 'ok', name: 'web-mcp', version: '0.0.0' });
  });

  it('answers GET /mcp with 405', async () => {
    const res = await loopbackApp.request('/mcp', {
      headers: { host: 'localhost:8787', accept: 'text/event-stream' },
    });
    assert.equal(res.status, 405);
  });

  it('refuses a body over 1 MiB with 413', async () => {
    const big = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/list',
      params: { pad: 'x'.repeat(1024 * 1024) },
    });
    const res = await post(loopbackApp, { host: 'localhost:8787' }, big);
    assert.equal(res.status, 413);
    const body = (await res.json()) as { error?: { code?: number } };
    assert.equal(body.error?.code, -32600);
  });

  it('refuses a body declared over 1 MiB with 413, and a streamed one as it passes 1 MiB', async () => {
    const declared = await post(loopbackApp, { host: 'localhost:8787', 'content-length': '1048577' }, LIST);
    assert.equal(declared.status, 413);
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += 64 * 1024;
        controller.enqueue(new Uint8Array(64 * 1024).fill(32));
      },
    });
    const streamed = await loopbackApp.request('/mcp', {
      method: 'POST',
      headers: { host: 'localhost:8787', 'content-type': 'application/json' },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    assert.equal(streamed.status, 413);
    assert.ok(sent <= 1024 * 1024 + 3 * 64 * 1024, `read ${sent} bytes`);
  });

  it('answers malformed JSON with a JSON-RPC parse error', async () => {
    const res = await post(loopbackApp, { host: 'localhost:8787' }, '{"jsonrpc": "2.0", "id": 1, "meth');
    const body = (await res.json()) as { error?: { code?: number } };
    assert.equal(body.error?.code, -32700);
  });
});

describe('HTTP guard with a token', () => {
  it('needs the bearer token: none or wrong → 401, right → 200', async () => {
    assert.equal((await post(tokenApp, { host: 'example.test' })).status, 401);
    assert.equal((await post(tokenApp, { host: 'example.test', authorization: 'Bearer wrong' })).status, 401);
    assert.equal(
      (await post(tokenApp, { host: 'example.test', authorization: `Basic ${TOKEN}` })).status,
      401,
    );
    const ok = await post(tokenApp, { host: 'example.test', authorization: `Bearer ${TOKEN}` });
    assert.equal(ok.status, 200);
  });

  it('needs the token for /healthz too', async () => {
    assert.equal((await tokenApp.request('/healthz')).status, 401);
  });

  it('says which header to send, in the body and in WWW-Authenticate', async () => {
    for (const authorization of [undefined, 'Bearer wrong', 'Basic xyz']) {
      const res = await post(tokenApp, { host: 'example.test', ...(authorization ? { authorization } : {}) });
      assert.equal(res.status, 401);
      assert.match(await res.text(), /send Authorization: Bearer <WEB_MCP_HTTP_TOKEN>/);
      assert.match(res.headers.get('www-authenticate') ?? '', /^Bearer realm="web-mcp"/);
    }
  });

  it('answers OAuth discovery with 404 without the token, so clients do not start OAuth', async () => {
    for (const path of [
      '/.well-known/oauth-protected-resource',
      '/.well-known/oauth-protected-resource/mcp',
      '/.well-known/oauth-authorization-server',
      '/.well-known/oauth-authorization-server/mcp',
    ]) {
      const res = await tokenApp.request(path, { headers: { host: 'example.test' } });
      assert.equal(res.status, 404, path);
      assert.doesNotMatch(await res.text(), new RegExp(TOKEN));
    }
  });

  it('answers every OAuth endpoint with 404 and a JSON body naming the bearer header', async () => {
    for (const [method, path] of [
      ['POST', '/register'],
      ['GET', '/authorize?response_type=code&client_id=x'],
      ['POST', '/token'],
      ['POST', '/revoke'],
      ['GET', '/.well-known/openid-configuration'],
      ['POST', '/oauth/register'],
    ] as const) {
      const res = await tokenApp.request(path, { method, headers: { host: 'example.test' } });
      assert.equal(res.status, 404, path);
      const body = (await res.json()) as { error: string };
      assert.match(
        body.error,
        /does not use OAuth; it takes a bearer token: send Authorization: Bearer </,
        path,
      );
    }
  });

  it('answers a tools/call with a huge tool name with a short error instead of echoing it', async () => {
    const name = 'x'.repeat(100_000);
    const call = JSON.stringify({
      jsonrpc: '2.0',
      id: 5,
      method: 'tools/call',
      params: { name, arguments: {} },
    });
    const res = await post(tokenApp, { host: 'example.test', authorization: `Bearer ${TOKEN}` }, call);
    const body = await res.text();
    assert.ok(body.length < 400, `a reply of ${body.length} bytes`);
    assert.match(body, /no tool has a name of 100000 characters/);
  });

  it('serves tools/list to a legacy client with the token', async () => {
    const res = await post(tokenApp, { host: 'example.test', authorization: `Bearer ${TOKEN}` }, LIST);
    assert.equal(res.status, 200);
  });
});
