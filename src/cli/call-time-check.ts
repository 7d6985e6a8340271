// The doctor's line on call time: how long a call may take here, and what to set
// when a client gives up on tool calls after a fixed time.
import type { Config } from '../config.ts';
import { DEPTH } from '../research/prompts.ts';
import type { Check } from './checks.ts';

export function callTimeCheck(config: Pick<Config, 'callSeconds' | 'noProgressSeconds'>): Check {
  const facts = { callSeconds: config.callSeconds ?? null, noProgressSeconds: config.noProgressSeconds };
  if (config.callSeconds !== undefined) {
    const message = `every call answers within ${config.callSeconds} s (WEB_MCP_CALL_SECONDS), from what it has read by then if need be`;
    return { name: 'call time', status: 'ok', message, facts };
  }
  const s = (ms: number) => `${ms / 1000} s`;
  const message = `calls take up to ${s(DEPTH.quick.budgetMs)} (web_lookup), ${s(DEPTH.standard.budgetMs)} (web_research) or ${s(DEPTH.deep.budgetMs)} (web_investigate deep), with progress every 5 s to a client that asks for it; a client that does not gets its answer within ${config.noProgressSeconds} s (WEB_MCP_NO_PROGRESS_SECONDS); if your client stops tool calls at a fixed time even with progress, raise its time-out or set WEB_MCP_CALL_SECONDS just under it (e.g. 55)`;
  return { name: 'call time', status: 'ok', message, facts };
}
