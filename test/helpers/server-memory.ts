// A server's resident memory as the memory bounds mean it: its own, and that of the reader
// processes it started (Deno reads in child processes), from /proc. Other children (claude
// runs, their watchdogs) are not the server's.
import { readdirSync, readFileSync } from 'node:fs';

const read = (path: string): string => {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
};

const rssOf = (pid: number): number =>
  Number(read(`/proc/${pid}/status`).match(/VmRSS:\s+(\d+) kB/)?.[1] ?? 0) * 1024;

/** Children of every thread of `pid` (a runtime may start children from any of its threads). */
function childrenOf(pid: number): number[] {
  let tasks: string[] = [];
  try {
    tasks = readdirSync(`/proc/${pid}/task`);
  } catch {}
  return tasks.flatMap((task) =>
    read(`/proc/${pid}/task/${task}/children`).split(/\s+/).filter(Boolean).map(Number),
  );
}

/** The server's resident memory in bytes, its reader processes included; 0 once it is gone. */
export function serverMemory(pid: number): number {
  const readers = childrenOf(pid).filter((child) => read(`/proc/${child}/cmdline`).includes('read-process'));
  return rssOf(pid) + readers.reduce((sum, child) => sum + rssOf(child), 0);
}
