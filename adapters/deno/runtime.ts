// Deno's side of the Runtime seam: Deno's own stdin/stdout streams; spawning through
// node:child_process (detached group + group kill, the same code as Node) and the shared fs driver.
import type { Runtime } from '../../src/runtime.ts';
import { fsCacheDriver } from '../node/cache-driver.ts';
import { spawnNode } from '../node/spawn.ts';
import { trackChildren } from '../shared/children.ts';

interface DenoGlobal {
  readonly version: { readonly deno: string };
  readonly stdin: { readonly readable: ReadableStream<Uint8Array> };
  readonly stdout: { readonly writable: WritableStream<Uint8Array> };
}
declare const Deno: DenoGlobal;

export const denoRuntime: Runtime = {
  name: 'deno',
  version: Deno.version.deno,
  spawn: trackChildren(spawnNode),
  stdio: () => ({ readable: Deno.stdin.readable, writable: Deno.stdout.writable }),
  cacheDriver: (dir) => fsCacheDriver({ base: dir }),
};
