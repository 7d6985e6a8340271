// The whole HTTP server as one Web-standard fetch handler: guard, POST /mcp through
// the SDK's createMcpHandler (both protocol eras), and GET /healthz.
import { createMcpHandler, type McpServerFactory } from '@modelcontextprotocol/server';
import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import {
  type GuardOptions,
  limitBody,
  localOnly,
  MAX_BODY_BYTES,
  noOAuth,
  OAUTH_PATHS,
  tokenAuth,
  tooLarge,
} from './guard.ts';
import { readBody } from './http-body.ts';
import { longToolName } from './mcp/long-names.ts';

/**
 * How results travel. `stream`: every call answers as an SSE stream at once, with a
 * keep-alive, so a runtime whose request signal misses a client's disconnect (Deno 2.9)
 * still learns of it when the stream is cancelled.
 */
export type ResponseStyle = 'auto' | 'stream';

export interface AppOptions {
  readonly factory: McpServerFactory;
  readonly version: string;
  readonly guard: GuardOptions;
  readonly responses?: ResponseStyle;
  readonly onError?: (error: Error) => void;
}

const STREAM_KEEP_ALIVE_MS = 1000;

const parseError = () =>
  Response.json(
    { jsonrpc: '2.0', error: { code: -32700, message: 'Parse error: the body is not JSON' }, id: null },
    { status: 400 },
  );

/** A body still arriving after this is dropped: a client trickling bytes would hold a connection open. */
export const BODY_DEADLINE_MS = 30_000;

const tooSlow = () =>
  Response.json(
    {
      jsonrpc: '2.0',
      error: {
        code: -32600,
        message: `Request Timeout: the body did not arrive whole within ${BODY_DEADLINE_MS / 1000} s`,
      },
      id: null,
    },
    { status: 408, headers: { connection: 'close' } },
  );

function parseJson(text: string): { kind: 'ok'; value: unknown } | { kind: 'bad' } {
  try {
    return { kind: 'ok', value: JSON.parse(text) };
  } catch {
    return { kind: 'bad' };
  }
}

export function createApp(options: AppOptions): Hono {
  const mcp = createMcpHandler(options.factory, {
    legacy: 'stateless',
    ...(options.responses === 'stream' ? { responseMode: 'sse', keepAliveMs: STREAM_KEEP_ALIVE_MS } : {}),
    ...(options.onError ? { onerror: options.onError } : {}),
  });
  const app = new Hono();
  app.use('*', localOnly(options.guard));
  for (const path of OAUTH_PATHS) app.all(path, noOAuth);
  app.use('*', tokenAuth(options.guard));
  app.get('/healthz', (c) => c.json({ status: 'ok', name: 'web-mcp', version: options.version }));
  // POST bodies are read once, by readBody, which holds both the deadline and the size limit:
  // hono's bodyLimit would buffer a body without Content-Length and rebuild the request first.
  app.post('/mcp', async (c) => {
    const read = await readBody(c.req.raw, { ms: BODY_DEADLINE_MS, maxBytes: MAX_BODY_BYTES });
    if (read.kind === 'late') return tooSlow();
    if (read.kind === 'too-large') return tooLarge();
    const body = parseJson(read.text);
    if (body.kind === 'bad') return parseError();
    const tooLong = longToolName(body.value);
    if (tooLong !== undefined) {
      const { id, code, message } = tooLong;
      return Response.json({ jsonrpc: '2.0', id, error: { code, message } });
    }
    // Parsed once here: the SDK then neither clones the request nor reads it again.
    return mcp.fetch(c.req.raw, { parsedBody: body.value });
  });
  app.all('/mcp', limitBody, (c) => mcp.fetch(c.req.raw));
  app.notFound((c) => c.json({ error: 'not found: MCP is served at POST /mcp' }, 404));
  app.onError((error, c) => {
    if (error instanceof HTTPException) return error.getResponse();
    options.onError?.(error);
    return c.json({ jsonrpc: '2.0', error: { code: -32603, message: 'Internal error' }, id: null }, 500);
  });
  return app;
}
