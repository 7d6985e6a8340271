// The ledger on disk, over any unstorage driver (the runtime's file driver at
// <cache dir>/usage): immutable journal pieces, one per write, folded now and then
// into one summary of totals by day. Pieces are never rewritten, so any process
// sharing the directory may fold any of them; the summary names what it folded.
import type { Driver } from 'unstorage';
import * as v from 'valibot';
import {
  type BraveState,
  BraveStateSchema,
  type JournalLine,
  JournalLineSchema,
  type PlanState,
  PlanStateSchema,
} from './record.ts';
import { addDays, addRecord, type Days, DaysSchema, pruneDays } from './totals.ts';

export interface UsageSnapshot {
  readonly days: Days;
  readonly plan: PlanState | undefined;
  readonly brave: BraveState;
}

export interface LedgerStore {
  /** The summary plus every journal piece it has not folded yet. */
  load(): Promise<UsageSnapshot>;
  /** Writes the lines as new journal pieces (at most MAX_PIECE_LINES each). */
  append(lines: readonly JournalLine[]): Promise<void>;
  /** Folds every journal piece into the summary and removes the pieces. */
  compact(): Promise<void>;
}

const SUMMARY = 'summary';
const JOURNAL = 'journal';
export const MAX_PIECE_LINES = 500;
/** Names of folded pieces the summary remembers, so a piece read twice is counted once. */
const FOLDED_KEPT = 2000;

const SummarySchema = v.object({
  v: v.literal(1),
  days: DaysSchema,
  plan: v.optional(PlanStateSchema),
  brave: BraveStateSchema,
  folded: v.array(v.string()),
});
type Summary = v.InferOutput<typeof SummarySchema>;

const emptySummary = (): Summary => ({ v: 1, days: {}, brave: {}, folded: [] });

/** Folds one journal line into a snapshot under construction (mutates it). */
export function applyLine(
  into: { days: Days; plan?: PlanState | undefined; brave: BraveState },
  line: JournalLine,
) {
  if (line.k === 'call') addRecord(into.days, line.r);
  else if (line.k === 'plan') {
    if (into.plan === undefined || line.s.seenAt >= into.plan.seenAt) into.plan = line.s;
  } else into.brave = { ...into.brave, ...line.s };
}

/** The lines of one piece; a line that does not parse (a torn or foreign write) is skipped. */
export function parsePiece(raw: unknown): JournalLine[] {
  const text = typeof raw === 'string' ? raw : '';
  const lines: JournalLine[] = [];
  for (const row of text.split('\n')) {
    if (row.trim() === '') continue;
    try {
      const parsed = v.safeParse(JournalLineSchema, JSON.parse(row));
      if (parsed.success) lines.push(parsed.output);
    } catch {
      // skipped
    }
  }
  return lines;
}

export function createLedgerStore(options: { driver: Driver; clock: () => number }): LedgerStore {
  const { driver, clock } = options;
  // Unique across processes sharing the directory, ordered within this one.
  const prefix = `${clock().toString(36).padStart(9, '0')}-${crypto.randomUUID().slice(0, 8)}`;
  let written = 0;

  const readSummary = async (): Promise<Summary> => {
    const raw: unknown = await Promise.resolve(driver.getItem(SUMMARY, {})).catch(() => null);
    if (typeof raw !== 'string') return emptySummary();
    try {
      const parsed = v.safeParse(SummarySchema, JSON.parse(raw));
      return parsed.success ? parsed.output : emptySummary();
    } catch {
      return emptySummary();
    }
  };

  const pieces = async (): Promise<string[]> => {
    const keys = await driver.getKeys(JOURNAL, {});
    return keys.filter((k) => k.startsWith(`${JOURNAL}:`)).sort();
  };

  const readPieces = async (keys: readonly string[]) => {
    const out: { key: string; lines: JournalLine[] }[] = [];
    for (const key of keys) {
      const raw: unknown = await Promise.resolve(driver.getItem(key, {})).catch(() => null);
      if (raw !== null && raw !== undefined) out.push({ key, lines: parsePiece(raw) });
    }
    return out;
  };

  async function load(): Promise<UsageSnapshot> {
    const summary = await readSummary();
    const folded = new Set(summary.folded);
    const snapshot = { days: summary.days, plan: summary.plan, brave: summary.brave };
    const unfolded = (await pieces()).filter((k) => !folded.has(k));
    for (const piece of await readPieces(unfolded)) for (const line of piece.lines) applyLine(snapshot, line);
    return snapshot;
  }

  async function append(lines: readonly JournalLine[]): Promise<void> {
    for (let at = 0; at < lines.length; at += MAX_PIECE_LINES) {
      const text = lines
        .slice(at, at + MAX_PIECE_LINES)
        .map((line) => JSON.stringify(line))
        .join('\n');
      written += 1;
      await driver.setItem?.(`${JOURNAL}:${prefix}-${String(written).padStart(8, '0')}`, `${text}\n`, {});
    }
  }

  async function compact(): Promise<void> {
    const summary = await readSummary();
    const folded = new Set(summary.folded);
    const todo = await readPieces((await pieces()).filter((k) => !folded.has(k)));
    if (todo.length === 0) return;
    const next = { days: summary.days, plan: summary.plan, brave: summary.brave };
    for (const piece of todo) for (const line of piece.lines) applyLine(next, line);
    pruneDays(next.days, clock());
    const names = [...summary.folded, ...todo.map((p) => p.key)].slice(-FOLDED_KEPT);
    const out: Summary = { v: 1, days: next.days, brave: next.brave, folded: names };
    if (next.plan !== undefined) out.plan = next.plan;
    await driver.setItem?.(SUMMARY, JSON.stringify(out), {});
    // Another process may have written the summary at the same moment: remove only what it kept.
    const kept = new Set((await readSummary()).folded);
    for (const piece of todo)
      if (kept.has(piece.key)) await Promise.resolve(driver.removeItem?.(piece.key, {})).catch(() => {});
  }

  return { load, append, compact };
}

/** A snapshot's days merged into a fresh object (for reports that add more on top). */
export function copyDays(days: Days): Days {
  const out: Days = {};
  addDays(out, days);
  return out;
}
