// Every cache operation with a deadline and a cap on how many run at once: a disk
// that stops answering (a hung mount, a FIFO) costs a call at most the deadline, and
// stuck operations hold at most `concurrency` of the runtime's I/O threads.
import type { Driver } from 'unstorage';

/** Rejects an operation that did not finish (or find a free slot) before its deadline. */
export class CacheTimeout extends Error {
  readonly op: string;
  constructor(op: string, ms: number) {
    super(`${op} did not answer within ${ms} ms`);
    this.name = 'CacheTimeout';
    this.op = op;
  }
}

export interface BoundOptions {
  /** Deadline of one read, write, stat or remove, time spent waiting for a slot included. */
  readonly timeoutMs: number;
  /** Deadline of listing every key (a sweep walks the whole directory). */
  readonly listTimeoutMs: number;
  /** Operations in flight at once; one that missed its deadline keeps its slot until it settles. */
  readonly concurrency: number;
  /** Called for every operation that missed its deadline. */
  readonly onTimeout: (error: CacheTimeout) => void;
}

interface Slot {
  readonly ready: Promise<void>;
  /** Gives the slot up, whether it was granted yet or not. */
  release(): void;
}

export function boundDriver(driver: Driver, options: BoundOptions): Driver {
  let active = 0;
  const waiting: (() => void)[] = [];

  const acquire = (): Slot => {
    let granted = false;
    let released = false;
    let grant: () => void = () => {};
    const ready = new Promise<void>((resolve) => {
      grant = () => {
        granted = true;
        active += 1;
        resolve();
      };
    });
    if (active < options.concurrency) grant();
    else waiting.push(grant);
    return {
      ready,
      release: () => {
        if (released) return;
        released = true;
        if (!granted) {
          waiting.splice(waiting.indexOf(grant), 1);
          return;
        }
        active -= 1;
        waiting.shift()?.();
      },
    };
  };

  async function run<T>(op: string, ms: number, work: () => T | Promise<T>): Promise<T> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const expired = new Promise<'expired'>((resolve) => {
      timer = setTimeout(() => resolve('expired'), ms);
    });
    const slot = acquire();
    try {
      if ((await Promise.race([slot.ready, expired])) === 'expired') {
        slot.release();
        throw new CacheTimeout(op, ms);
      }
      // The slot stays taken until the operation really ends, even after its caller gave up.
      const task = Promise.resolve()
        .then(work)
        .then(
          (value) => ({ ok: true as const, value }),
          (error: unknown) => ({ ok: false as const, error }),
        )
        .finally(slot.release);
      const outcome = await Promise.race([task, expired]);
      if (outcome === 'expired') throw new CacheTimeout(op, ms);
      if (!outcome.ok) throw outcome.error;
      return outcome.value;
    } catch (error) {
      if (error instanceof CacheTimeout) options.onTimeout(error);
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }

  const { timeoutMs, listTimeoutMs } = options;
  const bounded: Driver = {
    name: driver.name ?? 'bounded',
    options: driver.options,
    hasItem: (key, opts) => run('hasItem', timeoutMs, () => driver.hasItem(key, opts)),
    getItem: (key, opts) => run('getItem', timeoutMs, () => driver.getItem(key, opts)),
    getKeys: (base, opts) => run('getKeys', listTimeoutMs, () => driver.getKeys(base, opts)),
  };
  if (driver.setItem)
    bounded.setItem = (key, value, opts) =>
      run('setItem', timeoutMs, () => driver.setItem?.(key, value, opts));
  if (driver.removeItem)
    bounded.removeItem = (key, opts) => run('removeItem', timeoutMs, () => driver.removeItem?.(key, opts));
  if (driver.getMeta)
    bounded.getMeta = (key, opts) => run('getMeta', timeoutMs, () => driver.getMeta?.(key, opts) ?? null);
  if (driver.clear)
    bounded.clear = (base, opts) => run('clear', listTimeoutMs, () => driver.clear?.(base, opts));
  return bounded;
}
