// The page-fetch contract every runtime adapter passes on its own runtime: each
// connection resolves through the guard, goes only to an address the guard accepted
// at that moment, and carries one response. 127.0.0.1 plays a public server and
// 127.0.0.2 a private one (both loopback), so nothing leaves the machine.
import assert from 'node:assert/strict';
import { createServer as createHttpServer } from 'node:http';
import { type AddressInfo, createServer as createNetServer, type Server, type Socket } from 'node:net';
import { after, before, describe, it } from 'node:test';
import type { ConnectGuard, Runtime } from '../../src/runtime.ts';

const PUBLIC = '127.0.0.1';
const PRIVATE = '127.0.0.2';

/** The server name (SNI) in a TLS ClientHello, read by hand so any runtime's server can see it. */
function serverName(hello: Uint8Array): string | undefined {
  const view = new DataView(hello.buffer, hello.byteOffset, hello.byteLength);
  const u16 = (at: number) => view.getUint16(at);
  // record header (5) + handshake header (4) + version (2) + random (32)
  let at = 5 + 4 + 2 + 32;
  at += 1 + (hello[at] ?? 0); // session id
  at += 2 + u16(at); // cipher suites
  at += 1 + (hello[at] ?? 0); // compression methods
  const end = at + 2 + u16(at);
  for (at += 2; at + 4 <= end; ) {
    const type = u16(at);
    const length = u16(at + 2);
    if (type === 0) return new TextDecoder().decode(hello.subarray(at + 9, at + 9 + u16(at + 7)));
    at += 4 + length;
  }
  return undefined;
}

interface Counted {
  readonly server: Server;
  connections: number;
  requests: number;
}

function counted(server: Server, reply: string): Counted {
  const state: Counted = { server, connections: 0, requests: 0 };
  const sockets = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    state.connections += 1;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  server.on('request', (req, res) => {
    state.requests += 1;
    if (req.url === '/hang') return;
    if (req.url === '/moved') {
      res.writeHead(302, { location: '/elsewhere' }).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'text/plain' }).end(reply);
  });
  server.on('close', () => {
    for (const socket of sockets) socket.destroy();
  });
  return state;
}

const listen = (server: Server, host: string, port: number) =>
  new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve((server.address() as AddressInfo).port));
  });

const close = (server: Server) =>
  new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.emit('close');
  });

/** A guard for the test: PUBLIC is accepted, anything else refused; resolve answers what `answer` says now. */
function testGuard(answer: () => readonly string[]) {
  const calls = { resolve: 0 };
  const guard: ConnectGuard = {
    resolve: async () => {
      calls.resolve += 1;
      return answer();
    },
    refuse: (_target, address) => (address === PUBLIC ? undefined : 'a private address (test)'),
  };
  return { guard, calls };
}

const causeName = (error: unknown): string | undefined => {
  for (let at = error, depth = 0; at instanceof Error && depth < 4; at = at.cause, depth++)
    if (at.name === 'ConnectRefused') return at.name;
  return undefined;
};

export function fetchContract(name: string, runtime: Pick<Runtime, 'pageFetch'>): void {
  describe(`${name}: page fetch pinned to checked addresses`, () => {
    let pub: Counted;
    let priv: Counted;
    let port = 0;

    before(async () => {
      // The same port on both addresses, so one URL can lead to either.
      for (let attempt = 0; attempt < 20; attempt++) {
        pub = counted(createHttpServer(), 'public');
        priv = counted(createHttpServer(), 'private');
        port = await listen(pub.server, PUBLIC, 0);
        try {
          await listen(priv.server, PRIVATE, port);
          return;
        } catch {
          await close(pub.server);
        }
      }
      throw new Error('no port free on both 127.0.0.1 and 127.0.0.2');
    });
    after(async () => {
      await close(pub.server);
      await close(priv.server);
    });

    const reset = () => {
      pub.connections = pub.requests = priv.connections = priv.requests = 0;
    };

    it('fetches from an accepted address, one connection per request', async () => {
      reset();
      const { guard, calls } = testGuard(() => [PUBLIC]);
      const fetchPage = runtime.pageFetch(guard);
      for (let i = 0; i < 4; i++) {
        const response = await fetchPage(`http://pinned.test:${port}/page`, { redirect: 'manual' });
        assert.equal(response.status, 200);
        assert.equal(await response.text(), 'public');
      }
      assert.equal(pub.requests, 4);
      assert.equal(pub.connections, 4, 'no connection is reused');
      assert.equal(calls.resolve, 4, 'the name is resolved for every connection');
    });

    it('refuses at connect time an address the guard refuses, without connecting', async () => {
      reset();
      const fetchPage = runtime.pageFetch(testGuard(() => [PRIVATE]).guard);
      const error = await fetchPage(`http://pinned.test:${port}/page`).then(
        () => undefined,
        (e: unknown) => e,
      );
      assert.equal(causeName(error), 'ConnectRefused', String(error));
      const literal = await fetchPage(`http://${PRIVATE}:${port}/page`).then(
        () => undefined,
        (e: unknown) => e,
      );
      assert.equal(causeName(literal), 'ConnectRefused', 'an IP literal is checked too');
      assert.equal(priv.connections, 0);
    });

    it('refuses a name when any of its addresses is refused', async () => {
      reset();
      const fetchPage = runtime.pageFetch(testGuard(() => [PUBLIC, PRIVATE]).guard);
      const error = await fetchPage(`http://pinned.test:${port}/page`).then(
        () => undefined,
        (e: unknown) => e,
      );
      assert.equal(causeName(error), 'ConnectRefused', String(error));
      assert.equal(pub.connections + priv.connections, 0);
    });

    it('never reaches the refused address while the answer flips (rebinding)', async () => {
      reset();
      let flip = 0;
      const fetchPage = runtime.pageFetch(testGuard(() => [flip++ % 2 === 0 ? PUBLIC : PRIVATE]).guard);
      let served = 0;
      let refused = 0;
      for (let i = 0; i < 40; i++) {
        try {
          const response = await fetchPage(`http://pinned.test:${port}/page`);
          assert.equal(await response.text(), 'public');
          served += 1;
        } catch (error) {
          assert.equal(causeName(error), 'ConnectRefused', String(error));
          refused += 1;
        }
      }
      assert.equal(priv.connections, 0, 'the private server was never reached');
      assert.equal(served, 20);
      assert.equal(refused, 20);
    });

    it('hands back a redirect as it is (redirect: manual) and stops on abort', async () => {
      reset();
      const fetchPage = runtime.pageFetch(testGuard(() => [PUBLIC]).guard);
      const moved = await fetchPage(`http://pinned.test:${port}/moved`, { redirect: 'manual' });
      assert.equal(moved.status, 302);
      assert.equal(moved.headers.get('location'), '/elsewhere');
      await moved.body?.cancel();
      const controller = new AbortController();
      const hung = fetchPage(`http://pinned.test:${port}/hang`, { signal: controller.signal });
      setTimeout(() => controller.abort(), 100);
      await assert.rejects(hung);
    });

    it('opens TLS to the checked address with the URL host as server name', async () => {
      const seen: string[] = [];
      const tls = createNetServer((socket) => {
        socket.once('data', (hello: Uint8Array) => {
          seen.push(serverName(hello) ?? '(none)');
          socket.destroy();
        });
      });
      const tlsPort = await listen(tls, PUBLIC, 0);
      try {
        const fetchPage = runtime.pageFetch(testGuard(() => [PUBLIC]).guard);
        // The server reads the ClientHello and hangs up: the fetch fails, the name is seen.
        await assert.rejects(fetchPage(`https://pinned.test:${tlsPort}/page`));
        assert.deepEqual(seen, ['pinned.test']);
      } finally {
        await close(tls);
      }
    });
  });
}
