// The seam between the runtime-neutral core and Node, Bun or Deno: the only
// things a runtime must supply (subprocesses that die with the server, stdio
// streams, a cache driver, a page fetch pinned to checked addresses, a loopback listener, and reader workers).
import type { Driver } from 'unstorage';

/** Names the fresh working directory of each claude run under the temp dir. */
export const RUN_DIR_PREFIX = 'web-mcp-run-';

export interface SpawnOptions {
  readonly args: readonly string[];
  readonly env: Readonly<Record<string, string>>;
  /**
   * When this is a run directory (`RUN_DIR_PREFIX…` under the temp dir), the run is
   * recorded in it, so that a later start can end the run if this server died.
   */
  readonly cwd: string;
}

/**
 * A child process started in its own process group, watched so that the group
 * dies within seconds of the server dying by any means (kill -9 included).
 */
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

/** Where a page fetch is about to connect. */
export interface ConnectTarget {
  readonly protocol: 'http:' | 'https:';
  readonly hostname: string;
  readonly port: number;
}

/** Decides, each time a page fetch opens a connection, which addresses it may use. */
export interface ConnectGuard {
  /** Every address of a name (the same resolver the page tools' own check uses). */
  resolve(hostname: string): Promise<readonly string[]>;
  /** undefined when `address` may be used for `target`, else why not (a short phrase). */
  refuse(target: ConnectTarget, address: string): string | undefined;
}

/** The cause of a page fetch's rejection when the guard refused the connection. */
export class ConnectRefused extends Error {
  readonly target: string;
  readonly reason: string;
  constructor(target: string, reason: string) {
    super(`${target} ${reason}`);
    this.name = 'ConnectRefused';
    this.target = target;
    this.reason = reason;
  }
}

/** A listener on 127.0.0.1 at a port the system chose. */
export interface LoopbackServer {
  readonly port: number;
  /** Stops listening and ends every open connection. */
  close(): Promise<void>;
}

/** A reader worker: a thread of its own running the read-worker entry, under a heap ceiling. */
export interface ReadWorker {
  /** Posts a message; the buffers in `transfer` move to the worker. */
  post(message: unknown, transfer?: readonly ArrayBuffer[]): void;
  /** True when post() sends copies (a child process): the caller's buffers are then never moved, and need no copy first. */
  readonly copies?: boolean;
  onMessage(listener: (message: unknown) => void): void;
  /** Resolves when the worker has ended (terminated, crashed, or past its heap ceiling), with why. */
  readonly exited: Promise<string>;
  /** Ends the worker at once, even in the middle of a loop. Never throws. */
  terminate(): void;
  /** Whether the worker keeps the process alive (an idle one should not). */
  hold(held: boolean): void;
}

export interface Runtime {
  readonly name: 'node' | 'bun' | 'deno';
  readonly version: string;
  spawn(command: string, options: SpawnOptions): Subprocess;
  stdio(): { readable: ReadableStream<Uint8Array>; writable: WritableStream<Uint8Array> };
  cacheDriver(dir: string): Driver;
  /**
   * A fetch for page tools: every connection resolves its host through `guard`,
   * goes only to an address the guard accepted at that moment, and is closed after
   * its one response (never reused). A refusal rejects with a ConnectRefused cause.
   */
  pageFetch(guard: ConnectGuard): typeof fetch;
  /** A fetch for Brave: through the proxy that HTTPS_PROXY/HTTP_PROXY/NO_PROXY name, on every runtime. */
  webFetch(): typeof fetch;
  /** Serves `handler` on 127.0.0.1 at a free port (the research runs' reader), until closed. */
  serveLoopback(handler: (request: Request) => Promise<Response>): Promise<LoopbackServer>;
  /** Starts a reader worker whose JavaScript heap may not grow past `heapMb` (where the runtime can cap it). */
  startReadWorker(options: { readonly heapMb: number }): ReadWorker;
  /** The process's resident memory, in bytes. */
  residentMemory(): number;
}
