// Token-level precision, recall and F1 of extracted text against expected text:
// lower-cased word-like segments of Intl.Segmenter (so CJK is cut into words, not
// runs), compared as multisets. Shared by the extraction tests and benchmark.
const segmenter = new Intl.Segmenter('und', { granularity: 'word' });

function tokens(text: string): Map<string, number> {
  const bag = new Map<string, number>();
  for (const s of segmenter.segment(text.toLowerCase())) {
    if (s.isWordLike) bag.set(s.segment, (bag.get(s.segment) ?? 0) + 1);
  }
  return bag;
}

export function overlap(got: string, want: string): { precision: number; recall: number; f1: number } {
  const g = tokens(got);
  const w = tokens(want);
  let common = 0;
  let gn = 0;
  let wn = 0;
  for (const [t, n] of g) {
    gn += n;
    common += Math.min(n, w.get(t) ?? 0);
  }
  for (const n of w.values()) wn += n;
  const precision = gn === 0 ? (wn === 0 ? 1 : 0) : common / gn;
  const recall = wn === 0 ? 1 : common / wn;
  return {
    precision,
    recall,
    f1: precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall),
  };
}
