// Makes sure no child outlives the server, however it ends: each child gets a
// watchdog that ends its group, and every process tagged with its run, when the run
// ends or the server dies (kill -9 included), a run is recorded in its run directory
// for the next start, and on a normal exit the server kills what is left
// (synchronously, group and all) with each runtime's own kill.
import { writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import process from 'node:process';
import { RUN_DIR_PREFIX, type Runtime, type Subprocess } from '../runtime.ts';
import { RUN_RECORD } from './run-record.ts';
import { RUN_TAG, startWatchdog, type Watchdog } from './watchdog.ts';

const live = new Set<Subprocess>();
let exitHook = false;
let warned = false;

export function killAllChildren(): void {
  for (const child of live) child.kill('SIGKILL');
  live.clear();
}

/** Once per process: runs still die with a clean exit, and the next start ends any that survived. */
function warnNoWatchdog(error: Error): void {
  if (warned) return;
  warned = true;
  process.stderr.write(
    `web-mcp: warning: cannot start a watchdog (${error.message.split('\n')[0]}); a claude run may outlive a crashed server until the next start (on Deno add sh to --allow-run)\n`,
  );
}

/** The run's watchdog; none on Windows (no process groups, no sh), nor when sh is refused. */
function watch(group: number, tag: string): Watchdog | undefined {
  if (process.platform === 'win32') return undefined;
  const watchdog = startWatchdog(group, tag);
  if (!(watchdog instanceof Error)) return watchdog;
  warnNoWatchdog(watchdog);
  return undefined;
}

export function trackChildren(spawn: Runtime['spawn']): Runtime['spawn'] {
  return (command, options) => {
    const run = basename(options.cwd);
    const isRun = run.startsWith(RUN_DIR_PREFIX);
    // A run's processes carry its tag in their environment, which leaving the group does not shed.
    const child = spawn(command, isRun ? { ...options, env: { ...options.env, [RUN_TAG]: run } } : options);
    const watchdog = watch(child.pid, isRun ? run : '');
    if (isRun) {
      const record = {
        server: process.pid,
        group: child.pid,
        ...(watchdog ? { watchdog: watchdog.pid } : {}),
      };
      try {
        writeFileSync(join(options.cwd, RUN_RECORD), JSON.stringify(record));
      } catch {}
    }
    live.add(child);
    void child.exited.finally(() => {
      live.delete(child);
      watchdog?.stop();
    });
    if (!exitHook) {
      exitHook = true;
      process.once('exit', killAllChildren);
    }
    return child;
  };
}
