// Bundles each runtime's entry (and the library entry) into dist/ with esbuild, writes
// THIRD_PARTY_NOTICES.md for every package the bundle holds (failing on a license it may
// not ship), and the library's declarations (dist/mod.d.ts, dist/types/) with tsc, plus
// dist/node/runtime.d.ts for the library's Node runtime (`web-mcp/node`).
// Heavy modules imported lazily land in their own chunks, so start-up stays fast.
// The new tree is built aside and swapped in, so a server already running from
// dist/ keeps its files until the swap.
import { spawn } from 'node:child_process';
import { cp, rename, rm, writeFile } from 'node:fs/promises';
import { build } from 'esbuild';
import { BUNDLE_OPTIONS } from './bundle-options.mjs';
import { writeNotices } from './notices.mjs';

const TYPES_OUT = 'node_modules/.cache/web-mcp/types';

/** tsc emits the declarations of src/mod.ts into a cache (incremental, so rebuilds are quick). */
function emitTypes() {
  return new Promise((resolve, reject) => {
    const tsc = spawn(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.types.json'], {
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    tsc.on('error', reject);
    tsc.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`tsc (declarations) exited ${code}`)),
    );
  });
}

const next = `dist.next-${process.pid}`;
try {
  const types = emitTypes();
  const { metafile } = await build({ ...BUNDLE_OPTIONS, outdir: next });
  writeNotices(metafile, 'THIRD_PARTY_NOTICES.md');
  await types;
  await cp(TYPES_OUT, `${next}/types`, { recursive: true, filter: (path) => !path.endsWith('.tsbuildinfo') });
  await writeFile(`${next}/mod.d.ts`, "export * from './types/mod.js';\n");
  // adapters/node/runtime.ts declares `nodeRuntime: Runtime`, and Runtime is the library's own type.
  await writeFile(
    `${next}/node/runtime.d.ts`,
    "import type { Runtime } from '../mod.js';\nexport declare const nodeRuntime: Runtime;\n",
  );
} catch (error) {
  await rm(next, { recursive: true, force: true });
  console.error(`build failed: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}
const old = `dist.old-${process.pid}`;
await rename('dist', old).catch(() => {});
await rename(next, 'dist');
await rm(old, { recursive: true, force: true });
