// Single-flight: identical concurrent calls share one run (R-K5). Each caller may
// walk away on its own; the shared run is stopped only when nobody is left waiting.
import { type ToolError, toolError } from './errors.ts';

export interface SingleFlight {
  /**
   * Runs `task` for `key`, or joins the run already in flight for it. Resolves with
   * the task's result, or with a `cancelled` ToolError as soon as `callerSignal` aborts.
   * The task's `sharedSignal` aborts only when every waiting caller has cancelled.
   * A task that throws rejects every caller still waiting (a programmer error).
   */
  run<T>(
    key: string,
    callerSignal: AbortSignal,
    task: (sharedSignal: AbortSignal) => Promise<T>,
  ): Promise<T | ToolError>;
  /** Keys with a run in flight (for tests and diagnostics). */
  readonly size: number;
}

interface Flight {
  readonly result: Promise<unknown>;
  readonly controller: AbortController;
  waiting: number;
}

const CANCELLED =
  'cancelled: the call was cancelled before it finished; ask again if you still need the answer';

export function createSingleFlight(): SingleFlight {
  const flights = new Map<string, Flight>();

  const start = (key: string, task: (sharedSignal: AbortSignal) => Promise<unknown>): Flight => {
    const controller = new AbortController();
    // Deferred one microtask so a task that finishes synchronously still finds its flight registered.
    const result = Promise.resolve().then(() => task(controller.signal));
    const flight: Flight = { result, controller, waiting: 0 };
    const release = () => {
      if (flights.get(key) === flight) flights.delete(key);
    };
    // Release before any waiter sees the result, so a caller reacting to it starts a fresh run.
    result.then(release, release);
    flights.set(key, flight);
    return flight;
  };

  return {
    get size() {
      return flights.size;
    },
    run<T>(key: string, callerSignal: AbortSignal, task: (sharedSignal: AbortSignal) => Promise<T>) {
      if (callerSignal.aborted) return Promise.resolve(toolError('cancelled', CANCELLED));
      const flight = flights.get(key) ?? start(key, task);
      flight.waiting += 1;

      return new Promise<T | ToolError>((resolve, reject) => {
        let settled = false;
        const leave = () => {
          settled = true;
          callerSignal.removeEventListener('abort', onAbort);
        };
        const onAbort = () => {
          if (settled) return;
          leave();
          flight.waiting -= 1;
          if (flight.waiting === 0) {
            // Nobody is left: stop the run, and let the next identical call start afresh
            // instead of joining one that is shutting down.
            if (flights.get(key) === flight) flights.delete(key);
            flight.controller.abort(callerSignal.reason);
          }
          resolve(toolError('cancelled', CANCELLED));
        };
        callerSignal.addEventListener('abort', onAbort, { once: true });
        flight.result.then(
          (value) => {
            if (settled) return;
            leave();
            flight.waiting -= 1;
            // The flight was started by whoever passed `task` for this key; the same key means the same T.
            resolve(value as T);
          },
          (error: unknown) => {
            if (settled) return;
            leave();
            flight.waiting -= 1;
            reject(error);
          },
        );
      });
    },
  };
}
