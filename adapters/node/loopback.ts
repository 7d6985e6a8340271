// The research runs' reader listener on Node, Bun and Deno alike (Deno.serve beside node:http left
// reader calls unanswered): @hono/node-server on 127.0.0.1 at a free port, loaded on first use.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LoopbackServer } from '../../src/runtime.ts';

export async function serveLoopback(
  handler: (request: Request) => Promise<Response>,
): Promise<LoopbackServer> {
  const { serve } = await import('@hono/node-server');
  return new Promise((resolve, reject) => {
    const server = serve({ fetch: handler, hostname: '127.0.0.1', port: 0 }) as Server;
    server.once('error', reject);
    server.once('listening', () => {
      const close = () =>
        new Promise<void>((done) => {
          server.close(() => done());
          server.closeAllConnections();
        });
      resolve({ port: (server.address() as AddressInfo).port, close });
    });
  });
}
