// The Deno server's own resident memory, garbage left out: Deno collects freed ArrayBuffers
// (a fetched body and its copies) only at a later full collection, which may not come for
// minutes, so past a threshold a collection runs first, at most once a second.
import process from 'node:process';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

const THRESHOLD = 192 * 1_048_576;
const SPACING_MS = 1_000;

/**
 * V8's collector of the young generation, exposed at run time (no permission needed);
 * undefined where that is refused. A body and its copies die young, and a young collection
 * frees them without the pause of a full one.
 */
function collector(): (() => void) | undefined {
  try {
    setFlagsFromString('--expose-gc');
    const gc: unknown = runInNewContext('gc');
    return typeof gc === 'function' ? () => void gc({ type: 'minor' }) : undefined;
  } catch {
    return undefined;
  }
}

export function ownMemory(): () => number {
  const gc = collector();
  let last = 0;
  return () => {
    const rss = process.memoryUsage.rss();
    if (gc === undefined || rss < THRESHOLD || performance.now() - last < SPACING_MS) return rss;
    last = performance.now();
    gc();
    return process.memoryUsage.rss();
  };
}
