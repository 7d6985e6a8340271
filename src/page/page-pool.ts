// Page work waits its turn: at most `size` page fetches and reads run at once (the rest wait
// in arrival order), and a page call the Claude gate would refuse is refused before it
// fetches anything. Shared by the page tools and the research reader.
import { abortCode, type ToolError, toolError } from '../errors.ts';

export interface PagePoolOptions {
  /** Page fetches and reads at once. */
  readonly size: number;
  /** Calls the Claude gate admits (running and waiting): WEB_MCP_CONCURRENCY + WEB_MCP_QUEUE. */
  readonly capacity: number;
  /** Calls that hold or wait for a Claude slot now. */
  readonly pending: () => number;
}

/** A page call's place, from admission until it reaches the Claude gate (or ends). */
export interface Ticket {
  release(): void;
}

export interface PagePool {
  /** A place for a new page call, or `busy` when every place is taken. */
  admit(): Ticket | ToolError;
  /** Runs `work` (one page's fetch and read) in its turn; cancelled or timed out if the signal fires first. */
  run<T>(signal: AbortSignal, work: () => Promise<T>): Promise<T | ToolError>;
  stats(): { readonly working: number; readonly waiting: number; readonly admitted: number };
}

const BUSY =
  'busy: every slot is taken and the wait queue is full, so the page was not fetched; try again in a minute or raise WEB_MCP_CONCURRENCY / WEB_MCP_QUEUE';

export function createPagePool(options: PagePoolOptions): PagePool {
  let working = 0;
  let admitted = 0;
  const waiting: (() => void)[] = [];

  const next = () => {
    while (working < options.size) {
      const start = waiting.shift();
      if (start === undefined) return;
      working++;
      start();
    }
  };

  /** Resolves true in its turn, false when the signal fired first. */
  const turn = (signal: AbortSignal): Promise<boolean> =>
    new Promise((resolve) => {
      if (signal.aborted) return resolve(false);
      const start = () => {
        signal.removeEventListener('abort', gaveUp);
        resolve(true);
      };
      const gaveUp = () => {
        const at = waiting.indexOf(start);
        if (at >= 0) waiting.splice(at, 1);
        resolve(false);
      };
      signal.addEventListener('abort', gaveUp, { once: true });
      waiting.push(start);
      next();
    });

  return {
    admit() {
      if (admitted + options.pending() >= options.capacity) return toolError('busy', BUSY);
      admitted++;
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          admitted--;
        },
      };
    },
    async run(signal, work) {
      if (!(await turn(signal)))
        return abortCode(signal.reason) === 'timeout'
          ? toolError('timeout', 'timeout: the call waited for a page slot until its time budget ran out')
          : toolError(
              'cancelled',
              'cancelled: the caller cancelled the call while it waited to fetch the page',
            );
      try {
        return await work();
      } finally {
        working--;
        next();
      }
    },
    stats: () => ({ working, waiting: waiting.length, admitted }),
  };
}
