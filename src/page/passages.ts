// Keeps the parts of a page's markdown that serve a question: heading-aware
// passages ranked with BM25, packed into a token budget, returned in page order.
import { bm25, tokenize } from './bm25.ts';
import { type Passage, splitPassages } from './split.ts';

export type Estimate = (text: string) => number;

const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Thai}]/gu;

/**
 * Cheap token estimate: about three characters a token, one per CJK/Thai
 * character. Callers with a real tokenizer pass their own.
 */
export function approxTokens(text: string): number {
  const dense = text.match(UNSPACED)?.length ?? 0;
  return Math.ceil((text.length - dense) / 3 + dense);
}

// Passages of about a third of the budget let a few distinct parts of the
// page in, and are never so small that a sentence loses its context.
function passageSize(budget: number): number {
  return Math.max(1, Math.min(budget, Math.max(60, Math.min(200, Math.floor(budget / 3)))));
}

function rankOrder(passages: readonly Passage[], query: string): number[] | undefined {
  const terms = tokenize(query);
  if (terms.length === 0) return undefined;
  const scores = bm25(
    passages.map((p) => tokenize(p.text)),
    terms,
  );
  const hits = scores.map((s, i) => [s, i] as const).filter(([s]) => s > 0);
  if (hits.length === 0) return undefined;
  return hits.sort((a, b) => b[0] - a[0] || a[1] - b[1]).map(([, i]) => i);
}

/**
 * The passages of `markdown` that best answer `query`, in document order, whose
 * estimated tokens sum to at most `budgetTokens`. An empty query (or one
 * matching nothing) gives the page's lead instead.
 */
export function selectPassages(
  markdown: string,
  query: string,
  budgetTokens: number,
  estimate: Estimate = approxTokens,
): string[] {
  const budget = Math.floor(budgetTokens);
  if (!(budget > 0) || markdown.trim() === '') return [];
  const passages = splitPassages(markdown, passageSize(budget), estimate);
  const ranked = rankOrder(passages, query);
  const chosen: number[] = [];
  let used = 0;
  for (const i of ranked ?? passages.map((_, j) => j)) {
    const p = passages[i];
    if (!p) continue;
    const cost = estimate(p.text);
    if (used + cost <= budget) {
      chosen.push(i);
      used += cost;
    } else if (!ranked) break; // the lead stays contiguous
  }
  chosen.sort((a, b) => a - b);
  // A passage that directly follows its chosen sibling needs no repeated heading.
  return chosen.map((i, k) => {
    const p = passages[i] as Passage;
    const prev = passages[chosen[k - 1] ?? -1];
    return prev && chosen[k - 1] === i - 1 && prev.heading === p.heading && p.heading !== ''
      ? p.body
      : p.text;
  });
}
