// What a page run is told: its system prompt and the per-call prompt (the goal,
// then the page's passages fenced as data).
import { fence, REPLY_FIELDS, WEB_TEXT_IS_DATA } from '../claude/prompt-rules.ts';

/** Page runs have no tools: one StructuredOutput call plus two retries. */
export const PAGE_MAX_TURNS = 3;

export const pageSystemPrompt = `You pick out, from passages of one web page, what serves a caller's goal. You have no tools except StructuredOutput and must not ask for more.

Answer from the passages only. sources has exactly one entry: the page's title and URL as given, so every finding's source is 0. If the passages do not contain the answer, say so in answer, set not_found and list what is missing in gaps.

${REPLY_FIELDS}

${WEB_TEXT_IS_DATA}`;

export interface PagePromptInput {
  readonly url: string;
  readonly title: string;
  /** The caller's goal or question. */
  readonly goal: string;
  /** The goal-relevant passages of the page, best first. */
  readonly passages: readonly string[];
}

/** The stdin prompt of a page run: the goal, then the page fenced as data. */
export function buildPagePrompt(input: PagePromptInput): string {
  const body = [
    `Title: ${input.title}`,
    ...input.passages.map((p, i) => `--- passage ${i + 1} ---\n${p}`),
  ].join('\n\n');
  return [
    `Goal: ${input.goal}`,
    `Page URL: ${input.url}`,
    '',
    fence('page', body),
    '',
    'Answer the goal from these passages, then call StructuredOutput.',
  ].join('\n');
}
