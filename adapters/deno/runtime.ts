// Deno's side of the Runtime seam: Deno's own stdin/stdout streams, the shared fs
// driver, and children started through node:child_process in their own group.
// Signalling a group (a negative pid) needs Deno's unrestricted --allow-run, so the
// group is killed with the system `kill` command instead: --allow-run=claude,kill,sh
// (sh for the watchdog, see src/process/watchdog.ts, and to start reader processes).

import process from 'node:process';
import { fsCacheDriver } from '../../src/cache/fs-driver.ts';
import { pageFetch, webFetch } from '../../src/page/fetch/page-fetch.ts';
import { proxyEnv } from '../../src/page/fetch/proxy-env.ts';
import { trackChildren } from '../../src/process/children.ts';
import type { Runtime, Subprocess } from '../../src/runtime.ts';
import { serveLoopback } from '../node/loopback.ts';
import { startReadWorker } from '../node/read-worker-host.ts';
import { spawnNode } from '../node/spawn.ts';
import { ownMemory } from './collect.ts';
import { readersMemory, startReadProcess } from './read-process-host.ts';

interface DenoGlobal {
  readonly version: { readonly deno: string };
  readonly stdin: { readonly readable: ReadableStream<Uint8Array> };
  readonly stdout: { readonly writable: WritableStream<Uint8Array> };
  readonly permissions: {
    querySync(descriptor: { name: 'run'; command: string }): { readonly state: string };
  };
  Command: new (
    command: string,
    options: { args: string[]; stdin: 'null'; stdout: 'null'; stderr: 'null' },
  ) => { outputSync(): unknown };
}
declare const Deno: DenoGlobal;

/** Synchronous, so it also works from an 'exit' handler; a group already gone is not an error. */
function killGroup(pid: number, signal: 'SIGTERM' | 'SIGKILL'): void {
  try {
    new Deno.Command('kill', {
      args: [`-${signal.slice(3)}`, '--', `-${pid}`],
      stdin: 'null',
      stdout: 'null',
      stderr: 'null',
    }).outputSync();
  } catch {}
}

function spawnDeno(command: string, options: Parameters<Runtime['spawn']>[1]): Subprocess {
  const child = spawnNode(command, options);
  return { ...child, kill: (signal = 'SIGTERM') => killGroup(child.pid, signal) };
}

const serverMemory = ownMemory();
/** Readers are processes where `sh` may be run, else worker threads (whose freed memory Deno keeps). */
const readsInProcesses = Deno.permissions.querySync({ name: 'run', command: 'sh' }).state === 'granted';

export const denoRuntime: Runtime = {
  name: 'deno',
  version: Deno.version.deno,
  spawn: trackChildren(spawnDeno),
  stdio: () => ({ readable: Deno.stdin.readable, writable: Deno.stdout.writable }),
  cacheDriver: (dir) => fsCacheDriver({ base: dir }),
  pageFetch: (guard) => pageFetch(guard, proxyEnv(process.env)),
  webFetch: () => webFetch(proxyEnv(process.env)),
  serveLoopback,
  startReadWorker: readsInProcesses ? startReadProcess : startReadWorker,
  // The server's memory includes its readers'.
  residentMemory: () => serverMemory() + readersMemory(),
};
