// Bun's side of the Runtime seam: Bun's own stdin/stdout streams; spawning through
// node:child_process (Bun.spawn cannot start a process group) and the shared fs driver.
import process from 'node:process';
import type { Runtime } from '../../src/runtime.ts';
import { fsCacheDriver } from '../node/cache-driver.ts';
import { spawnNode } from '../node/spawn.ts';
import { trackChildren } from '../shared/children.ts';
import { pageFetch } from '../shared/page-fetch.ts';
import { startReadWorker } from '../shared/read-worker-host.ts';

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
  pageFetch,
  startReadWorker,
  residentMemory: () => process.memoryUsage.rss(),
};
