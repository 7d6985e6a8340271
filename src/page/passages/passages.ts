// Keeps the parts of a page's markdown that serve a question: passages ranked by their
// own words (BM25 and the best-matching sentence, link targets aside), lifted a little by
// a matching heading, cut when far below the best, packed into a budget in page order.
import { estimateTokens, loadTokenizer } from '../../reply/budget.ts';
import { bm25, idfOf, tokenize } from './bm25.ts';
import { withoutTargets } from './link-text.ts';
import { type Passage, SENTENCE_END, splitPassages } from './split.ts';

export type Estimate = (text: string) => number;

// Passages of about a third of the budget let a few distinct parts of the
// page in, and are never so small that a sentence loses its context.
function passageSize(budget: number): number {
  return Math.max(1, Math.min(budget, Math.max(60, Math.min(200, Math.floor(budget / 3)))));
}

// A heading lifts the passages under it that match on their own, and makes the
// first passage of its section a candidate; it never makes the rest relevant.
const HEADING_WEIGHT = 0.5;
// A sentence runs to a few passages' worth before it is cut; past that it is a run
// of text without stops, not a sentence.
const LONGEST_SENTENCE = 3;
// The sentence where most of the question's words meet marks the answer.
const SENTENCE_WEIGHT = 0.6;
// Passages scoring under this share of the best one are noise, not context.
const CUT = 0.25;

/** Summed IDF of the distinct query terms in the passage's best sentence. */
function bestSentence(body: string, terms: ReadonlySet<string>, idf: ReadonlyMap<string, number>): number {
  let best = 0;
  const sentences = withoutTargets(body)
    .split(/\n+/)
    .flatMap((line) => line.split(SENTENCE_END));
  for (const sentence of sentences) {
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
  const bodies = passages.map((p) => tokenize(withoutTargets(p.body)));
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
 * budget has room, save the part of a paragraph just before a chosen passage cut
 * from it. An empty query (or one matching nothing) gives the page's lead.
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
  const size = passageSize(budget);
  const passages = splitPassages(markdown, size, cost, Math.min(budget, LONGEST_SENTENCE * size));
  const ranked = rankOrder(passages, query);
  if (!ranked) return opening(passages, budget, cost);
  const chosen = new Set<number>();
  let used = 0;
  const take = (i: number): void => {
    const p = passages[i];
    if (!p || chosen.has(i)) return;
    const price = cost(p.text);
    if (used + price > budget) return;
    chosen.add(i);
    used += price;
  };
  // The best passage, when cut from a paragraph, comes with the part of it just before:
  // that is where its "it" or "this" is named. The rest wait their turn.
  const [best] = ranked;
  if (best !== undefined) {
    take(best);
    if (passages[best]?.continues) take(best - 1);
  }
  for (const i of ranked) take(i);
  // Budget left over buys the same context for the others, best first.
  for (const i of ranked) if (chosen.has(i) && passages[i]?.continues) take(i - 1);
  return inOrder(passages, [...chosen]);
}

/** The page's opening passages that fit, for a query that matches nothing. */
function opening(passages: readonly Passage[], budget: number, cost: Estimate): string[] {
  const chosen: number[] = [];
  let used = 0;
  for (const [i, p] of passages.entries()) {
    used += cost(p.text);
    if (used > budget) break;
    chosen.push(i);
  }
  return inOrder(passages, chosen);
}

/** The chosen passages in page order. */
function inOrder(passages: readonly Passage[], chosen: number[]): string[] {
  chosen.sort((a, b) => a - b);
  return chosen.map((i, k) => {
    const p = passages[i] as Passage;
    const prev = passages[chosen[k - 1] ?? -1];
    // A passage that directly follows its chosen sibling needs no repeated heading.
    if (prev && chosen[k - 1] === i - 1 && prev.heading === p.heading) return p.body;
    return p.text;
  });
}

/** What stands in for passages that could not be chosen in time: the page's start, about `budgetTokens` long. */
export function pageStart(markdown: string, budgetTokens: number): string[] {
  return [markdown.slice(0, budgetTokens * 3)];
}
