// Bundles each runtime's entry (and the library entry) into dist/ with esbuild.
// Heavy modules imported lazily land in their own chunks, so start-up stays fast.
import { rm } from 'node:fs/promises';
import { build } from 'esbuild';

await rm('dist', { recursive: true, force: true });
await build({
  entryPoints: {
    'node/main': 'adapters/node/main.ts',
    'bun/main': 'adapters/bun/main.ts',
    'deno/main': 'adapters/deno/main.ts',
    mod: 'src/mod.ts',
  },
  outdir: 'dist',
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
