// A run's watchdog: a one-line `sh` holding the read end of a pipe from the server.
// When the server dies by any means (kill -9 and the OOM killer included) the kernel closes
// the pipe, `read` returns, and the watchdog ends the run's whole process group (TERM, then
// KILL a second later) and every process that carries the run's tag in its environment,
// which a descendant keeps after leaving the group (setsid, a double fork). The tag is read
// from /proc (Linux), else from `ps` (macOS, where `ps -E` shows a process's environment).
import { type ChildProcess, spawn } from 'node:child_process';

/** The environment variable that tags every process of a run: its run directory's name. */
export const RUN_TAG = 'WEB_MCP_RUN';

const SCRIPT = [
  'read -r _',
  // Processes tagged `RUN_TAG=$2`; none when there is no tag.
  `tagged() { [ -n "$2" ] || return 0; if [ -d /proc/self ]; then grep -lzxF "${RUN_TAG}=$2" /proc/[0-9]*/environ 2>/dev/null | cut -d/ -f3; else ps -AEww -o pid= -o command= 2>/dev/null | awk -v t="${RUN_TAG}=$2" 'index($0, t) { print $1 }'; fi; }`,
  'kill -s TERM -- "-$1" $(tagged "$@") 2>/dev/null',
  'sleep 1',
  'kill -s KILL -- "-$1" $(tagged "$@") 2>/dev/null',
].join('\n');

export interface Watchdog {
  readonly pid: number;
  /** The run ended on its own terms: whatever it left behind is ended now. */
  stop(): void;
}

/**
 * Watches process group `group` and the processes tagged `tag`; an Error when `sh` cannot be
 * started (e.g. Deno without --allow-run=sh).
 */
export function startWatchdog(group: number, tag = ''): Watchdog | Error {
  let child: ChildProcess;
  try {
    child = spawn('sh', ['-c', SCRIPT, 'web-mcp-watchdog', String(group), tag], {
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
      // A line wakes the `read`: the group and the tagged processes are ended as on a crash.
      child.stdin?.end('\n');
    },
  };
}
