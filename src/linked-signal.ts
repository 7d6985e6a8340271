// One signal that fires when any of its sources does, or at its own deadline, and lets
// go of its sources when disposed: unlike AbortSignal.any, a call linked to the
// process-long shutdown signal leaves nothing behind on it (Node 20 keeps every one).

/** Why a linked signal fired at its deadline (the limiter reads `code` the same way). */
export const DEADLINE_REASON = Object.freeze({ code: 'timeout' as const });

export interface LinkedSignal {
  readonly signal: AbortSignal;
  /** True when it fired at its own deadline, not through a source. */
  timedOut(): boolean;
  /** Stops listening to the sources and clears the deadline; the signal keeps its state. */
  dispose(): void;
}

/** Fires with the first source's reason, or with DEADLINE_REASON after `timeoutMs` (when given). */
export function linkSignals(sources: readonly AbortSignal[], timeoutMs?: number): LinkedSignal {
  const controller = new AbortController();
  let expired = false;
  const listeners: [AbortSignal, () => void][] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  const dispose = () => {
    for (const [source, listener] of listeners) source.removeEventListener('abort', listener);
    listeners.length = 0;
    clearTimeout(timer);
  };
  const fire = (reason: unknown) => {
    if (!controller.signal.aborted) controller.abort(reason);
    dispose();
  };
  for (const source of sources) {
    if (source.aborted) {
      fire(source.reason);
      break;
    }
    const listener = () => fire(source.reason);
    source.addEventListener('abort', listener, { once: true });
    listeners.push([source, listener]);
  }
  if (timeoutMs !== undefined && !controller.signal.aborted) {
    timer = setTimeout(
      () => {
        expired = true;
        fire(DEADLINE_REASON);
      },
      Math.max(0, timeoutMs),
    );
  }
  return { signal: controller.signal, timedOut: () => expired, dispose };
}
