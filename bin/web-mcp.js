#!/usr/bin/env node
// Picks the adapter for the runtime running this file, so `npx web-mcp`,
// `bunx --bun web-mcp` and `deno run npm:web-mcp` each run natively.
const runtime = globalThis.Bun ? 'bun' : globalThis.Deno ? 'deno' : 'node';
if (runtime === 'node') {
  const { enableCompileCache } = await import('node:module');
  enableCompileCache?.();
}
await import(`../dist/${runtime}/main.js`);
