// Node entry: the shared process main; @hono/node-server (and node:http2 with it) is
// loaded only when serving HTTP, so a stdio server starts lighter.
import type { Server } from 'node:http';
import { BODY_DEADLINE_MS } from '../../src/app.ts';
import { MAX_CONNECTIONS } from '../../src/guard.ts';
import { runMain } from '../../src/process/main.ts';
import { nodeRuntime } from './runtime.ts';

/** How often node:http looks for requests past their time-outs (its default, 30 s, would double them). */
const CHECK_EVERY_MS = 1000;

runMain(nodeRuntime, (listen) => {
  import('@hono/node-server').then(({ serve }) => {
    const server = serve(
      {
        fetch: listen.fetch,
        hostname: listen.host,
        port: listen.port,
        // A request (headers and body) that has not arrived whole in time is answered 408 and closed.
        serverOptions: {
          headersTimeout: BODY_DEADLINE_MS,
          requestTimeout: BODY_DEADLINE_MS,
          connectionsCheckingInterval: CHECK_EVERY_MS,
        },
      },
      (info) => listen.onListen(info.port),
    ) as Server;
    server.maxConnections = MAX_CONNECTIONS;
    server.on('error', listen.onError);
  }, listen.onError);
});
