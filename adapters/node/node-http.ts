// HTTP through node:http (@hono/node-server) with the connection table: Node's listener, and
// Deno's too (Deno.serve has neither time-outs nor a view of connections). Loaded only when
// serving HTTP, so a stdio server starts lighter.
import type { Server } from 'node:http';
import { BODY_DEADLINE_MS } from '../../src/app.ts';
import { limitConnections } from '../../src/process/connection-table.ts';
import type { Listen } from '../../src/process/main.ts';

/** How often node:http looks for requests past their time-outs (its default, 30 s, would double them). */
const CHECK_EVERY_MS = 1000;

export function serveNodeHttp(listen: Listen): void {
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
    limitConnections(server);
    server.on('error', listen.onError);
  }, listen.onError);
}
