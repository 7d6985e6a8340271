// Bun's side of the Runtime seam: Bun's own stdin/stdout streams; spawning through
// node:child_process (Bun.spawn cannot start a process group); the shared fs driver,
// loopback listener and reader workers.
import process from 'node:process';
import { fsCacheDriver } from '../../src/cache/fs-driver.ts';
import { pageFetch, webFetch } from '../../src/page/fetch/page-fetch.ts';
import { proxyEnv } from '../../src/page/fetch/proxy-env.ts';
import { trackChildren } from '../../src/process/children.ts';
import type { Runtime } from '../../src/runtime.ts';
import { serveLoopback } from '../node/loopback.ts';
import { startReadWorker } from '../node/read-worker-host.ts';
import { spawnNode } from '../node/spawn.ts';

interface BunGlobal {
  readonly version: string;
  readonly stdin: { stream(): ReadableStream<Uint8Array> };
  readonly stdout: unknown;
  write(destination: unknown, data: Uint8Array): Promise<number>;
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
  pageFetch: (guard) => pageFetch(guard, proxyEnv(process.env)),
  webFetch: () => webFetch(proxyEnv(process.env)),
  serveLoopback,
  startReadWorker,
  residentMemory: () => process.memoryUsage.rss(),
};
