// The server's real entry points on each runtime, for integration tests that
// run one set of cases against every runtime (WEB_MCP_TEST_RUNTIMES narrows it).
import { existsSync, readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));

export type RuntimeName = 'node' | 'bun' | 'deno';

export interface Entry {
  readonly runtime: RuntimeName;
  readonly command: string;
  readonly args: readonly string[];
}

/** npm puts the binary in the wrapper package when install scripts ran, else leaves it in the platform package. */
function binary(candidates: string[]): string {
  const found = candidates.find((path) => existsSync(path) && statSync(path).size > 1_000_000);
  return found ?? candidates[candidates.length - 1] ?? '';
}

export const BUN = binary([
  `${ROOT}node_modules/bun/bin/bun.exe`,
  `${ROOT}node_modules/@oven/bun-linux-x64/bin/bun`,
]);
export const DENO = binary([
  `${ROOT}node_modules/deno/deno`,
  `${ROOT}node_modules/@deno/linux-x64-glibc/deno`,
]);

/**
 * `deno run` with exactly the permissions the deno.json `start` task documents (and the
 * docs/runtimes.md lists), so a permission the server needs but the docs omit fails the suite.
 */
export function denoArgs(): string[] {
  const tasks = JSON.parse(readFileSync(`${ROOT}deno.json`, 'utf8')).tasks as Record<string, string>;
  const words = (tasks.start ?? '').split(/\s+/);
  const flags = words
    .slice(words.indexOf('run') + 1)
    .filter((w) => w.startsWith('--'))
    .map((w) =>
      w.replaceAll('$HOME', process.env.HOME ?? '/root').replace(/(?<=[=,])dist(?=,|$)/g, `${ROOT}dist`),
    );
  return ['run', ...flags, `${ROOT}dist/deno/main.js`];
}

export function entry(runtime: RuntimeName): Entry {
  if (runtime === 'bun') return { runtime, command: BUN, args: [`${ROOT}dist/bun/main.js`] };
  if (runtime === 'deno') return { runtime, command: DENO, args: denoArgs() };
  return { runtime, command: process.execPath, args: [`${ROOT}dist/node/main.js`] };
}

export function entries(): Entry[] {
  const wanted = (process.env.WEB_MCP_TEST_RUNTIMES ?? 'node,bun,deno').split(',').map((s) => s.trim());
  return (['node', 'bun', 'deno'] as const)
    .filter((r) => wanted.includes(r))
    .map(entry)
    .filter((e) => {
      if (existsSync(e.command)) return true;
      throw new Error(`${e.runtime} is not installed at ${e.command}: run npm ci`);
    });
}
