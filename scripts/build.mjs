// Bundles each runtime's entry (and the library entry) into dist/ with esbuild.
// Heavy modules imported lazily land in their own chunks, so start-up stays fast.
// The new tree is built aside and swapped in, so a server already running from
// dist/ keeps its files until the swap.
import { rename, rm } from 'node:fs/promises';
import { build } from 'esbuild';

const next = `dist.next-${process.pid}`;
await build({
  entryPoints: {
    'node/main': 'adapters/node/main.ts',
    'bun/main': 'adapters/bun/main.ts',
    'deno/main': 'adapters/deno/main.ts',
    mod: 'src/mod.ts',
  },
  outdir: next,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  chunkNames: 'chunks/[name]-[hash]',
  legalComments: 'linked',
  // Some dependencies are CommonJS and call require() for node built-ins.
  banner: {
    js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
  },
  logLevel: 'warning',
});
const old = `dist.old-${process.pid}`;
await rename('dist', old).catch(() => {});
await rename(next, 'dist');
await rm(old, { recursive: true, force: true });
