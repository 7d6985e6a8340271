// What a research run is told: its system prompt, the per-call prompt (sent on
// stdin) and the depth caps. Untrusted web text is always fenced (R-C1b).
import { CALL_BUDGET_MS } from '../budgets.ts';
import { fence, REPLY_FIELDS, WEB_TEXT_IS_DATA } from '../claude/prompt-rules.ts';

export const DEPTHS = ['quick', 'standard', 'deep'] as const;
export type Depth = (typeof DEPTHS)[number];
export const RECENCIES = ['day', 'week', 'month', 'year', 'any'] as const;
export type Recency = (typeof RECENCIES)[number];

// maxTurns: one turn per search or read plus room for a few StructuredOutput
// attempts (each attempt is a turn; the CLI allows five before giving up).
export const DEPTH = {
  quick: { searches: 2, reads: 3, budgetMs: CALL_BUDGET_MS.quick, maxTurns: 10 },
  standard: { searches: 4, reads: 6, budgetMs: CALL_BUDGET_MS.standard, maxTurns: 16 },
  deep: { searches: 8, reads: 12, budgetMs: CALL_BUDGET_MS.deep, maxTurns: 26 },
} as const satisfies Record<Depth, { searches: number; reads: number; budgetMs: number; maxTurns: number }>;

/** Which tool a run reads pages with: the server's own reader, or Claude's WebFetch. */
export type ReaderKind = 'server' | 'webfetch';

const READ_STEP: Record<ReaderKind, string> = {
  server:
    'Search with WebSearch, then read the most promising pages with read_page (primary, official and recent sources first). It returns the page text that best serves the question; give look_for to steer it toward what is still missing. Quote only text it returned.',
  webfetch:
    'Search with WebSearch, then read the most promising pages with WebFetch (primary, official and recent sources first). When you call WebFetch, ask it to return the relevant sentences verbatim, not a summary.',
};

/** The system prompt of a research run that reads pages with `reader`. */
export function researchSystemPromptFor(reader: ReaderKind): string {
  return `You are a careful web researcher working for another AI agent, which needs the smallest useful answer backed by verbatim quotes.

How to work:
1. Split the question into the few parts the goal needs; drop parts it does not need.
2. ${READ_STEP[reader]}
3. After each read, check every part: is it backed by a quote copied exactly from page text? Search or read again only for parts still unbacked.
4. Stop as soon as every part is backed, or when the search and read caps in the request are reached. Never exceed them.
5. Respect the recency and domain limits when the request gives them.

${REPLY_FIELDS}

${WEB_TEXT_IS_DATA}`;
}

export const researchSystemPrompt = researchSystemPromptFor('webfetch');

const RECENCY_TEXT: Record<Recency, string | undefined> = {
  day: 'the past day',
  week: 'the past week',
  month: 'the past month',
  year: 'the past year',
  any: undefined,
};

export interface ResearchPromptInput {
  readonly question: string;
  readonly goal?: string | undefined;
  readonly depth: Depth;
  readonly recency?: Recency | undefined;
  readonly domains?: readonly string[] | undefined;
  /** Search results found before the run (e.g. Brave), as raw text; fenced here. */
  readonly headStart?: string | undefined;
  /** The top results already read by the server: each page's title, URL and fenced passages. */
  readonly headPages?: readonly string[] | undefined;
}

/** The stdin prompt of a research run. */
export function buildResearchPrompt(input: ResearchPromptInput): string {
  const caps = DEPTH[input.depth];
  const lines = [
    `Question: ${input.question}`,
    `Goal: ${input.goal?.trim() ? input.goal : 'not given; answer the question directly.'}`,
    `Caps: at most ${caps.searches} searches and ${caps.reads} page reads.`,
  ];
  const since = input.recency ? RECENCY_TEXT[input.recency] : undefined;
  if (since)
    lines.push(`Recency: use only sources published or updated in ${since}; say in gaps when none exist.`);
  if (input.domains && input.domains.length > 0) {
    lines.push(
      `Domains: search and read only these sites (use site: in queries): ${input.domains.join(', ')}.`,
    );
  }
  if (input.headStart?.trim()) {
    lines.push(
      '',
      'Search results found for you already (they may be incomplete; read the best of them before searching yourself):',
      fence('search results', input.headStart.trim()),
    );
  }
  if (input.headPages && input.headPages.length > 0) {
    lines.push(
      '',
      'Pages read for you already (the top results, their passages that best match the question). Answer from them when they suffice; read or search only for what they leave missing:',
      ...input.headPages.flatMap((p) => ['', p]),
    );
  }
  lines.push('', 'Research now, then call StructuredOutput.');
  return lines.join('\n');
}
