// The live usage ledger of one process: records calls and the plan's and Brave's
// state without ever delaying or failing a call (writes happen behind it, batched,
// errors logged once), and answers the plan check and Brave's month count from memory.
import type { ToolError } from '../errors.ts';
import type { Log } from '../log.ts';
import { planNote, planRefusal } from './plan.ts';
import type { BraveState, CallRecord, JournalLine, PlanState } from './record.ts';
import { applyLine, type LedgerStore } from './store.ts';
import type { Days } from './totals.ts';

export interface Ledger {
  record(call: CallRecord): void;
  notePlan(state: PlanState): void;
  noteBrave(state: BraveState): void;
  /** `rate_limited` while the plan is rejected until a reset ahead (waits for the ledger to load). */
  refusal(): Promise<ToolError | undefined>;
  /** The plan's warning, for replies' meta; undefined when there is none. */
  note(): string | undefined;
  /** Brave requests this calendar month (UTC), as far as this ledger knows. */
  braveThisMonth(): number;
  brave(): BraveState;
  /** Resolves once everything recorded so far is on disk (or failed to be). */
  flush(): Promise<void>;
}

export interface LedgerOptions {
  readonly store: LedgerStore;
  readonly clock: () => number;
  readonly log: Log;
  /** BRAVE_MONTHLY_QUOTA: near it, one warning in the log. */
  readonly braveQuota: number;
}

/** Journal pieces written between two folds into the summary. */
export const COMPACT_EVERY = 16;
/**
 * What the ledger stays under however many calls it records: the summary (KEEP_DAYS days
 * of totals for a handful of tools) plus the journal pieces between two folds.
 */
export const LEDGER_MAX_BYTES = 3 * 1024 * 1024;
/** Lines held in memory while the disk refuses them; past this the oldest are dropped. */
const MAX_PENDING = 10_000;
/** Share of the Brave quota at which the log warns. */
export const BRAVE_WARN_SHARE = 0.9;

/** How often a busy server looks on disk for a plan state another server recorded. */
export const REREAD_PLAN_MS = 30_000;
/** The longest a call waits for the ledger's first read before its plan check. */
export const LOAD_WAIT_MS = 2000;

async function within(promise: Promise<void>, ms: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([promise, new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)))]);
  clearTimeout(timer);
}

const month = (ms: number) => new Date(ms).toISOString().slice(0, 7);

function monthRequests(days: Days, now: number): number {
  const prefix = month(now);
  let sum = 0;
  for (const [day, tools] of Object.entries(days)) {
    if (!day.startsWith(prefix)) continue;
    for (const t of Object.values(tools)) sum += t.braveRequests;
  }
  return sum;
}

export function createLedger(options: LedgerOptions): Ledger {
  const { store, clock, log } = options;
  const state: { days: Days; plan: PlanState | undefined; brave: BraveState } = {
    days: {},
    plan: undefined,
    brave: {},
  };
  let loaded = false;
  const early: JournalLine[] = [];
  let pending: JournalLine[] = [];
  let writing: Promise<void> | undefined;
  let pieces = 0;
  const warned = new Set<string>();
  let quotaWarnedFor = '';

  const warnOnce = (what: string, error: unknown) => {
    if (warned.has(what)) return;
    warned.add(what);
    const why = error instanceof Error ? error.message : String(error);
    log.warn(`usage ledger: could not ${what} (${why}); calls go on, usage figures may be short`);
  };

  let readAt = Number.NEGATIVE_INFINITY;
  let rereading = false;
  // Other servers sharing the cache directory hear from the plan too: its newest state is adopted.
  const rereadPlan = () => {
    if (!loaded || rereading || clock() - readAt < REREAD_PLAN_MS) return;
    rereading = true;
    readAt = clock();
    store
      .load()
      .then((snapshot) => {
        const plan = snapshot.plan;
        if (plan !== undefined && (state.plan === undefined || plan.seenAt > state.plan.seenAt))
          state.plan = plan;
      })
      .catch(() => {})
      .finally(() => {
        rereading = false;
      });
  };

  const ready = store
    .load()
    .then(
      (snapshot) => {
        state.days = snapshot.days;
        state.plan = snapshot.plan;
        state.brave = snapshot.brave;
      },
      (error: unknown) => warnOnce('read the ledger', error),
    )
    .then(() => {
      loaded = true;
      readAt = clock();
      for (const line of early.splice(0)) applyLine(state, line);
      // Pieces left by earlier runs are folded now, behind the first calls.
      pieces = COMPACT_EVERY;
    });

  async function drain(): Promise<void> {
    await ready;
    while (pending.length > 0) {
      const batch = pending;
      pending = [];
      try {
        await store.append(batch);
        pieces += 1;
      } catch (error) {
        warnOnce('write the ledger', error);
        pending = [...batch, ...pending].slice(-MAX_PENDING);
        return;
      }
      if (pieces >= COMPACT_EVERY) {
        pieces = 0;
        await store.compact().catch((error: unknown) => warnOnce('fold the ledger', error));
      }
    }
  }

  const write = (line: JournalLine) => {
    if (loaded) applyLine(state, line);
    else early.push(line);
    pending.push(line);
    if (pending.length > MAX_PENDING) pending = pending.slice(-MAX_PENDING);
    writing ??= drain().finally(() => {
      writing = undefined;
    });
  };

  const checkQuota = () => {
    const used = monthRequests(state.days, clock());
    const at = month(clock());
    if (used < options.braveQuota * BRAVE_WARN_SHARE || quotaWarnedFor === at) return;
    quotaWarnedFor = at;
    log.warn(
      `Brave: ${used} of the plan's ${options.braveQuota} requests this month are used; research goes on without Brave's head start once they run out (see web-mcp usage; BRAVE_MONTHLY_QUOTA sets the quota)`,
    );
  };

  return {
    record(call) {
      write({ k: 'call', r: call });
      if (call.braveRequests > 0 && loaded) checkQuota();
    },
    notePlan(plan) {
      write({ k: 'plan', s: plan });
    },
    noteBrave(brave) {
      write({ k: 'brave', s: brave });
    },
    async refusal() {
      // A ledger slow to load holds a call back briefly, never for long: then it goes on unchecked.
      if (!loaded) await within(ready, LOAD_WAIT_MS);
      rereadPlan();
      return planRefusal(state.plan, clock());
    },
    note: () => planNote(state.plan, clock()),
    braveThisMonth: () => monthRequests(state.days, clock()),
    brave: () => state.brave,
    async flush() {
      await ready;
      while (writing !== undefined) await writing;
    },
  };
}
