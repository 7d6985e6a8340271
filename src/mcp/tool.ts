// What one tool is: its tier, its texts, its valibot input and a handler that
// returns rendered reply text or a ToolError value. The factory registers these.
import type * as v from 'valibot';
import type { Tier } from '../config.ts';
import type { ToolError } from '../errors.ts';

export interface CallContext {
  /** Fires when the caller cancels (stdio notifications/cancelled, HTTP disconnect). */
  readonly signal: AbortSignal;
  /** Clock reading (ms) when the call arrived: time budgets count from here. */
  readonly arrivedAt: number;
  /** Sends an MCP progress notification when the caller asked for them; otherwise a no-op. */
  progress(message: string): void;
}

export interface ToolDef<TInput = unknown> {
  readonly name: string;
  readonly tier: Tier;
  readonly description: string;
  readonly input: v.GenericSchema<unknown, TInput>;
  run(input: TInput, ctx: CallContext): Promise<string | ToolError>;
}
