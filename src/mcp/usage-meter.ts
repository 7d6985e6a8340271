// One call's spend, counted as it happens (Claude runs, Brave requests), and the
// tool wrapper that writes it to the ledger when the call ends, whatever the outcome.
import type { Brave } from '../brave/client.ts';
import { type CallContext, type CallTally, newTally } from '../call-context.ts';
import type { ClaudeDeps } from '../claude/call.ts';
import type { RunSpend } from '../claude/run.ts';
import { isToolError, type ToolError } from '../errors.ts';
import type { Reply } from '../reply/contract.ts';
import type { Ledger } from '../usage/ledger.ts';
import type { PlanState } from '../usage/record.ts';
import type { ToolDef } from './tool.ts';

/** The plan notice of a run as the ledger keeps it (reset time in ms). */
export function planFrom(notice: NonNullable<RunSpend['plan']>, now: number): PlanState {
  return {
    status: notice.status.slice(0, 40),
    ...(notice.type === undefined ? {} : { window: notice.type.slice(0, 40) }),
    ...(notice.utilization === undefined || !(notice.utilization >= 0)
      ? {}
      : { utilization: notice.utilization }),
    ...(notice.resetsAt === undefined || !(notice.resetsAt > 0)
      ? {}
      : { resetsAt: Math.round(notice.resetsAt * 1000) }),
    seenAt: now,
  };
}

/** The `onSpend` of a call's Claude runs: adds each run to the tally, its plan notice to the ledger. */
export function runMeter(ledger: Ledger, tally: CallTally | undefined, clock: () => number) {
  return (spend: RunSpend) => {
    if (tally) {
      tally.runs += 1;
      tally.turns += spend.turns;
      tally.inputTokens += spend.inputTokens;
      tally.outputTokens += spend.outputTokens;
      tally.costUsd += spend.costUsd;
      tally.searches += spend.searches;
      tally.pages += spend.pages;
    }
    if (spend.plan !== undefined) ledger.notePlan(planFrom(spend.plan, clock()));
  };
}

/**
 * How a call that needs a Claude run produces its answer: refused at once while the plan
 * is rejected, else run with its runs counted (a cut-short reply marked partial, and the
 * plan's warning, if any, noted in the reply's meta).
 */
export function spending(ledger: Ledger, claude: ClaudeDeps, clock: () => number) {
  return async (
    call: CallContext,
    produce: (deps: ClaudeDeps) => Promise<Reply | ToolError>,
  ): Promise<Reply | ToolError> => {
    const refused = await ledger.refusal();
    if (refused) return refused;
    const tally = call.usage;
    if (tally) tally.produced = true;
    const out = await produce({ ...claude, onSpend: runMeter(ledger, tally, clock) });
    if (isToolError(out)) return out;
    if (tally && out.meta.partial === true) tally.partial = true;
    const note = ledger.note();
    return note === undefined ? out : { ...out, meta: { ...out.meta, note } };
  };
}

/** The search option that counts a call's Brave requests (none when the call is not metered). */
export function braveCounter(tally: CallTally | undefined): { onRequest?: () => void } {
  return tally
    ? {
        onRequest: () => {
          tally.braveRequests += 1;
        },
      }
    : {};
}

/** The Brave client as one call sees it: every request that goes out is counted for the call. */
export function braveFor(brave: Brave | undefined, tally: CallTally | undefined): Brave | undefined {
  if (brave === undefined || tally === undefined) return brave;
  return {
    get enabled() {
      return brave.enabled;
    },
    search: (options) => brave.search({ ...options, ...braveCounter(tally) }),
  };
}

/** The Brave client's `onPlan`: the rate Brave states, and a spent quota with its renewal, kept in the ledger. */
export function braveNews(ledger: Ledger, clock: () => number) {
  return (news: { perSecond?: number; quotaSpentFor?: number }) =>
    ledger.noteBrave(
      news.quotaSpentFor === undefined
        ? { perSecond: news.perSecond }
        : { quotaSpentAt: clock(), quotaRenewsAt: clock() + news.quotaSpentFor },
    );
}

/** A tool whose every call ends with one ledger record (counts only, nothing the caller wrote). */
export function meteredTool<T>(def: ToolDef<T>, ledger: Ledger, clock: () => number): ToolDef<T> {
  return {
    ...def,
    async run(input, ctx) {
      const tally = newTally();
      let outcome = 'internal_error';
      try {
        const out = await def.run(input, { ...ctx, usage: tally });
        outcome = isToolError(out) ? out.code : tally.partial ? 'partial' : 'answered';
        return out;
      } finally {
        const spent = tally.produced || tally.runs > 0 || tally.braveRequests > 0;
        ledger.record({
          at: clock(),
          tool: def.name,
          cached: !spent && (outcome === 'answered' || outcome === 'partial'),
          runs: tally.runs,
          turns: tally.turns,
          inputTokens: tally.inputTokens,
          outputTokens: tally.outputTokens,
          costUsd: tally.costUsd,
          braveRequests: tally.braveRequests,
          searches: tally.searches,
          pages: tally.pages,
          seconds: Math.max(0, Math.round((clock() - ctx.arrivedAt) / 100) / 10),
          outcome,
        });
      }
    },
  };
}
