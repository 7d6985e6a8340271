// The trimming ladder (R-R5): step k of the ladder is the reply with the first k trims
// applied, in the order the spec gives; every step is a valid, consistently cited reply.
import type { Finding, Reply } from './contract.ts';
import { citedIn, clip, renumber, splitSentences } from './text.ts';
import { quoteCounts } from './verify.ts';

const TITLE_CLIP = 120;

/** How many trims of each kind a ladder step applies. */
export interface Cut {
  readonly step: number;
  readonly titles: number;
  readonly findings: number;
  readonly quotes: number;
  readonly gaps: number;
  readonly sentences: number;
  readonly compact: number;
  readonly sources: number;
}

// Findings are counted twice: the less important ones first, the last (rank 1) ones after the answer.
const PHASES = [
  'titles',
  'findings',
  'quotes',
  'gaps',
  'sentences',
  'lastFindings',
  'compact',
  'sources',
] as const;

export interface Ladder {
  readonly base: Reply;
  /** Finding indices, least important first (highest rank, then later position). */
  readonly order: readonly number[];
  readonly quoteOrder: readonly number[];
  readonly sentences: readonly string[];
  /** Sources nothing cited at the start (e.g. the page itself): kept until the sources phase. */
  readonly uncited: ReadonlySet<number>;
  readonly sourceOrder: readonly number[];
  readonly lengths: Readonly<Record<(typeof PHASES)[number], number>>;
  readonly steps: number;
  /** Set when sanitising already shortened a field: the reply is trimmed whatever the step. */
  readonly clipped: boolean;
}

export function ladderOf(base: Reply, clipped: boolean): Ladder {
  const importance = (f: Finding): number => f.rank ?? Number.POSITIVE_INFINITY;
  const order = base.findings
    .map((_, i) => i)
    .sort((a, b) => importance(base.findings[b]!) - importance(base.findings[a]!) || b - a);
  // Findings the model did not rank first go before any quote, but one finding always waits.
  const early = Math.min(base.findings.filter((f) => f.rank !== 1).length, Math.max(0, order.length - 1));
  const quoteOrder = order.slice(early).filter((i) => base.findings[i]!.quote !== undefined);
  const sentences = splitSentences(base.answer);
  const cited = new Set([...base.findings.map((f) => f.source), ...citedIn(base.answer)]);
  const all = base.sources.map((_, i) => i).reverse();
  const uncited = new Set(all.filter((i) => !cited.has(i)));
  const lengths = {
    titles: base.sources.some((s) => s.title.length > TITLE_CLIP) ? 1 : 0,
    findings: early,
    quotes: quoteOrder.length,
    gaps: base.gaps.length + (base.not_found === undefined ? 0 : 1),
    sentences: Math.max(0, sentences.length - 1),
    lastFindings: order.length - early,
    compact: 1,
    sources: base.sources.length,
  };
  const steps = PHASES.reduce((sum, phase) => sum + lengths[phase], 0);
  const sourceOrder = [...all.filter((i) => uncited.has(i)), ...all.filter((i) => !uncited.has(i))];
  return { base, order, quoteOrder, sentences, uncited, sourceOrder, lengths, steps, clipped };
}

/** Decodes ladder step `k` into per-phase trim counts. */
export function cutAfter(ladder: Ladder, k: number): Cut {
  let left = k;
  const take = (phase: (typeof PHASES)[number]): number => {
    const n = Math.min(left, ladder.lengths[phase]);
    left -= n;
    return n;
  };
  const titles = take('titles');
  const findings = take('findings');
  const quotes = take('quotes');
  const gaps = take('gaps');
  const sentences = take('sentences');
  const lastFindings = take('lastFindings');
  const compact = take('compact');
  const sources = take('sources');
  return { step: k, titles, findings: findings + lastFindings, quotes, gaps, sentences, compact, sources };
}

export function buildState(ladder: Ladder, cut: Cut): Reply {
  const { base } = ladder;
  const dropped = new Set(ladder.order.slice(0, cut.findings));
  const unquoted = new Set(ladder.quoteOrder.slice(0, cut.quotes));
  const kept: Finding[] = [];
  for (const [i, f] of base.findings.entries()) {
    if (dropped.has(i)) continue;
    if (!unquoted.has(i)) {
      kept.push(f);
      continue;
    }
    const { quote: _q, verified: _v, ...rest } = f;
    kept.push(rest);
  }
  const answer = ladder.sentences
    .slice(0, ladder.sentences.length - cut.sentences)
    .join('')
    .trim();

  // Sources: keep what is still cited (plus the never-cited), then drop the phase's share.
  const cited = new Set([...kept.map((f) => f.source), ...citedIn(answer)]);
  const alive = ladder.sourceOrder.filter((i) => cited.has(i) || ladder.uncited.has(i));
  const gone = new Set(alive.slice(0, cut.sources));
  const keep = new Set(alive.filter((i) => !gone.has(i)));
  const map = new Map<number, number>();
  const sources = base.sources.flatMap((source, i) => {
    if (!keep.has(i)) return [];
    map.set(i, map.size);
    return [cut.titles > 0 ? { ...source, title: clip(source.title, TITLE_CLIP) } : source];
  });
  const findings = kept.map((f) => ({ ...f, source: map.get(f.source) ?? 0 }));

  const gapsLeft = base.gaps.length - cut.gaps;
  const reply: Reply = {
    ...base,
    answer: renumber(answer, map),
    findings,
    sources,
    gaps: base.gaps.slice(0, Math.max(0, gapsLeft)),
    meta: {
      ...base.meta,
      ...quoteCounts(findings),
      trimmed: base.meta.trimmed || cut.step > 0 || ladder.clipped,
    },
  };
  if (gapsLeft < 0) delete reply.not_found;
  if (cut.compact > 0) reply.meta.compact = true;
  return reply;
}
