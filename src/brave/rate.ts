// One process-wide FIFO gate in front of Brave: never more than `perSecond`
// requests start in any one-second window, so parallel agents do not trip 429s.
// Waiting callers can leave the queue through their AbortSignal.

export type Sleep = (ms: number) => Promise<void>;

export const realSleep: Sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export interface RateGate {
  /** Resolves true when the caller may send, false when its signal aborted first. */
  acquire(signal?: AbortSignal): Promise<boolean>;
  /** Adopts the plan's real per-second rate once Brave has told us (X-RateLimit-Policy). */
  setRate(perSecond: number): void;
  /** Callers still waiting. */
  readonly waiting: number;
}

interface Waiter {
  readonly resolve: (go: boolean) => void;
  readonly signal: AbortSignal | undefined;
  readonly onAbort: () => void;
}

const WINDOW_MS = 1000;

export function createRateGate(options: { perSecond: number; clock: () => number; sleep?: Sleep }): RateGate {
  const sleep = options.sleep ?? realSleep;
  let perSecond = Math.max(1, Math.floor(options.perSecond));
  const starts: number[] = [];
  const queue: Waiter[] = [];
  let pumping = false;

  async function pump(): Promise<void> {
    if (pumping) return;
    pumping = true;
    try {
      while (queue.length > 0) {
        const now = options.clock();
        while (starts.length > 0 && (starts[0] ?? 0) <= now - WINDOW_MS) starts.shift();
        const oldest = starts[starts.length - perSecond];
        if (starts.length >= perSecond && oldest !== undefined) {
          await sleep(oldest + WINDOW_MS - now);
          continue;
        }
        const next = queue.shift();
        if (next === undefined) break;
        starts.push(now);
        next.signal?.removeEventListener('abort', next.onAbort);
        next.resolve(true);
      }
    } finally {
      pumping = false;
    }
  }

  return {
    acquire(signal) {
      if (signal?.aborted) return Promise.resolve(false);
      return new Promise<boolean>((resolve) => {
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
