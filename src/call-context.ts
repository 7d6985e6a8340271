// One tool call as every layer sees it (cancel signal, arrival time, progress), its
// heartbeat (a caller that takes progress hears from the server at least every few
// seconds) and its time budget, which ends before the wait of a caller that hears nothing.

export interface CallContext {
  /** Fires when the caller cancels (stdio notifications/cancelled, HTTP disconnect, shutdown). */
  readonly signal: AbortSignal;
  /** Clock reading (ms) when the call arrived: time budgets count from here. */
  readonly arrivedAt: number;
  /** Whether the caller sent a progress token: one that did not cannot have its time-out reset. */
  readonly hearsProgress: boolean;
  /** Sends a progress notification when the caller asked for them; otherwise a no-op. */
  progress(message: string): void;
  /** What the heartbeat says from now on (elapsed seconds in, one true line out). */
  setStatus(status: (elapsedSeconds: number) => string): void;
  /** What this call spends, counted for the usage ledger (src/mcp/usage-meter.ts); absent → not counted. */
  readonly usage?: CallTally;
}

export interface CallContextOptions {
  readonly signal: AbortSignal;
  readonly clock: () => number;
  /** Where progress goes; absent when the caller sent no progress token (then nothing is sent). */
  readonly send: ((message: string) => void) | undefined;
  readonly heartbeatMs?: number;
}

/** Well inside the 10 s a client that resets its time-out on progress may wait between notifications. */
export const HEARTBEAT_MS = 5000;

/** A call's context plus `stop()`, which ends its heartbeat: call it when the call returns. */
export function createCallContext(options: CallContextOptions): CallContext & { stop(): void } {
  const arrivedAt = options.clock();
  const send = options.send;
  let status = (seconds: number) => `working: ${seconds} s`;
  const timer =
    send === undefined
      ? undefined
      : setInterval(
          () => send(status(Math.round((options.clock() - arrivedAt) / 1000))),
          options.heartbeatMs ?? HEARTBEAT_MS,
        );
  return {
    signal: options.signal,
    arrivedAt,
    hearsProgress: send !== undefined,
    progress: (message) => send?.(message),
    setStatus: (next) => {
      status = next;
    },
    stop: () => clearInterval(timer),
  };
}

/** What one call spends, counted for the usage ledger (src/mcp/usage-meter.ts). */
export interface CallTally {
  runs: number;
  turns: number;
  inputTokens: number;
  outputTokens: number;
  costUsd: number;
  searches: number;
  pages: number;
  braveRequests: number;
  /** The call produced its answer (a cache miss) rather than reading or sharing one. */
  produced: boolean;
  /** The reply was research cut short. */
  partial: boolean;
}

export const newTally = (): CallTally => ({
  runs: 0,
  turns: 0,
  inputTokens: 0,
  outputTokens: 0,
  costUsd: 0,
  searches: 0,
  pages: 0,
  braveRequests: 0,
  produced: false,
  partial: false,
});

export interface CallLimits {
  /** WEB_MCP_CALL_SECONDS: caps every call when set. */
  readonly callSeconds: number | undefined;
  /** The budget of a call that hears no progress, when WEB_MCP_CALL_SECONDS is unset. */
  readonly noProgressSeconds: number;
}

/** A call's whole budget: the tool's own, capped by WEB_MCP_CALL_SECONDS, else by the no-progress budget. */
export function callBudgetMs(
  toolMs: number,
  limits: CallLimits,
  call: Pick<CallContext, 'hearsProgress'>,
): number {
  const ceiling = limits.callSeconds ?? (call.hearsProgress ? undefined : limits.noProgressSeconds);
  return ceiling === undefined ? toolMs : Math.min(toolMs, ceiling * 1000);
}
