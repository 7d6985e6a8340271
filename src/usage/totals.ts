// Calls rolled up by day (UTC) and tool: the form old records are kept in, and the
// sums `web-mcp usage` reports. Pure functions over plain objects.
import * as v from 'valibot';
import type { CallRecord } from './record.ts';

const count = v.pipe(v.number(), v.minValue(0));

export const TotalsSchema = v.object({
  calls: count,
  cached: count,
  runs: count,
  turns: count,
  inputTokens: count,
  outputTokens: count,
  costUsd: count,
  braveRequests: count,
  searches: count,
  pages: count,
  seconds: count,
  answered: count,
  partial: count,
  /** Calls by the error code they returned. */
  errors: v.record(v.pipe(v.string(), v.regex(/^[a-z][a-z0-9_]{0,39}$/)), count),
});
export type Totals = v.InferOutput<typeof TotalsSchema>;

/** Day (YYYY-MM-DD, UTC) → tool → totals. */
export const DaysSchema = v.record(
  v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/)),
  v.record(v.pipe(v.string(), v.regex(/^[a-z][a-z0-9_]{0,39}$/)), TotalsSchema),
);
export type Days = v.InferOutput<typeof DaysSchema>;

/** Days older than this are dropped: the ledger stays small however long it runs. */
export const KEEP_DAYS = 400;
const DAY_MS = 86_400_000;

export const emptyTotals = (): Totals => ({
  calls: 0,
  cached: 0,
  runs: 0,
  turns: 0,
  inputTokens: 0,
  outputTokens: 0,
  costUsd: 0,
  braveRequests: 0,
  searches: 0,
  pages: 0,
  seconds: 0,
  answered: 0,
  partial: 0,
  errors: {},
});

export const dayOf = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

const SUMMED = [
  'calls',
  'cached',
  'runs',
  'turns',
  'inputTokens',
  'outputTokens',
  'costUsd',
  'braveRequests',
  'searches',
  'pages',
  'seconds',
  'answered',
  'partial',
] as const;

/** Adds `b` into `a` (mutates `a`). */
export function addTotals(a: Totals, b: Totals): Totals {
  for (const field of SUMMED) a[field] += b[field];
  for (const [code, n] of Object.entries(b.errors)) a.errors[code] = (a.errors[code] ?? 0) + n;
  return a;
}

export function recordTotals(r: CallRecord): Totals {
  const outcome = r.outcome;
  return {
    calls: 1,
    cached: r.cached ? 1 : 0,
    runs: r.runs,
    turns: r.turns,
    inputTokens: r.inputTokens,
    outputTokens: r.outputTokens,
    costUsd: r.costUsd,
    braveRequests: r.braveRequests,
    searches: r.searches,
    pages: r.pages,
    seconds: r.seconds,
    answered: outcome === 'answered' ? 1 : 0,
    partial: outcome === 'partial' ? 1 : 0,
    errors: outcome === 'answered' || outcome === 'partial' ? {} : { [outcome]: 1 },
  };
}

/** Folds one call into its day (mutates `days`). */
export function addRecord(days: Days, r: CallRecord): void {
  const day = dayOf(r.at);
  const tools = days[day] ?? {};
  days[day] = tools;
  tools[r.tool] = addTotals(tools[r.tool] ?? emptyTotals(), recordTotals(r));
}

/** Folds every day of `from` into `into` (mutates `into`). */
export function addDays(into: Days, from: Days): void {
  for (const [day, tools] of Object.entries(from)) {
    const mine = into[day] ?? {};
    into[day] = mine;
    for (const [tool, t] of Object.entries(tools)) mine[tool] = addTotals(mine[tool] ?? emptyTotals(), t);
  }
}

/** Drops the days older than KEEP_DAYS before `now` (mutates `days`). */
export function pruneDays(days: Days, now: number): void {
  const oldest = dayOf(now - KEEP_DAYS * DAY_MS);
  for (const day of Object.keys(days)) if (day < oldest) delete days[day];
}
