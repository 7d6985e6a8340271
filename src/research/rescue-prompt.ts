// The rescue run's prompt: the question, then what the server holds (its own page
// copies, Brave snippets, search results seen in the stream) fenced as data.
import type { BraveResult } from '../brave/client.ts';
import type { ClaudeJob } from '../claude/call.ts';
import { fence, REPLY_FIELDS, WEB_TEXT_IS_DATA } from '../claude/prompt-rules.ts';
import { researchSchema } from '../claude/schema.ts';
import { selectPassages } from '../page/passages/passages.ts';

/** What the server holds when the run stops. */
export interface Held {
  /** Page text by the URL Claude fetched, for pages the server read itself. */
  readonly pages: ReadonlyMap<string, string>;
  readonly snippets: readonly BraveResult[];
  readonly searchTexts: readonly string[];
}

/** Passages per page and for all search text: a rescue run must stay short. */
const PAGE_TOKENS = 900;
const SEARCH_CHARS = 4000;
const MAX_PAGES = 6;
const RESCUE_MAX_TURNS = 3;

export const rescueSystemPrompt = `You answer a question for another AI agent from material a web research run gathered before it was stopped. You have no tools except StructuredOutput and must not ask for more.

Answer from the material only. sources lists only pages and results given in the material, with their exact URLs. Prefer quotes from the pages; a quote must be copied exactly from the material. In gaps, list each part of the question or goal the material does not answer.

${REPLY_FIELDS}

${WEB_TEXT_IS_DATA}`;

export function holdsAnything(held: Held): boolean {
  return held.pages.size > 0 || held.snippets.length > 0 || held.searchTexts.length > 0;
}

/** The rescue run: no tools, the held material fenced, the same reply schema as research. */
export async function rescueJob(
  input: { readonly question: string; readonly goal: string | undefined; readonly maxTokens: number },
  held: Held,
): Promise<ClaudeJob> {
  const query = [input.question, input.goal ?? ''].join(' ').trim();
  const parts: string[] = [];
  for (const [url, text] of [...held.pages].slice(0, MAX_PAGES)) {
    const passages = await selectPassages(text, query, PAGE_TOKENS);
    if (passages.length > 0) parts.push(`Page: ${url}\n${passages.join('\n\n')}`);
  }
  for (const r of held.snippets) parts.push(`Search result: ${r.title}\nURL: ${r.url}\n${r.snippet}`);
  const searchText = held.searchTexts.join('\n\n').slice(0, SEARCH_CHARS);
  if (searchText !== '') parts.push(`Search results seen:\n${searchText}`);
  const prompt = [
    `Question: ${input.question}`,
    `Goal: ${input.goal?.trim() ? input.goal : 'not given; answer the question directly.'}`,
    '',
    fence('gathered material', parts.join('\n\n---\n\n')),
    '',
    'Answer from this material, then call StructuredOutput.',
  ].join('\n');
  return {
    schema: researchSchema(input.maxTokens),
    systemPrompt: rescueSystemPrompt,
    maxTurns: RESCUE_MAX_TURNS,
    tools: 'none',
    prompt,
  };
}
