// What the start-up clean-up needs to know about other processes, the same on Node,
// Bun and Deno: liveness and kills through the `kill` command (which Deno's --allow-run
// admits), group membership, run tags and zombies from /proc where it is readable (not
// under Deno's --allow-read, so there nothing is killed at start).
import { spawnSync } from 'node:child_process';
import { lstat, readdir, readFile, readlink } from 'node:fs/promises';
import process from 'node:process';
import type { ReapDeps } from './run-record.ts';
import { RUN_TAG } from './watchdog.ts';

const kill = (args: string[]): boolean =>
  spawnSync('kill', args, { stdio: 'ignore', timeout: 5000 }).status === 0;

/** Fields after the command name in /proc/<pid>/stat: the state is [0], the process group [2]. */
async function statFields(pid: string): Promise<string[] | undefined> {
  const text = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => undefined);
  return text?.slice(text.lastIndexOf(')') + 2).split(' ');
}

/** This user's id; undefined where the runtime may not ask. */
function currentUid(): number | undefined {
  try {
    return process.getuid?.();
  } catch {
    return undefined;
  }
}

/**
 * `proc: false` touches neither /proc nor the user id (Deno would ask for --allow-read=/proc
 * and --allow-sys, which it was not given); then a sticky /tmp is what keeps other users' dirs safe.
 */
export const processTable = ({ proc }: { proc: boolean }): Omit<ReapDeps, 'tmp' | 'self' | 'clock'> => {
  const uid = proc ? currentUid() : undefined;
  return {
    isAlive: async (pid) => {
      if (!kill(['-0', String(pid)])) return false;
      if (!proc) return true;
      // Gone from /proc by now (reaped since), or a zombie: dead either way.
      const state = (await statFields(String(pid)))?.[0];
      return state !== undefined && state !== 'Z';
    },
    groupWorksIn: async (group, dir) => {
      const pids = proc ? await readdir('/proc').catch(() => undefined) : undefined;
      if (pids === undefined) return undefined;
      for (const pid of pids) {
        if (!/^\d+$/.test(pid)) continue;
        const fields = await statFields(pid);
        if (fields === undefined || fields[2] !== String(group) || fields[0] === 'Z') continue;
        const cwd = await readlink(`/proc/${pid}/cwd`).catch(() => '');
        if (cwd === dir || cwd.startsWith(`${dir}/`) || cwd === `${dir} (deleted)`) return true;
      }
      return false;
    },
    killGroup: (group) => void kill(['-KILL', '--', `-${group}`]),
    tagged: async (run) => {
      const pids = proc ? await readdir('/proc').catch((): string[] => []) : [];
      const tag = `${RUN_TAG}=${run}`;
      const found: number[] = [];
      for (const pid of pids) {
        if (!/^\d+$/.test(pid)) continue;
        const environ = await readFile(`/proc/${pid}/environ`, 'utf8').catch(() => '');
        if (environ.split('\0').includes(tag)) found.push(Number(pid));
      }
      return found;
    },
    killProcess: (pid) => void kill(['-KILL', String(pid)]),
    ownDirMtime: async (path) => {
      const info = await lstat(path).catch(() => undefined);
      if (!info?.isDirectory()) return undefined;
      if (uid !== undefined && info.uid !== uid) return undefined;
      return info.mtimeMs;
    },
  };
};
