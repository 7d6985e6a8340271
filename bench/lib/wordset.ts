// WCXB's own metric (scripts/03_run_benchmark.py, calculate_text_similarity): each text is the set
// of its lowercased whitespace-separated words; per page precision, recall and F1 over those sets;
// a corpus or page type scores the mean of its pages' figures. Reproduced as Python computes it.

// The characters Python's str.split() splits on (str.isspace), which differ from JavaScript's \s.
const PY_SPACE = /[\t\n\v\f\r\x1c-\x1f \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+/;

export interface WordScore {
  readonly precision: number;
  readonly recall: number;
  readonly f1: number;
}

export function wordSet(text: string): Set<string> {
  return new Set(text.toLowerCase().split(PY_SPACE).filter(Boolean));
}

/** One page's word-set figures, with the script's rules for empty texts. */
export function wordScore(got: string, want: string): WordScore {
  if (got === '' && want === '') return { precision: 1, recall: 1, f1: 1 };
  if (got === '' || want === '') return { precision: 0, recall: 0, f1: 0 };
  const g = wordSet(got);
  const w = wordSet(want);
  let common = 0;
  for (const word of g) if (w.has(word)) common++;
  const precision = g.size > 0 ? common / g.size : 0;
  const recall = w.size > 0 ? common / w.size : 0;
  const f1 = precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0;
  return { precision, recall, f1 };
}

/** The mean of each figure over the pages, as the script aggregates. */
export function meanWordScore(scores: readonly WordScore[]): WordScore {
  const n = scores.length || 1;
  const sum = (k: keyof WordScore): number => scores.reduce((s, x) => s + x[k], 0) / n;
  return { precision: sum('precision'), recall: sum('recall'), f1: sum('f1') };
}

// The benchmark's published evaluate.py (word_f1) scores otherwise: its words are the runs of
// Python's \w (letters, digits and `_`), lowercased, counted with repetition (a Counter), so
// punctuation and the spacing around inline markup do not count, and repeated words do.
const PY_WORD = /[\p{L}\p{N}_]+/gu;

/** One page's figures by evaluate.py's word_f1, with its rules for empty texts. */
export function wordBagScore(got: string, want: string): WordScore {
  const g = got.toLowerCase().match(PY_WORD) ?? [];
  const w = want.toLowerCase().match(PY_WORD) ?? [];
  if (w.length === 0)
    return g.length === 0 ? { precision: 1, recall: 1, f1: 1 } : { precision: 0, recall: 0, f1: 0 };
  if (g.length === 0) return { precision: 0, recall: 0, f1: 0 };
  const left = new Map<string, number>();
  for (const word of w) left.set(word, (left.get(word) ?? 0) + 1);
  let overlap = 0;
  for (const word of g) {
    const n = left.get(word) ?? 0;
    if (n > 0) {
      overlap++;
      left.set(word, n - 1);
    }
  }
  const precision = overlap / g.length;
  const recall = overlap / w.length;
  const f1 = precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0;
  return { precision, recall, f1 };
}
