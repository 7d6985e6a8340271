// The esbuild options of the bundle, shared by the build and by the audit of what it holds.
export const BUNDLE_OPTIONS = {
  entryPoints: {
    'node/main': 'adapters/node/main.ts',
    'bun/main': 'adapters/bun/main.ts',
    'deno/main': 'adapters/deno/main.ts',
    // Reader workers start from this file (one folder up from each runtime's code).
    'read-worker': 'adapters/node/read-worker.ts',
    // Deno reads in child processes started from this file (see adapters/deno/read-process-host.ts).
    'deno/read-process': 'adapters/deno/read-process.ts',
    mod: 'src/mod.ts',
    // The library's Node runtime (`web-mcp/node`), for embedders of createServices.
    'node/runtime': 'adapters/node/runtime.ts',
  },
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  chunkNames: 'chunks/[name]-[hash]',
  legalComments: 'linked',
  // Deno reads every chunk a literal import() names before it starts (its module graph):
  // fewer bytes there are a faster start and less memory.
  minifyWhitespace: true,
  // Some dependencies are CommonJS and call require() for node built-ins.
  banner: {
    js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
  },
  metafile: true,
  logLevel: 'warning',
};
