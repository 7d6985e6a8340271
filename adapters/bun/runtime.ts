// Bun's side of the Runtime seam: Bun's own stdin/stdout streams; spawning through
// node:child_process (Bun.spawn cannot start a process group), the shared fs driver, Bun.serve on loopback.
import type { Runtime } from '../../src/runtime.ts';
import { fsCacheDriver } from '../node/cache-driver.ts';
import { spawnNode } from '../node/spawn.ts';
import { trackChildren } from '../shared/children.ts';
import { pageFetch } from '../shared/page-fetch.ts';

interface BunGlobal {
  readonly version: string;
  readonly stdin: { stream(): ReadableStream<Uint8Array> };
  readonly stdout: unknown;
  write(destination: unknown, data: Uint8Array): Promise<number>;
  serve(options: {
    hostname: string;
    port: number;
    idleTimeout: number;
    fetch: (request: Request) => Promise<Response>;
  }): { port: number; stop(closeActiveConnections?: boolean): Promise<void> };
}
declare const Bun: BunGlobal;

export const bunRuntime: Runtime = {
  name: 'bun',
  version: Bun.version,
  spawn: trackChildren(spawnNode),
  stdio: () => ({
    readable: Bun.stdin.stream(),
    writable: new WritableStream<Uint8Array>({
      write: async (chunk) => void (await Bun.write(Bun.stdout, chunk)),
    }),
  }),
  cacheDriver: (dir) => fsCacheDriver({ base: dir }),
  pageFetch,
  serveLoopback: async (handler) => {
    // idleTimeout in seconds: a page read may keep its request quiet for a while.
    const server = Bun.serve({ hostname: '127.0.0.1', port: 0, idleTimeout: 120, fetch: handler });
    return { port: server.port, close: () => server.stop(true) };
  },
};
