// An HTTP proxy on 127.0.0.1 that never connects anywhere: it records each request it is
// asked to forward (CONNECT tunnels and absolute-form requests) and answers as the origin
// itself, so a test can see that a fetch went through it without leaving the machine.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface LoopbackProxy {
  /** `http://127.0.0.1:<port>`: what HTTPS_PROXY and HTTP_PROXY take. */
  readonly url: string;
  /** What the proxy was asked for: `CONNECT host:port` or `GET http://…`, in order. */
  readonly seen: string[];
  close(): Promise<void>;
}

/** `origin` answers every request that reaches the proxy, tunnelled or not. */
export async function startLoopbackProxy(
  origin: (req: IncomingMessage, res: ServerResponse) => void,
): Promise<LoopbackProxy> {
  const seen: string[] = [];
  const sockets = new Set<Socket>();
  // Inside a tunnel the client speaks plain HTTP to the origin: this server plays it.
  const tunnelled = createServer(origin);
  const proxy = createServer((req, res) => {
    seen.push(`${req.method} ${req.url}`);
    origin(req, res);
  });
  proxy.on('connect', (req: IncomingMessage, socket: Socket) => {
    seen.push(`CONNECT ${req.url}`);
    socket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
    tunnelled.emit('connection', socket);
  });
  proxy.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const { port } = proxy.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        proxy.close(() => resolve());
      }),
  };
}
