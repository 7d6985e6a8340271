// Reading bodies in contained workers: each read runs on a worker (a thread, or on Deno a
// child process) under a heap ceiling, is ended at its time limit, on cancel, or when the
// server's memory, its workers' included, passes its ceiling; a worker that dies costs that
// page a `fetch_failed`, never the server.
import { abortCode, type ToolError, toolError } from '../errors.ts';
import type { ReadWorker } from '../runtime.ts';
import { looksLikePdf } from './fetch/pdf-sniff.ts';
import type { PassagesJob, ReadDocument, ReadJob, ReadResult } from './read-job.ts';

/** The server's settings: limits past the PDF reader's own 10 s, and a ceiling under the 600 MB the server must stay below. */
export const READ_WORKER_DEFAULTS = {
  heapMb: 192,
  pdfLimitMs: 12_000,
  markupLimitMs: 8_000,
  memoryCeiling: 480 * 1_048_576,
} as const;

export interface ReadWorkersOptions {
  readonly start: () => ReadWorker;
  /** The process's resident memory in bytes. */
  readonly residentMemory: () => number;
  /** Reads at once (more wait their turn). */
  readonly workers: number;
  /** Longest read of a PDF (its own 10 s limit, and time to answer from the pages read). */
  readonly pdfLimitMs: number;
  /** Longest read of any other body. */
  readonly markupLimitMs: number;
  /** Resident memory past which every read in progress is ended. */
  readonly memoryCeiling: number;
  /** How often memory is looked at while reads run. */
  readonly pollMs?: number;
}

export interface ReadWorkers {
  readonly read: ReadDocument;
  /** Chooses passages on a worker (long or odd text costs seconds); undefined when that failed or ran out of time. */
  passages(job: PassagesJob, signal: AbortSignal): Promise<readonly string[] | undefined>;
  /** Ends every worker (reads in progress answer `cancelled`). */
  close(): void;
}

type Outcome = { kind: 'result'; result: unknown } | { kind: 'ended'; why: string };

interface Running {
  /** Resident memory when the read started. */
  readonly startedAt: number;
  /** Ends the read with this reason, and its worker with it. */
  stop(why: string): void;
}

/**
 * How much a read must have added to be ended when memory is past the ceiling: a runtime
 * that keeps freed memory (Deno does) stays past it after a heavy read, and the reads
 * that follow, adding little, must not pay for that.
 */
const GROWTH = 64 * 1_048_576;

/** A worker and whoever waits for its next message. */
interface Slot {
  readonly worker: ReadWorker;
  listener?: ((message: unknown) => void) | undefined;
}

function startSlot(start: () => ReadWorker): Slot {
  const slot: Slot = { worker: start() };
  slot.worker.onMessage((message) => slot.listener?.(message));
  return slot;
}

const mb = (bytes: number) => `${Math.round(bytes / 1_048_576)} MB`;

export function createReadWorkers(options: ReadWorkersOptions): ReadWorkers {
  /** Workers kept for the next read; they do not keep the process alive. */
  const idle: Slot[] = [];
  const running = new Set<Running>();
  const waiting: (() => void)[] = [];
  let nextId = 0;
  /** Reads holding a turn (running, or about to). */
  let active = 0;
  let watch: ReturnType<typeof setInterval> | undefined;

  const watchMemory = () => {
    if (running.size === 0) {
      clearInterval(watch);
      watch = undefined;
      return;
    }
    const rss = options.residentMemory();
    if (rss <= options.memoryCeiling) return;
    for (const read of running)
      if (rss - read.startedAt > GROWTH)
        read.stop(
          `it needed more memory than the server allows (${mb(rss)} in use, the limit is ${mb(options.memoryCeiling)})`,
        );
  };

  const takeSlot = (): Slot => idle.pop() ?? startSlot(options.start);

  /** A worker is kept for the next read while memory is low; past half the ceiling it ends, and its heap with it. */
  const giveBack = (slot: Slot) => {
    if (options.residentMemory() > options.memoryCeiling / 2) return slot.worker.terminate();
    slot.worker.hold(false);
    idle.push(slot);
  };

  /** Runs one job on a worker; resolves with its result, or with why the worker was ended. */
  const onWorker = (
    request: { job: ReadJob } | { passages: PassagesJob },
    limitMs: number,
    signal: AbortSignal,
  ) =>
    new Promise<Outcome>((resolve) => {
      const slot = takeSlot();
      const { worker } = slot;
      worker.hold(true);
      const id = ++nextId;
      let done = false;
      const finish = (outcome: Outcome, keep: boolean) => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        signal.removeEventListener('abort', onAbort);
        running.delete(entry);
        slot.listener = undefined;
        if (keep) giveBack(slot);
        else worker.terminate();
        resolve(outcome);
      };
      const entry: Running = {
        startedAt: options.residentMemory(),
        stop: (why) => finish({ kind: 'ended', why }, false),
      };
      const timer = setTimeout(() => entry.stop('TIME'), limitMs);
      const onAbort = () => entry.stop('CANCEL');
      signal.addEventListener('abort', onAbort, { once: true });
      slot.listener = (message) => {
        const reply = message as { id: number; result: unknown };
        if (reply.id === id) finish({ kind: 'result', result: reply.result }, true);
      };
      void worker.exited.then((why) => finish({ kind: 'ended', why }, false));
      running.add(entry);
      watch ??= setInterval(watchMemory, options.pollMs ?? 50);
      if ('job' in request && worker.copies !== true) {
        // Moved to the worker: a copy, so the caller's bytes stay whole.
        const bytes = request.job.bytes.slice();
        worker.post({ id, job: { ...request.job, bytes } }, [bytes.buffer]);
      } else worker.post({ id, ...request });
      if (signal.aborted) onAbort();
    });

  /** Waits for a free worker; false when the caller gave up first. */
  const turn = (signal: AbortSignal): Promise<boolean> => {
    if (active < options.workers && waiting.length === 0) {
      active++;
      return Promise.resolve(true);
    }
    return new Promise((resolve) => {
      const go = () => {
        signal.removeEventListener('abort', gaveUp);
        active++;
        resolve(true);
      };
      const gaveUp = () => {
        waiting.splice(waiting.indexOf(go), 1);
        resolve(false);
      };
      waiting.push(go);
      signal.addEventListener('abort', gaveUp, { once: true });
    });
  };

  /** One request in its turn; an outcome, or undefined when the caller gave up while waiting. */
  const inTurn = async (
    request: { job: ReadJob } | { passages: PassagesJob },
    limitMs: number,
    signal: AbortSignal,
  ): Promise<Outcome | undefined> => {
    if (!(await turn(signal))) return undefined;
    try {
      return await onWorker(request, limitMs, signal);
    } finally {
      active--;
      waiting.shift()?.();
    }
  };

  const read: ReadDocument = async (job, signal) => {
    const limitMs = looksLikePdf(job.bytes) ? options.pdfLimitMs : options.markupLimitMs;
    const outcome = await inTurn({ job }, limitMs, signal);
    if (outcome === undefined) return stopped(job, 'CANCEL', signal, 0);
    return outcome.kind === 'result'
      ? (outcome.result as ReadResult)
      : stopped(job, outcome.why, signal, limitMs);
  };

  const passages = async (job: PassagesJob, signal: AbortSignal) => {
    const outcome = await inTurn({ passages: job }, options.markupLimitMs, signal);
    return outcome?.kind === 'result' ? (outcome.result as readonly string[]) : undefined;
  };

  return {
    read,
    passages,
    close() {
      for (const slot of idle.splice(0)) slot.worker.terminate();
      for (const r of running) r.stop('CANCEL');
    },
  };
}

/** The error for a read that did not finish. */
function stopped(job: ReadJob, why: string, signal: AbortSignal, limitMs: number): ToolError {
  if (why === 'CANCEL')
    return abortCode(signal.reason) === 'timeout'
      ? toolError('timeout', `timeout: the call's time budget ran out while ${job.url} was being read`)
      : toolError('cancelled', `cancelled: reading ${job.url} was cancelled by the caller`);
  const reason =
    why === 'TIME' ? `reading it took longer than ${limitMs / 1000} s (the server's limit)` : why;
  return toolError(
    'fetch_failed',
    `fetch_failed: ${job.url} could not be read: ${reason}; try another source`,
  );
}
