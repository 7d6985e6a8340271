// The one per-process gate in front of Claude runs (R-C7, R-X1, R-X2): at most
// `concurrency` running, a FIFO wait queue, and a deadline that counts from arrival.
import { type ToolError, toolError } from '../errors.ts';

/** Abort reasons the limiter gives a task's signal, so the task can tell cancel from deadline. */
export const TIMEOUT_REASON = Object.freeze({ code: 'timeout' as const });
export const CANCEL_REASON = Object.freeze({ code: 'cancelled' as const });

export interface LimiterOptions {
  readonly concurrency: number;
  readonly queue: number;
  readonly clock?: () => number;
  readonly setTimer?: (fn: () => void, ms: number) => unknown;
  readonly clearTimer?: (handle: unknown) => void;
}

export interface RunOptions {
  /** Fires when the caller cancels. */
  readonly signal: AbortSignal;
  /** Absolute time (ms, on `clock`) when the call's budget ends. */
  readonly deadline: number;
  /** Told the call's place in the queue (1 = next) when it queues and each time it moves up. */
  readonly onQueued?: (position: number) => void;
}

export interface Limiter {
  run<T>(opts: RunOptions, task: (signal: AbortSignal) => Promise<T>): Promise<T | ToolError>;
  stats(): { running: number; queued: number };
  /** Resolves once no task is running (at once when none is): runs have cleaned up after themselves. */
  idle(): Promise<void>;
}

interface Waiter {
  start(): void;
  moved(position: number): void;
}

const BUSY =
  'busy: every Claude slot is taken and the wait queue is full; try again in a minute or raise WEB_MCP_CONCURRENCY / WEB_MCP_QUEUE';
const CANCELLED = 'cancelled: the caller cancelled the call before it finished; no reply was produced';
const QUEUE_TIMEOUT =
  'timeout: the call waited for a free Claude slot until its time budget ran out; try again when fewer calls are running';

export function createLimiter(options: LimiterOptions): Limiter {
  const clock = options.clock ?? Date.now;
  const setTimer = options.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
  const clearTimer = options.clearTimer ?? ((h) => clearTimeout(h as ReturnType<typeof setTimeout>));
  const waiting: Waiter[] = [];
  let running = 0;
  let idlers: (() => void)[] = [];

  function next(): void {
    while (running < options.concurrency) {
      const waiter = waiting.shift();
      if (!waiter) return;
      waiter.start();
      tellPositions();
    }
  }

  function tellPositions(): void {
    waiting.forEach((w, i) => {
      w.moved(i + 1);
    });
  }

  async function execute<T>(
    opts: RunOptions,
    task: (signal: AbortSignal) => Promise<T>,
  ): Promise<T | ToolError> {
    running++;
    const control = new AbortController();
    const onCancel = () => control.abort(CANCEL_REASON);
    opts.signal.addEventListener('abort', onCancel, { once: true });
    const timer = setTimer(() => control.abort(TIMEOUT_REASON), Math.max(0, opts.deadline - clock()));
    try {
      return await task(control.signal);
    } finally {
      opts.signal.removeEventListener('abort', onCancel);
      clearTimer(timer);
      running--;
      next();
      if (running === 0) {
        for (const resolve of idlers) resolve();
        idlers = [];
      }
    }
  }

  function run<T>(opts: RunOptions, task: (signal: AbortSignal) => Promise<T>): Promise<T | ToolError> {
    if (opts.signal.aborted) return Promise.resolve(toolError('cancelled', CANCELLED));
    if (clock() >= opts.deadline) return Promise.resolve(toolError('timeout', QUEUE_TIMEOUT));
    if (running < options.concurrency && waiting.length === 0) return execute(opts, task);
    if (waiting.length >= options.queue) return Promise.resolve(toolError('busy', BUSY));

    return new Promise<T | ToolError>((resolve, reject) => {
      const leave = (error: ToolError) => {
        const at = waiting.indexOf(waiter);
        if (at === -1) return;
        waiting.splice(at, 1);
        cleanup();
        tellPositions();
        resolve(error);
      };
      const onCancel = () => leave(toolError('cancelled', CANCELLED));
      const timer = setTimer(
        () => leave(toolError('timeout', QUEUE_TIMEOUT)),
        Math.max(0, opts.deadline - clock()),
      );
      const cleanup = () => {
        opts.signal.removeEventListener('abort', onCancel);
        clearTimer(timer);
      };
      const waiter: Waiter = {
        start() {
          cleanup();
          execute(opts, task).then(resolve, reject);
        },
        moved: (position) => opts.onQueued?.(position),
      };
      opts.signal.addEventListener('abort', onCancel, { once: true });
      waiting.push(waiter);
      opts.onQueued?.(waiting.length);
    });
  }

  const idle = () =>
    running === 0 ? Promise.resolve() : new Promise<void>((resolve) => idlers.push(resolve));
  return { run, stats: () => ({ running, queued: waiting.length }), idle };
}
