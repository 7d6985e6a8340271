// One process-wide FIFO gate in front of Brave: never more than `perSecond`
// requests start in any one-second window (plus a margin), so parallel agents do not trip 429s.
// Waiting callers can leave the queue through their AbortSignal. A request that took
// long to reach Brave counts from its answer, so the next cannot arrive too close behind it.

export type Sleep = (ms: number) => Promise<void>;

export const realSleep: Sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Called when the request was answered: its second counts from then, if that is later. */
export type Answered = () => void;

export interface RateGate {
  /** Resolves when the caller may send (call the result once answered), false when its signal aborted first. */
  acquire(signal?: AbortSignal): Promise<Answered | false>;
  /** Adopts the plan's real per-second rate once Brave has told us (X-RateLimit-Policy). */
  setRate(perSecond: number): void;
  /** Callers still waiting. */
  readonly waiting: number;
}

interface Waiter {
  readonly resolve: (go: Answered | false) => void;
  readonly signal: AbortSignal | undefined;
  readonly onAbort: () => void;
}

/**
 * One second plus a margin: Brave counts requests as they arrive, and two requests sent
 * exactly a second apart can arrive closer than that (network jitter, timer slack).
 */
export const WINDOW_MS = 1050;

export function createRateGate(options: { perSecond: number; clock: () => number; sleep?: Sleep }): RateGate {
  const sleep = options.sleep ?? realSleep;
  let perSecond = Math.max(1, Math.floor(options.perSecond));
  const starts: { at: number }[] = [];
  const queue: Waiter[] = [];
  let pumping = false;

  async function pump(): Promise<void> {
    if (pumping) return;
    pumping = true;
    try {
      while (queue.length > 0) {
        const now = options.clock();
        while (starts.length > 0 && (starts[0]?.at ?? 0) <= now - WINDOW_MS) starts.shift();
        // The window holds the latest starts: a late answer can move an entry past its neighbours.
        const oldest = Math.min(...starts.slice(-perSecond).map((s) => s.at));
        if (starts.length >= perSecond) {
          await sleep(oldest + WINDOW_MS - now);
          continue;
        }
        const next = queue.shift();
        if (next === undefined) break;
        const start = { at: now };
        starts.push(start);
        next.signal?.removeEventListener('abort', next.onAbort);
        next.resolve(() => {
          start.at = Math.max(start.at, options.clock());
        });
      }
    } finally {
      pumping = false;
    }
  }

  return {
    acquire(signal) {
      if (signal?.aborted) return Promise.resolve(false);
      return new Promise<Answered | false>((resolve) => {
        const waiter: Waiter = {
          resolve,
          signal,
          onAbort: () => {
            const at = queue.indexOf(waiter);
            if (at >= 0) queue.splice(at, 1);
            resolve(false);
          },
        };
        signal?.addEventListener('abort', waiter.onAbort, { once: true });
        queue.push(waiter);
        void pump();
      });
    },
    setRate(rate) {
      if (Number.isFinite(rate) && rate >= 1) perSecond = Math.floor(rate);
    },
    get waiting() {
      return queue.length;
    },
  };
}
