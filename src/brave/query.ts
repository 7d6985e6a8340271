// The `q` Brave is sent: the question cut to Brave's word and character limits
// without breaking words, with `domains` appended as OR-ed site: filters.
import { type ToolError, toolError } from '../errors.ts';

/** The word budget (Brave's reference says 50 words; over that Brave may 422 → no head start). */
export const MAX_QUERY_WORDS = 75;
/** Brave's documented character limit for `q`. */
export const MAX_QUERY_CHARS = 400;

export const RECENCIES = ['day', 'week', 'month', 'year', 'any'] as const;
export type Recency = (typeof RECENCIES)[number];

const FRESHNESS: Readonly<Record<Recency, string | undefined>> = {
  day: 'pd',
  week: 'pw',
  month: 'pm',
  year: 'py',
  any: undefined,
};

/** Brave's `freshness` value for a recency, or undefined for no filter. */
export function freshnessFor(recency: Recency): string | undefined {
  return FRESHNESS[recency];
}

// Brave counts characters, not UTF-16 units: count code points so an emoji is one.
const chars = (s: string): number => Array.from(s).length;

/**
 * The first words of `text` that fit both limits. A single word longer than the
 * character limit is the only thing ever cut mid-word (there is nothing else to keep).
 */
export function cutWords(text: string, maxWords: number, maxChars: number): string {
  const words = text.split(/\s+/).filter((w) => w !== '');
  const kept: string[] = [];
  let used = 0;
  for (const word of words) {
    if (kept.length >= maxWords) break;
    const cost = chars(word) + (kept.length > 0 ? 1 : 0);
    if (used + cost > maxChars) {
      if (kept.length === 0) kept.push(Array.from(word).slice(0, maxChars).join(''));
      break;
    }
    kept.push(word);
    used += cost;
  }
  return kept.join(' ');
}

/** `site:a OR site:b`, or '' without domains. */
export function siteFilter(domains: readonly string[]): string {
  return domains.map((d) => `site:${d}`).join(' OR ');
}

/**
 * The full `q`: the question cut so that question + site filter stays within both
 * limits (the filter is never cut: dropping a site would silently widen the search).
 */
export function buildQuery(question: string, domains: readonly string[] = []): string | ToolError {
  const filter = siteFilter(domains);
  const filterWords = filter === '' ? 0 : filter.split(' ').length;
  const filterChars = filter === '' ? 0 : chars(filter) + 1;
  // Keep room for at least a few words of the question itself.
  if (filterChars > MAX_QUERY_CHARS - 40 || filterWords > MAX_QUERY_WORDS - 5) {
    return toolError(
      'invalid_input',
      `invalid_input: the domains make the Brave query longer than its ${MAX_QUERY_CHARS}-character limit; list fewer or shorter host names`,
    );
  }
  const cut = cutWords(question, MAX_QUERY_WORDS - filterWords, MAX_QUERY_CHARS - filterChars);
  if (cut === '')
    return toolError('invalid_input', 'invalid_input: the search query is empty; give a few search terms');
  return filter === '' ? cut : `${cut} ${filter}`;
}
