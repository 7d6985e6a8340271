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
