// A node:http server on 127.0.0.1 with a free port, for tests that need a real
// socket; it counts connections so a test can prove nothing reached it.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export type LoopbackHandler = (req: IncomingMessage, res: ServerResponse) => void | Promise<void>;

export interface LoopbackServer {
  /** `http://127.0.0.1:<port>` (no trailing slash). */
  readonly url: string;
  readonly port: number;
  /** TCP connections accepted so far (counted before any request is parsed). */
  readonly connections: number;
  /** Requests received so far. */
  readonly requests: number;
  /** Stops listening and destroys open sockets, so stalled handlers cannot hold the test open. */
  close(): Promise<void>;
}

/** Starts `handler` on 127.0.0.1:0; a handler that throws answers 500. */
export async function startLoopbackServer(handler: LoopbackHandler): Promise<LoopbackServer> {
  let connections = 0;
  let requests = 0;
  const sockets = new Set<Socket>();
  const server = createServer((req, res) => {
    requests += 1;
    Promise.resolve()
      .then(() => handler(req, res))
      .catch((error: unknown) => {
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
        res.end(String(error));
      });
  });
  server.on('connection', (socket: Socket) => {
    connections += 1;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    get connections() {
      return connections;
    },
    get requests() {
      return requests;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
