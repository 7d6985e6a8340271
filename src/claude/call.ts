// The one way a call runs `claude`: a limiter slot with the call's deadline, then
// jobs (argv, environment, prompt, events) through the runner, whose failures come
// back as ToolErrors. Research, page and rescue runs are jobs.
import type { CallContext } from '../call-context.ts';
import type { ToolError } from '../errors.ts';
import type { Runtime } from '../runtime.ts';
import { buildClaudeArgs, buildClaudeEnv, type RunTools } from './args.ts';
import type { RunEvent } from './events.ts';
import type { Limiter } from './limiter.ts';
import { type RunResult, type RunSpend, runClaude } from './run.ts';

/** What any call that runs `claude` needs. */
export interface ClaudeDeps {
  readonly runtime: Pick<Runtime, 'spawn'>;
  readonly claudeBin: string;
  readonly model: string;
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly limiter: Limiter;
  readonly clock: () => number;
  /** Told what each run of this call spent (the usage ledger); absent → not counted. */
  readonly onSpend?: (spend: RunSpend) => void;
}

/** One `claude -p` run: what it is told, which tools it has, and who hears its events. */
export interface ClaudeJob {
  readonly schema: object;
  readonly systemPrompt: string;
  readonly maxTurns: number;
  readonly tools: RunTools;
  readonly prompt: string;
  /** Files the run finds in its working directory (e.g. the reader's MCP config). */
  readonly files?: Readonly<Record<string, string>>;
  readonly onEvent?: (event: RunEvent) => void;
}

/** Runs one job until it ends or `signal` fires (cancel, deadline or an early stop). */
export function runJob(
  deps: ClaudeDeps,
  job: ClaudeJob,
  signal: AbortSignal,
): Promise<RunResult | ToolError> {
  return runClaude({
    runtime: deps.runtime,
    claudeBin: deps.claudeBin,
    args: buildClaudeArgs({
      model: deps.model,
      schema: job.schema,
      systemPrompt: job.systemPrompt,
      maxTurns: job.maxTurns,
      tools: job.tools,
    }),
    env: buildClaudeEnv(deps.env),
    prompt: job.prompt,
    ...(job.files ? { files: job.files } : {}),
    signal,
    ...(job.onEvent ? { onEvent: job.onEvent } : {}),
    ...(deps.onSpend ? { onSpend: deps.onSpend } : {}),
  });
}

export interface SlotOptions {
  /** The call's whole budget, counted from `call.arrivedAt`. */
  readonly budgetMs: number;
  /** The heartbeat's line once the slot is taken. */
  readonly status: (elapsedSeconds: number) => string;
}

/**
 * Waits for a limiter slot (the heartbeat tells the queue position meanwhile) and runs
 * `task` in it with a signal that fires on cancel or at the call's deadline.
 */
export function inSlot<T>(
  limiter: Limiter,
  call: CallContext,
  slot: SlotOptions,
  task: (signal: AbortSignal, deadline: number) => Promise<T | ToolError>,
): Promise<T | ToolError> {
  const deadline = call.arrivedAt + slot.budgetMs;
  return limiter.run(
    {
      signal: call.signal,
      deadline,
      onQueued: (position) =>
        call.setStatus(
          (seconds) => `waiting: number ${position} in the queue for a Claude slot (${seconds} s)`,
        ),
    },
    (signal) => {
      call.setStatus(slot.status);
      return task(signal, deadline);
    },
  );
}
