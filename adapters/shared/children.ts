// Remembers every live child so that none outlives the server, however it ends:
// the process 'exit' handler kills what is left (synchronously, group and all).
import type { Runtime, Subprocess } from '../../src/runtime.ts';

const live = new Set<Subprocess>();

export function trackChildren(spawn: Runtime['spawn']): Runtime['spawn'] {
  return (command, options) => {
    const child = spawn(command, options);
    live.add(child);
    void child.exited.finally(() => live.delete(child));
    return child;
  };
}

export function killAllChildren(): void {
  for (const child of live) child.kill('SIGKILL');
  live.clear();
}
