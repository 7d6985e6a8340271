// Node's side of the Runtime seam: process-group spawning, stdin/stdout as Web
// streams, the atomic fs cache driver and a loopback listener.
import { Readable, Writable } from 'node:stream';
import { fsCacheDriver } from '../../src/cache/fs-driver.ts';
import { pageFetch, webFetch } from '../../src/page/fetch/page-fetch.ts';
import { proxyEnv } from '../../src/page/fetch/proxy-env.ts';
import { trackChildren } from '../../src/process/children.ts';
import type { Runtime } from '../../src/runtime.ts';
import { serveLoopback } from './loopback.ts';
import { startReadWorker } from './read-worker-host.ts';
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
  pageFetch: (guard) => pageFetch(guard, proxyEnv(process.env)),
  webFetch: () => webFetch(proxyEnv(process.env)),
  serveLoopback,
  startReadWorker,
  residentMemory: () => process.memoryUsage.rss(),
};
