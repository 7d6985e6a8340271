// Reader workers on Node, Bun and Deno alike: node:worker_threads, which all three provide.
// Node and Deno cap each worker's heap (resourceLimits); Bun ignores the cap, so there the
// server's memory watch is what stops a runaway read. terminate() ends even a busy loop.
import process from 'node:process';
import { Worker } from 'node:worker_threads';
import type { ReadWorker } from '../../src/runtime.ts';

const SOURCES = import.meta.url.endsWith('.ts');
/** The entry beside this file in the sources; in dist/ (one folder down) it is dist/read-worker.js. */
const ENTRY = SOURCES
  ? new URL('./read-worker.ts', import.meta.url)
  : new URL('../read-worker.js', import.meta.url);
/** Node runs the TypeScript sources through tsx, which a worker must register for itself. */
const TSX = SOURCES && process.versions.bun === undefined && process.versions.deno === undefined;
const entry = (): URL | string =>
  TSX
    ? `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(ENTRY.href)}); })`
    : ENTRY;

const errorCode = (error: unknown): unknown =>
  typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;

export function startReadWorker(options: { readonly heapMb: number }): ReadWorker {
  const worker = new Worker(entry(), {
    eval: TSX,
    resourceLimits: { maxOldGenerationSizeMb: options.heapMb },
    stdout: true,
    stderr: true,
  });
  // What the worker prints is not the server's output (stdout may be the MCP channel).
  worker.stdout.resume();
  worker.stderr.resume();
  let why = 'it stopped';
  const exited = new Promise<string>((resolve) => worker.on('exit', () => resolve(why)));
  worker.on('error', (error: unknown) => {
    why =
      errorCode(error) === 'ERR_WORKER_OUT_OF_MEMORY'
        ? `it ran out of its ${options.heapMb} MB of memory`
        : `it failed: ${error instanceof Error ? error.message : String(error)}`;
  });
  return {
    post: (message, transfer = []) => worker.postMessage(message, [...transfer]),
    onMessage: (listener) => void worker.on('message', listener),
    exited,
    terminate: () => void worker.terminate().catch(() => {}),
    hold: (held) => (held ? worker.ref() : worker.unref()),
  };
}
