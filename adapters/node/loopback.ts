// Node's loopback listener for the research runs' reader: @hono/node-server on
// 127.0.0.1 at a free port, loaded only when a run first needs it.
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
