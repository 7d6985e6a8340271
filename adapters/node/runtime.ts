// Node's side of the Runtime seam: process-group spawning, stdin/stdout as Web
// streams, and the atomic fs cache driver.
import { Readable, Writable } from 'node:stream';
import type { Runtime } from '../../src/runtime.ts';
import { trackChildren } from '../shared/children.ts';
import { pageFetch } from '../shared/page-fetch.ts';
import { startReadWorker } from '../shared/read-worker-host.ts';
import { fsCacheDriver } from './cache-driver.ts';
import { spawnNode } from './spawn.ts';

export const nodeRuntime: Runtime = {
  name: 'node',
  version: process.versions.node,
  spawn: trackChildren(spawnNode),
  stdio: () => ({
    readable: Readable.toWeb(process.stdin) as ReadableStream<Uint8Array>,
    writable: Writable.toWeb(process.stdout) as WritableStream<Uint8Array>,
  }),
  cacheDriver: (dir) => fsCacheDriver({ base: dir }),
  pageFetch,
  startReadWorker,
  residentMemory: () => process.memoryUsage.rss(),
};
