// What the usage ledger keeps, as valibot schemas: one record per call (counts only:
// never a question, goal, URL or page text), the plan's last state and Brave's.
import * as v from 'valibot';

const count = v.pipe(v.number(), v.integer(), v.minValue(0));
const amount = v.pipe(v.number(), v.minValue(0));
/** Tool names and outcomes are short lower-case words: nothing a caller wrote fits here. */
const word = v.pipe(v.string(), v.regex(/^[a-z][a-z0-9_]{0,39}$/));

/** `answered`, `partial` (research cut short) or the error code the call returned. */
export const CallRecordSchema = v.object({
  /** When the call ended (ms since the epoch). */
  at: count,
  tool: word,
  /** Answered without spending: from the disk cache, or shared with an identical call in flight. */
  cached: v.boolean(),
  /** Claude runs started, and what they reported. */
  runs: count,
  turns: count,
  inputTokens: count,
  outputTokens: count,
  /** List-price cost in US dollars, as Claude Code reports it (a subscription is not billed by it). */
  costUsd: amount,
  braveRequests: count,
  /** Web searches and page reads by the runs. */
  searches: count,
  pages: count,
  seconds: amount,
  outcome: word,
});
export type CallRecord = v.InferOutput<typeof CallRecordSchema>;

/** The last plan notice Claude Code gave (`rate_limit_event`). */
export const PlanStateSchema = v.object({
  /** allowed | allowed_warning | rejected (or whatever word a newer CLI sends). */
  status: v.pipe(v.string(), v.maxLength(40)),
  /** five_hour | seven_day | …, when it says. */
  window: v.optional(v.pipe(v.string(), v.maxLength(40))),
  /** Share of the window used, 0–1, when it says. */
  utilization: v.optional(amount),
  /** When the window resets (ms since the epoch), when it says. */
  resetsAt: v.optional(count),
  /** When the notice came. */
  seenAt: count,
});
export type PlanState = v.InferOutput<typeof PlanStateSchema>;

/** What Brave told the server about the key's plan. */
export const BraveStateSchema = v.object({
  /** The per-second rate Brave stated (X-RateLimit-Policy). */
  perSecond: v.optional(count),
  /** When Brave last said the monthly quota is spent, and when it renews. */
  quotaSpentAt: v.optional(count),
  quotaRenewsAt: v.optional(count),
});
export type BraveState = v.InferOutput<typeof BraveStateSchema>;

/** One line of the journal. */
export const JournalLineSchema = v.variant('k', [
  v.object({ k: v.literal('call'), r: CallRecordSchema }),
  v.object({ k: v.literal('plan'), s: PlanStateSchema }),
  v.object({ k: v.literal('brave'), s: BraveStateSchema }),
]);
export type JournalLine = v.InferOutput<typeof JournalLineSchema>;
