// Remembers every live child so that none outlives the server, however it ends:
// detached groups survive their parent, so on exit the server kills what is left
// (synchronously, group and all) with each runtime's own kill.
import process from 'node:process';
import type { Runtime, Subprocess } from '../../src/runtime.ts';

const live = new Set<Subprocess>();
let exitHook = false;

export function killAllChildren(): void {
  for (const child of live) child.kill('SIGKILL');
  live.clear();
}

export function trackChildren(spawn: Runtime['spawn']): Runtime['spawn'] {
  return (command, options) => {
    const child = spawn(command, options);
    live.add(child);
    void child.exited.finally(() => live.delete(child));
    if (!exitHook) {
      exitHook = true;
      process.once('exit', killAllChildren);
    }
    return child;
  };
}
