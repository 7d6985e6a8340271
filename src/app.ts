// The whole HTTP server as one Web-standard fetch handler: guard, POST /mcp through
// the SDK's createMcpHandler (both protocol eras), and GET /healthz.
import { createMcpHandler, type McpServerFactory } from '@modelcontextprotocol/server';
import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { type GuardOptions, limitBody, localOnly, tokenAuth } from './guard.ts';

export interface AppOptions {
  readonly factory: McpServerFactory;
  readonly version: string;
  readonly guard: GuardOptions;
  readonly onError?: (error: Error) => void;
}

export function createApp(options: AppOptions): Hono {
  const mcp = createMcpHandler(options.factory, {
    legacy: 'stateless',
    ...(options.onError ? { onerror: options.onError } : {}),
  });
  const app = new Hono();
  app.use('*', localOnly(options.guard), tokenAuth(options.guard));
  app.get('/healthz', (c) => c.json({ status: 'ok', name: 'web-mcp', version: options.version }));
  app.all('/mcp', limitBody, (c) => mcp.fetch(c.req.raw));
  app.notFound((c) => c.json({ error: 'not found: MCP is served at POST /mcp' }, 404));
  app.onError((error, c) => {
    if (error instanceof HTTPException) return error.getResponse();
    options.onError?.(error);
    return c.json({ jsonrpc: '2.0', error: { code: -32603, message: 'Internal error' }, id: null }, 500);
  });
  return app;
}
