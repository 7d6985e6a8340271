// Reader workers on Deno are child processes, not threads: Deno keeps what its worker threads
// freed, and a large PDF read on one grows the server past 2 GB, while a child's memory goes
// back to the OS when it ends. Each child is a `deno run` of read-process.ts with a capped heap
// and read access to the server's own code only, started through `sh` (already allowed:
// --allow-run names no Deno binary), and killed at its time limit or on runaway memory.
import { type ChildProcess, spawn } from 'node:child_process';
import process from 'node:process';
import type { ReadWorker } from '../../src/runtime.ts';
import { encodeFrame, frameHead, frameReader } from './read-frames.ts';

const SOURCES = import.meta.url.endsWith('.ts');
/** In dist/ the entry is dist/deno/read-process.js, beside this runtime's code. */
const ENTRY = new URL(SOURCES ? './read-process.ts' : './read-process.js', import.meta.url);
/** What the child may read: the server's code (the repository's root from the sources, else dist/). */
const CODE = new URL(SOURCES ? '../../' : '../', import.meta.url);

/** Each live reader's last reported resident memory, in bytes. */
const readers = new Map<ChildProcess, number>();

/** The resident memory of the reader processes, as each last reported it. */
export const readersMemory = (): number => {
  let sum = 0;
  for (const rss of readers.values()) sum += rss;
  return sum;
};

const stderrTail = (child: ChildProcess): (() => string) => {
  let tail = '';
  child.stderr?.on('data', (chunk: Uint8Array) => {
    tail = (tail + new TextDecoder().decode(chunk)).slice(-2_000);
  });
  return () => tail;
};

export function startReadProcess(options: { readonly heapMb: number }): ReadWorker {
  const args = [
    'run',
    '--quiet',
    '--no-prompt',
    ...(SOURCES ? ['--no-check'] : ['--no-config']),
    `--v8-flags=--max-old-space-size=${options.heapMb},--expose-gc`,
    `--allow-read=${decodeURIComponent(CODE.pathname)}`,
    decodeURIComponent(ENTRY.pathname),
  ];
  const child = spawn('sh', ['-c', 'exec "$0" "$@"', process.execPath, ...args], {
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  readers.set(child, 0);
  const tail = stderrTail(child);
  let ended = false;
  const exited = new Promise<string>((resolve) => {
    const end = (error?: Error) => {
      readers.delete(child);
      if (ended) return resolve('it stopped');
      ended = true;
      if (error) return resolve(`it failed: ${error.message}`);
      resolve(
        /out of memory/i.test(tail())
          ? `it ran out of its ${options.heapMb} MB of memory`
          : `it failed: its process ended (${child.signalCode ?? child.exitCode})`,
      );
    };
    child.on('exit', () => end());
    child.on('error', (error) => end(error));
  });
  let listener: (message: unknown) => void = () => {};
  child.stdout?.on(
    'data',
    frameReader(({ message }) => {
      const { rss, ...rest } = message as { rss?: number; id?: number };
      if (typeof rss === 'number' && readers.has(child)) readers.set(child, rss);
      if (rest.id !== undefined) listener(rest);
    }),
  );
  // A write to a reader that has just ended is not the server's failure.
  child.stdin?.on('error', () => {});
  const handles = [child, child.stdin, child.stdout, child.stderr] as {
    ref?: () => void;
    unref?: () => void;
  }[];
  return {
    post: (message) => {
      const { job, ...rest } = message as { job?: { bytes: Uint8Array } };
      if (job === undefined) child.stdin?.write(encodeFrame(rest));
      else {
        // The header, then the body as it is (not copied into one frame).
        const { bytes, ...header } = job;
        child.stdin?.write(frameHead({ ...rest, job: header }, bytes.length));
        child.stdin?.write(bytes);
      }
    },
    copies: true,
    onMessage: (next) => {
      listener = next;
    },
    exited,
    terminate: () => {
      ended = true;
      readers.delete(child);
      child.kill('SIGKILL');
    },
    hold: (held) => {
      for (const handle of handles) held ? handle?.ref?.() : handle?.unref?.();
    },
  };
}
