// Runs left behind by a server that died: each run directory records its server's
// pid and its claude process group; at start the server ends the groups of dead
// servers (only when it can see they still work in that directory) and the processes
// tagged with the run (those that left the group), and removes their directories.
// Runs of servers still alive are left alone.
import { readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import * as v from 'valibot';
import { RUN_DIR_PREFIX } from '../runtime.ts';

export const RUN_RECORD = '.web-mcp-run.json';

const RecordSchema = v.object({
  server: v.pipe(v.number(), v.integer(), v.minValue(1)),
  group: v.pipe(v.number(), v.integer(), v.minValue(2)),
});

/** A directory without a record this old is a run whose server died before it could spawn. */
const UNRECORDED_AGE_MS = 10 * 60_000;

export interface ReapDeps {
  /** The temp dir where run directories live. */
  readonly tmp: string;
  /** This server's pid (a record naming it is a dead server's whose pid was reused). */
  readonly self: number;
  /** False for a pid that is gone (a zombie too, where that can be seen). */
  isAlive(pid: number): Promise<boolean>;
  /** Whether a process of `group` still works in `dir`; undefined when this runtime cannot tell. */
  groupWorksIn(group: number, dir: string): Promise<boolean | undefined>;
  killGroup(group: number): void;
  /** Processes whose environment carries the run's tag; empty where this runtime cannot tell. */
  tagged(run: string): Promise<number[]>;
  killProcess(pid: number): void;
  /** Modification time (ms) of `path` when it is a real directory of this user, else undefined. */
  ownDirMtime(path: string): Promise<number | undefined>;
  readonly clock: () => number;
}

export interface Reaped {
  readonly removed: string[];
  readonly killed: number[];
}

async function readRecord(dir: string) {
  const text = await readFile(join(dir, RUN_RECORD), 'utf8').catch(() => undefined);
  if (text === undefined) return undefined;
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return undefined;
  }
  const parsed = v.safeParse(RecordSchema, data);
  return parsed.success ? parsed.output : undefined;
}

export async function reapOrphanRuns(deps: ReapDeps): Promise<Reaped> {
  const removed: string[] = [];
  const killed: number[] = [];
  const names = await readdir(deps.tmp).catch((): string[] => []);
  for (const name of names) {
    if (!name.startsWith(RUN_DIR_PREFIX)) continue;
    const dir = join(deps.tmp, name);
    const changed = await deps.ownDirMtime(dir);
    if (changed === undefined) continue;
    const record = await readRecord(dir);
    if (record === undefined) {
      if (deps.clock() - changed < UNRECORDED_AGE_MS) continue;
    } else {
      if (record.server !== deps.self && (await deps.isAlive(record.server))) continue;
      if ((await deps.groupWorksIn(record.group, dir)) === true) {
        deps.killGroup(record.group);
        killed.push(record.group);
      }
      for (const pid of await deps.tagged(name)) deps.killProcess(pid);
    }
    await rm(dir, { recursive: true, force: true }).catch(() => {});
    removed.push(dir);
  }
  return { removed, killed };
}
