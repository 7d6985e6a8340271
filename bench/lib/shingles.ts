// The scrapinghub article-extraction-benchmark metric: texts as multisets of 4-token
// shingles (tokens are runs of letters, digits and `_`), per-page precision and recall,
// macro-averaged over pages, F1 of the two means. Keeps figures comparable with published ones.
const TOKEN = /[\p{L}\p{N}_]+/gu;
const N = 4;

export function shingles(text: string): Map<string, number> {
  const tokens = text.match(TOKEN) ?? [];
  const bag = new Map<string, number>();
  if (tokens.length === 0) return bag;
  const count = Math.max(1, tokens.length - N + 1);
  for (let i = 0; i < count; i++) {
    const s = tokens.slice(i, i + N).join(' ');
    bag.set(s, (bag.get(s) ?? 0) + 1);
  }
  return bag;
}

export interface PageScore {
  readonly tp: number;
  readonly fp: number;
  readonly fn: number;
}

/** Shingle-count overlap of one page, normalised so tp + fp + fn = 1 (all 0 when both are empty). */
export function scorePage(got: string, want: string | Map<string, number>): PageScore {
  const g = shingles(got);
  const w = typeof want === 'string' ? shingles(want) : want;
  let tp = 0;
  let gn = 0;
  let wn = 0;
  for (const [s, n] of g) {
    gn += n;
    tp += Math.min(n, w.get(s) ?? 0);
  }
  for (const n of w.values()) wn += n;
  const fp = gn - tp;
  const fn = wn - tp;
  const sum = tp + fp + fn;
  return sum === 0 ? { tp: 0, fp: 0, fn: 0 } : { tp: tp / sum, fp: fp / sum, fn: fn / sum };
}

export interface Summary {
  readonly precision: number;
  readonly recall: number;
  readonly f1: number;
  readonly pages: number;
}

export function summarise(scores: readonly PageScore[]): Summary {
  const withP = scores.filter((s) => s.tp + s.fp > 0);
  const withR = scores.filter((s) => s.tp + s.fn > 0);
  const precision = withP.reduce((a, s) => a + s.tp / (s.tp + s.fp), 0) / (withP.length || 1);
  const recall = withR.reduce((a, s) => a + s.tp / (s.tp + s.fn), 0) / (withR.length || 1);
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return { precision, recall, f1, pages: scores.length };
}

/** Page F1 (for ranking losses): 2tp / (2tp + fp + fn). */
export function pageF1(s: PageScore): number {
  const d = 2 * s.tp + s.fp + s.fn;
  return d === 0 ? 1 : (2 * s.tp) / d;
}
