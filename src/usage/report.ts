// What `web-mcp usage` reports, computed from a ledger snapshot: today, the last 7
// and 30 days (UTC), by tool and by day; Brave's month against its quota; the plan.
import { planBlocked } from './plan.ts';
import type { UsageSnapshot } from './store.ts';
import { addTotals, dayOf, emptyTotals, type Totals } from './totals.ts';

export interface WindowReport extends Totals {
  /** Share of calls answered from the cache (0–1). */
  readonly cacheShare: number;
  readonly byTool: Readonly<Record<string, Totals>>;
}

export interface UsageReport {
  readonly generatedAt: string;
  readonly windows: {
    readonly today: WindowReport;
    readonly days7: WindowReport;
    readonly days30: WindowReport;
  };
  /** The last 30 days that saw calls, newest first. */
  readonly days: readonly { readonly day: string; readonly tools: Readonly<Record<string, Totals>> }[];
  readonly brave: {
    readonly month: string;
    readonly requests: number;
    readonly quota: number;
    readonly left: number;
    readonly perSecond: number;
    /** False while the rate is the free plan's, assumed until Brave states the key's own. */
    readonly perSecondStated: boolean;
    readonly quotaSpent: { readonly at: string; readonly renewsAt: string | null } | null;
  };
  readonly plan: {
    readonly status: string;
    readonly window: string | null;
    readonly utilization: number | null;
    readonly resetsAt: string | null;
    readonly seenAt: string;
    /** Calls needing a run are refused until resetsAt. */
    readonly blocked: boolean;
  } | null;
}

const DAY_MS = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();
/** Float sums of prices drift in the last digits: a millionth of a dollar is enough. */
const money = (usd: number) => Math.round(usd * 1e6) / 1e6;

function tidy(t: Totals): Totals {
  return { ...t, costUsd: money(t.costUsd), seconds: Math.round(t.seconds * 10) / 10 };
}

function windowOf(snapshot: UsageSnapshot, now: number, days: number): WindowReport {
  const oldest = dayOf(now - (days - 1) * DAY_MS);
  const today = dayOf(now);
  const sum = emptyTotals();
  const byTool: Record<string, Totals> = {};
  for (const [day, tools] of Object.entries(snapshot.days)) {
    if (day < oldest || day > today) continue;
    for (const [tool, t] of Object.entries(tools)) {
      addTotals(sum, t);
      byTool[tool] = addTotals(byTool[tool] ?? emptyTotals(), t);
    }
  }
  const sorted = Object.fromEntries(
    Object.entries(byTool)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([tool, t]) => [tool, tidy(t)]),
  );
  return {
    ...tidy(sum),
    cacheShare: sum.calls === 0 ? 0 : Math.round((sum.cached / sum.calls) * 1000) / 1000,
    byTool: sorted,
  };
}

export function buildReport(
  snapshot: UsageSnapshot,
  options: { now: number; braveQuota: number },
): UsageReport {
  const { now, braveQuota } = options;
  const month = iso(now).slice(0, 7);
  let requests = 0;
  for (const [day, tools] of Object.entries(snapshot.days))
    if (day.startsWith(month)) for (const t of Object.values(tools)) requests += t.braveRequests;
  const oldest = dayOf(now - 29 * DAY_MS);
  const days = Object.entries(snapshot.days)
    .filter(([day]) => day >= oldest)
    .sort(([a], [b]) => b.localeCompare(a))
    .map(([day, tools]) => ({
      day,
      tools: Object.fromEntries(Object.entries(tools).map(([tool, t]) => [tool, tidy(t)])),
    }));
  const b = snapshot.brave;
  const p = snapshot.plan;
  return {
    generatedAt: iso(now),
    windows: {
      today: windowOf(snapshot, now, 1),
      days7: windowOf(snapshot, now, 7),
      days30: windowOf(snapshot, now, 30),
    },
    days,
    brave: {
      month,
      requests,
      quota: braveQuota,
      left: Math.max(0, braveQuota - requests),
      perSecond: b.perSecond ?? 1,
      perSecondStated: b.perSecond !== undefined,
      quotaSpent:
        b.quotaSpentAt === undefined || (b.quotaRenewsAt !== undefined && b.quotaRenewsAt <= now)
          ? null
          : {
              at: iso(b.quotaSpentAt),
              renewsAt: b.quotaRenewsAt === undefined ? null : iso(b.quotaRenewsAt),
            },
    },
    plan:
      p === undefined
        ? null
        : {
            status: p.status,
            window: p.window ?? null,
            utilization: p.utilization ?? null,
            resetsAt: p.resetsAt === undefined ? null : iso(p.resetsAt),
            seenAt: iso(p.seenAt),
            blocked: planBlocked(p, now),
          },
  };
}
