// Deno's side of the Runtime seam: Deno's own stdin/stdout streams, the shared fs
// driver, and children started through node:child_process in their own group.
// Signalling a group (a negative pid) needs Deno's unrestricted --allow-run, so the
// group is killed with the system `kill` command instead: --allow-run=claude,kill,sh
// (sh for the watchdog, see src/process/watchdog.ts).

import process from 'node:process';
import { fsCacheDriver } from '../../src/cache/fs-driver.ts';
import { pageFetch, webFetch } from '../../src/page/fetch/page-fetch.ts';
import { proxyEnv } from '../../src/page/fetch/proxy-env.ts';
import { trackChildren } from '../../src/process/children.ts';
import type { Runtime, Subprocess } from '../../src/runtime.ts';
import { serveLoopback } from '../node/loopback.ts';
import { startReadWorker } from '../node/read-worker-host.ts';
import { spawnNode } from '../node/spawn.ts';

interface DenoGlobal {
  readonly version: { readonly deno: string };
  readonly stdin: { readonly readable: ReadableStream<Uint8Array> };
  readonly stdout: { readonly writable: WritableStream<Uint8Array> };
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

export const denoRuntime: Runtime = {
  name: 'deno',
  version: Deno.version.deno,
  spawn: trackChildren(spawnDeno),
  stdio: () => ({ readable: Deno.stdin.readable, writable: Deno.stdout.writable }),
  cacheDriver: (dir) => fsCacheDriver({ base: dir }),
  pageFetch: (guard) => pageFetch(guard, proxyEnv(process.env)),
  webFetch: () => webFetch(proxyEnv(process.env)),
  serveLoopback,
  startReadWorker,
  residentMemory: () => process.memoryUsage.rss(),
};
