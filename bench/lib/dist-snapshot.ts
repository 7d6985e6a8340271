// A private copy of the built entry points for the process benches: other work on this
// machine may rebuild (delete and rewrite) dist/ while a bench is starting processes from it.
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO } from './report.ts';

export interface DistSnapshot {
  /** Root of the copy: holds dist/, bin/ and package.json like the repo. */
  readonly root: string;
  remove(): void;
}

export function snapshotDist(): DistSnapshot {
  for (const file of ['dist/node/main.js', 'dist/bun/main.js', 'dist/deno/main.js']) {
    if (!existsSync(join(REPO, file))) throw new Error(`${file} is missing: run npm run build first`);
  }
  const root = mkdtempSync(join(tmpdir(), 'web-mcp-bench-dist-'));
  for (const part of ['dist', 'bin', 'package.json', 'deno.json']) {
    cpSync(join(REPO, part), join(root, part), { recursive: true });
  }
  return { root, remove: () => rmSync(root, { recursive: true, force: true }) };
}
