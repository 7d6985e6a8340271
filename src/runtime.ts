// The seam between the runtime-neutral core and Node, Bun or Deno: the only
// three things a runtime must supply (subprocesses, stdio streams, a cache driver).
import type { Driver } from 'unstorage';

export interface SpawnOptions {
  readonly args: readonly string[];
  readonly env: Readonly<Record<string, string>>;
  readonly cwd: string;
}

/** A child process started in its own process group. */
export interface Subprocess {
  readonly pid: number;
  readonly stdin: WritableStream<Uint8Array>;
  readonly stdout: ReadableStream<Uint8Array>;
  readonly stderr: ReadableStream<Uint8Array>;
  /** Resolves with the exit code, or null when a signal ended it. */
  readonly exited: Promise<number | null>;
  /** Signals the whole process group (default SIGTERM). Never throws. */
  kill(signal?: 'SIGTERM' | 'SIGKILL'): void;
}

/** Thrown by `spawn` when the command cannot be started at all. */
export class SpawnError extends Error {
  readonly reason: 'not_found' | 'not_executable' | 'other';
  constructor(reason: 'not_found' | 'not_executable' | 'other', message: string) {
    super(message);
    this.name = 'SpawnError';
    this.reason = reason;
  }
}

export interface Runtime {
  readonly name: 'node' | 'bun' | 'deno';
  readonly version: string;
  spawn(command: string, options: SpawnOptions): Subprocess;
  stdio(): { readable: ReadableStream<Uint8Array>; writable: WritableStream<Uint8Array> };
  cacheDriver(dir: string): Driver;
}
