// A run's watchdog: a one-line `sh` holding the read end of a pipe from the server.
// The server never writes to it; when the server dies by any means (kill -9 and the
// OOM killer included) the kernel closes the pipe, `read` returns, and the watchdog
// ends the run's whole process group (TERM, then KILL a second later).
import { type ChildProcess, spawn } from 'node:child_process';

const SCRIPT = 'read -r _; kill -s TERM -- "-$1" 2>/dev/null && sleep 1; kill -s KILL -- "-$1" 2>/dev/null';

export interface Watchdog {
  readonly pid: number;
  /** Ends the watchdog without touching the group (the run ended on its own terms). */
  stop(): void;
}

/** Watches process group `group`; an Error when `sh` cannot be started (e.g. Deno without --allow-run=sh). */
export function startWatchdog(group: number): Watchdog | Error {
  let child: ChildProcess;
  try {
    child = spawn('sh', ['-c', SCRIPT, 'web-mcp-watchdog', String(group)], {
      detached: true,
      stdio: ['pipe', 'ignore', 'ignore'],
    });
  } catch (error) {
    return error instanceof Error ? error : new Error(String(error));
  }
  child.on('error', () => {});
  child.stdin?.on('error', () => {});
  const pid = child.pid;
  if (pid === undefined) return new Error('sh could not be started');
  // Neither the watchdog nor its pipe may keep the server's event loop alive.
  child.unref();
  const pipe: unknown = child.stdin;
  if (typeof pipe === 'object' && pipe !== null && 'unref' in pipe && typeof pipe.unref === 'function')
    pipe.unref();
  return {
    pid,
    stop: () => {
      try {
        child.kill('SIGKILL');
      } catch {}
    },
  };
}
