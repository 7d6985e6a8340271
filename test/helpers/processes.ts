// Whether processes are gone (a zombie, state Z, counts as gone: a killed grandchild
// is reaped by init only after a moment; see reference/testing-notes.md).
import { readFile } from 'node:fs/promises';

/** True when the pid no longer runs; a zombie (state Z) counts as gone. */
export async function isGone(pid: number): Promise<boolean> {
  try {
    process.kill(pid, 0);
  } catch {
    return true;
  }
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
  if (stat === '') return process.platform === 'linux';
  return stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z');
}

/** Waits until every pid is gone or `ms` passed; returns the ones still alive. */
export async function waitGone(pids: number[], ms: number): Promise<number[]> {
  const until = Date.now() + ms;
  for (;;) {
    const alive: number[] = [];
    for (const pid of pids) if (!(await isGone(pid))) alive.push(pid);
    if (alive.length === 0 || Date.now() >= until) return alive;
    await new Promise((r) => setTimeout(r, 20));
  }
}

export async function waitFor<T>(probe: () => Promise<T | undefined>, ms = 5000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() >= until) throw new Error('waitFor: condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}
