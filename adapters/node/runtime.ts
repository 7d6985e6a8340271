// Node's side of the Runtime seam: process-group spawning, stdin/stdout as Web
// streams, and the atomic fs cache driver. Also remembers live children so that
// no `claude` run outlives the server, whatever way it ends.
import { Readable, Writable } from 'node:stream';
import type { Runtime, SpawnOptions, Subprocess } from '../../src/runtime.ts';
import { fsCacheDriver } from './cache-driver.ts';
import { spawnNode } from './spawn.ts';

const live = new Set<Subprocess>();

/** Kills every child process group still running (synchronous: safe in an 'exit' handler). */
export function killAllChildren(): void {
  for (const child of live) child.kill('SIGKILL');
  live.clear();
}

export const nodeRuntime: Runtime = {
  name: 'node',
  version: process.versions.node,
  spawn(command: string, options: SpawnOptions): Subprocess {
    const child = spawnNode(command, options);
    live.add(child);
    void child.exited.finally(() => live.delete(child));
    return child;
  },
  stdio: () => ({
    readable: Readable.toWeb(process.stdin) as ReadableStream<Uint8Array>,
    writable: Writable.toWeb(process.stdout) as WritableStream<Uint8Array>,
  }),
  cacheDriver: (dir: string) => fsCacheDriver({ base: dir }),
};
