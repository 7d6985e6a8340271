// Keeps the parts of a page's markdown that serve a question: passages ranked by their
// own words (BM25 and the best-matching sentence), lifted a little by a matching heading,
// cut when far below the best, packed into a token budget and returned in page order.
import { estimateTokens, loadTokenizer } from '../reply/budget.ts';
import { bm25, idfOf, tokenize } from './bm25.ts';
import { type Passage, splitPassages } from './split.ts';

export type Estimate = (text: string) => number;

// Passages of about a third of the budget let a few distinct parts of the
// page in, and are never so small that a sentence loses its context.
function passageSize(budget: number): number {
  return Math.max(1, Math.min(budget, Math.max(60, Math.min(200, Math.floor(budget / 3)))));
}

// A heading lifts the passages under it that match on their own, and makes the
// first passage of its section a candidate; it never makes the rest relevant.
const HEADING_WEIGHT = 0.5;
// The sentence where most of the question's words meet marks the answer.
const SENTENCE_WEIGHT = 0.6;
// Passages scoring under this share of the best one are noise, not context.
const CUT = 0.25;

const SENTENCES = /(?<=[.!?…。！？])\s+|\n+/u;

/** Summed IDF of the distinct query terms in the passage's best sentence. */
function bestSentence(body: string, terms: ReadonlySet<string>, idf: ReadonlyMap<string, number>): number {
  let best = 0;
  for (const sentence of body.split(SENTENCES)) {
    let score = 0;
    for (const t of new Set(tokenize(sentence))) if (terms.has(t)) score += idf.get(t) ?? 0;
    if (score > best) best = score;
  }
  return best;
}

function headingText(heading: string): string {
  return heading.replace(/^#+\s*/, '');
}

/** Each passage's score for `query`, or undefined when the query has no terms. */
export function scorePassages(passages: readonly Passage[], query: string): number[] | undefined {
  const terms = tokenize(query);
  if (terms.length === 0) return undefined;
  const bodies = passages.map((p) => tokenize(p.body));
  const own = bm25(bodies, terms);
  const idf = idfOf(bodies, terms);
  const termSet = new Set(terms);
  const headings = [...new Set(passages.map((p) => p.heading))];
  const headingScores = bm25(
    headings.map((h) => tokenize(headingText(h))),
    terms,
  );
  const lift = new Map(headings.map((h, i) => [h, headingScores[i] ?? 0]));
  return passages.map((p, i) => {
    const body = own[i] ?? 0;
    const heading = HEADING_WEIGHT * (lift.get(p.heading) ?? 0);
    if (body > 0) return body + SENTENCE_WEIGHT * bestSentence(p.body, termSet, idf) + heading;
    const leadsSection = i === 0 || passages[i - 1]?.heading !== p.heading;
    return leadsSection ? heading : 0;
  });
}

function rankOrder(passages: readonly Passage[], query: string): number[] | undefined {
  const scores = scorePassages(passages, query);
  if (!scores) return undefined;
  const best = Math.max(0, ...scores);
  if (best === 0) return undefined;
  return scores
    .map((s, i) => [s, i] as const)
    .filter(([s]) => s > 0 && s >= best * CUT)
    .sort((a, b) => b[0] - a[0] || a[1] - b[1])
    .map(([, i]) => i);
}

/**
 * The passages of `markdown` that best answer `query`, in document order, whose
 * estimated tokens sum to at most `budgetTokens` (by the reply's estimate unless
 * another is given). Passages far below the best are left out even when the
 * budget has room. An empty query (or one matching nothing) gives the page's lead.
 */
export async function selectPassages(
  markdown: string,
  query: string,
  budgetTokens: number,
  estimate?: Estimate,
): Promise<string[]> {
  const budget = Math.floor(budgetTokens);
  if (!(budget > 0) || markdown.trim() === '') return [];
  if (estimate === undefined) await loadTokenizer();
  const cost = estimate ?? estimateTokens;
  const passages = splitPassages(markdown, passageSize(budget), cost);
  const ranked = rankOrder(passages, query);
  const chosen: number[] = [];
  let used = 0;
  for (const i of ranked ?? passages.map((_, j) => j)) {
    const p = passages[i];
    if (!p) continue;
    const price = cost(p.text);
    if (used + price <= budget) {
      chosen.push(i);
      used += price;
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
