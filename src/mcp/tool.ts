// What one tool is: its tier, its texts, its valibot input and a handler that
// returns rendered reply text or a ToolError value. The factory registers these.
import type * as v from 'valibot';
import type { CallContext } from '../call-context.ts';
import type { Tier } from '../config.ts';
import type { ToolError } from '../errors.ts';

export type { CallContext } from '../call-context.ts';

export interface ToolDef<TInput = unknown> {
  readonly name: string;
  readonly tier: Tier;
  readonly description: string;
  readonly input: v.GenericSchema<unknown, TInput>;
  run(input: TInput, ctx: CallContext): Promise<string | ToolError>;
}
