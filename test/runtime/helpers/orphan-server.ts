// Stands in for a server with two hung runs, for the watchdog contract: on the runtime
// running it, starts two runs through that runtime's adapter (each a shell with a
// sleeping child, in its own run dir under TMPDIR), prints their pids as one JSON
// line, then waits to be killed.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import process from 'node:process';
import { RUN_DIR_PREFIX, type Runtime } from '../../../src/runtime.ts';
import { firstLine } from './first-line.ts';

async function adapter(name: string | undefined): Promise<Runtime> {
  if (name === 'bun') return (await import('../../../adapters/bun/runtime.ts')).bunRuntime;
  if (name === 'deno') return (await import('../../../adapters/deno/runtime.ts')).denoRuntime;
  return (await import('../../../adapters/node/runtime.ts')).nodeRuntime;
}

const runtime = await adapter(process.argv[2]);
const runs = [];
for (let i = 0; i < 2; i++) {
  const dir = mkdtempSync(join(tmpdir(), RUN_DIR_PREFIX));
  const child = runtime.spawn('sh', {
    args: ['-c', 'sleep 300 & echo $!; wait'],
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin' },
    cwd: dir,
  });
  const grandchild = Number(await firstLine(child.stdout));
  runs.push({ group: child.pid, grandchild, dir });
}
process.stdout.write(`${JSON.stringify({ server: process.pid, runs })}\n`);
setInterval(() => {}, 1 << 30);
