// Every call listens to the process-long shutdown signal while it runs and lets go when
// it returns, so a million calls leave nothing behind on it (AbortSignal.any keeps each
// one on Node 20); shutdown still cancels a call in flight.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import * as v from 'valibot';
import { createApp } from '../../src/app.ts';
import { createServerFactory } from '../../src/mcp/server.ts';
import type { ToolDef } from '../../src/mcp/tool.ts';
import { echoTool } from '../helpers/echo-tool.ts';
import { newClient } from '../helpers/mcp-client.ts';

/** An AbortController whose signal counts the listeners added to it and removed from it. */
function countingController() {
  const controller = new AbortController();
  const counts = { added: 0, removed: 0 };
  const signal = controller.signal;
  const add = signal.addEventListener.bind(signal);
  const remove = signal.removeEventListener.bind(signal);
  signal.addEventListener = ((...args: Parameters<typeof add>) => {
    counts.added += 1;
    add(...args);
  }) as typeof signal.addEventListener;
  signal.removeEventListener = ((...args: Parameters<typeof remove>) => {
    counts.removed += 1;
    remove(...args);
  }) as typeof signal.removeEventListener;
  return { controller, counts };
}

const waitTool: ToolDef<{ text: string }> = {
  name: 'wait',
  tier: 'basic',
  description: 'Waits until cancelled.',
  input: v.object({ text: v.string() }),
  run: (_args, ctx) =>
    new Promise((resolve) => {
      ctx.signal.addEventListener('abort', () => resolve('stopped'), { once: true });
    }),
};

async function connect(shutdownSignal: AbortSignal) {
  const factory = createServerFactory({
    info: { name: 'web-mcp', version: 'test' },
    tools: [echoTool, waitTool],
    tiers: new Set(['basic']),
    clock: Date.now,
    shutdownSignal,
  });
  const app = createApp({
    factory,
    version: 'test',
    guard: { loopback: true, token: undefined, port: () => undefined },
  });
  const client = newClient('modern');
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

describe('the shutdown signal and the calls', () => {
  it('each call stops listening to the shutdown signal when it returns', async () => {
    const { controller, counts } = countingController();
    const client = await connect(controller.signal);
    for (let i = 0; i < 20; i++) await client.callTool({ name: 'echo', arguments: { text: `n${i}` } });
    assert.ok(counts.added >= 20, `${counts.added} listeners added`);
    assert.equal(counts.removed, counts.added, 'every listener removed');
    await client.close();
  });

  it('shutdown still cancels a call in flight', async () => {
    const { controller } = countingController();
    const client = await connect(controller.signal);
    const call = client.callTool({ name: 'wait', arguments: { text: 'x' } });
    await new Promise((resolve) => setTimeout(resolve, 50));
    controller.abort(new Error('server shutting down'));
    const result = await call;
    assert.equal((result.content as { text: string }[])[0]?.text, 'stopped');
    await client.close();
  });
});
