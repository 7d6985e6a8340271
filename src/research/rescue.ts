// An answer from what a stopped research run left behind: the passages the server's
// reader handed it (or its own copies of the pages it read with WebFetch), the Brave snippets and the search results seen in the stream go to
// one short no-tools claude run; its reply is marked partial and says what was cut.
import type { BraveResult } from '../brave/client.ts';
import type { CallContext } from '../call-context.ts';
import { type ClaudeDeps, runJob } from '../claude/call.ts';
import { abortCode, isToolError, type ToolError, toolError } from '../errors.ts';
import { type Draft, freshMeta, type Reply } from '../reply/contract.ts';
import { checkResearchQuotes } from '../reply/verify-sources.ts';
import type { PageCollector } from './page-collector.ts';
import type { ReaderRecord } from './reader-record.ts';
import { type Held, holdsAnything, rescueJob } from './rescue-prompt.ts';
import { keepCitedSources, pagesForSources, snippetsByUrl } from './sources.ts';

/** Why the run was stopped before it answered. */
export type StopReason =
  | { readonly kind: 'budget'; readonly seconds: number }
  | { readonly kind: 'cap'; readonly what: 'searches' | 'pages'; readonly cap: number };

export interface Progress {
  readonly searches: number;
  readonly pages: number;
  readonly caps: { readonly searches: number; readonly reads: number };
}

export interface RescueInput {
  readonly question: string;
  readonly goal: string | undefined;
  readonly maxTokens: number;
  readonly why: StopReason;
  /** The slot's signal: cancel or the call's deadline. */
  readonly signal: AbortSignal;
  readonly deadline: number;
  readonly collector: PageCollector | undefined;
  /** The passages the run was handed by the server's reader and head start. */
  readonly record: ReaderRecord;
  /** URLs Claude fetched with WebFetch, in order. */
  readonly fetched: readonly string[];
  readonly snippets: readonly BraveResult[];
  readonly searchTexts: readonly string[];
  readonly progress: Progress;
}

/** How long before the deadline a run is stopped so the rescue can answer: a quarter of the budget, 8–20 s (at most half). */
export function rescueReserveMs(budgetMs: number): number {
  return Math.min(budgetMs / 2, Math.min(20_000, Math.max(8_000, budgetMs / 4)));
}

/** The most a rescue waits for page copies still being fetched. */
const COLLECT_WAIT_MS = 1500;

/** Answers from what is held, or the original stop as an error when nothing is held or the rescue fails. */
export async function rescue(
  deps: ClaudeDeps,
  call: CallContext,
  input: RescueInput,
): Promise<Reply | ToolError> {
  const { why, signal } = input;
  const until = Math.min(deps.clock() + COLLECT_WAIT_MS, input.deadline);
  const pages = input.record.pages();
  if (input.collector && input.fetched.length > 0)
    for (const [url, copy] of await input.collector.collect(input.fetched, until, deps.clock))
      pages.set(url, pages.has(url) ? `${pages.get(url)}\n\n${copy}` : copy);
  const held: Held = { pages, snippets: input.snippets, searchTexts: input.searchTexts };
  if (signal.aborted && abortCode(signal.reason) === 'cancelled') return cancelled();
  if (!holdsAnything(held)) return stopError(why, 'it had found nothing the server could answer from');
  if (signal.aborted)
    return stopError(why, 'the time left ran out before an answer from what it held could start');

  const material = describeHeld(held);
  call.progress(`stopped: the research ${stoppedBecause(why)}; answering from ${material}`);
  call.setStatus((seconds) => `answering from ${material} (${seconds} s)`);
  const run = await runJob(deps, await rescueJob(input, held), signal);
  if (isToolError(run)) {
    if (signal.aborted && abortCode(signal.reason) === 'cancelled') return cancelled();
    const how = run.code === 'timeout' ? 'did not finish in time either' : `failed too (${run.code})`;
    return stopError(why, `a short answer from ${material} ${how}`);
  }
  const draft = markPartial(keepCitedSources(run.draft), why, input.progress);
  const meta = freshMeta(
    {
      model: run.model ?? deps.model,
      searches: input.progress.searches,
      pages: input.progress.pages,
      brave: input.snippets.length > 0,
    },
    (deps.clock() - call.arrivedAt) / 1000,
  );
  const reply: Reply = { ...draft, meta: { ...meta, partial: true } };
  return checkResearchQuotes(reply, {
    pages: pagesForSources(draft, pages),
    snippets: snippetsByUrl(input.snippets),
  });
}

function describeHeld(held: Held): string {
  const parts: string[] = [];
  if (held.pages.size > 0) parts.push(`${held.pages.size} page${held.pages.size === 1 ? '' : 's'} read`);
  if (held.snippets.length > 0) parts.push(`${held.snippets.length} Brave results`);
  if (held.searchTexts.length > 0)
    parts.push(`${held.searchTexts.length} search result list${held.searchTexts.length === 1 ? '' : 's'}`);
  return parts.join(', ');
}

const cancelled = () =>
  toolError(
    'cancelled',
    'cancelled: the caller cancelled the call, so its claude run was stopped; no reply was produced',
  );

function stoppedBecause(why: StopReason): string {
  return why.kind === 'budget'
    ? `reached its time budget (${why.seconds} s)`
    : `was about to pass its depth cap of ${why.cap} ${why.what}`;
}

/** Confidence at most medium, and a first gap saying what was cut short and what it covered. */
export function markPartial(draft: Draft, why: StopReason, progress: Progress): Draft {
  const gap = `Cut short: the research ${stoppedBecause(why)} after ${progress.searches} of ${progress.caps.searches} searches and ${progress.pages} of ${progress.caps.reads} page reads, so this answer rests only on what was read by then; anything not covered by its sources (see the other gaps) was not researched.`;
  return {
    ...draft,
    confidence: draft.confidence === 'high' ? 'medium' : draft.confidence,
    gaps: [gap, ...draft.gaps],
  };
}

/** The original stop as an error (`timeout` for the budget, `bad_output` for a cap), saying what was tried. */
export function stopError(why: StopReason, tried: string): ToolError {
  if (why.kind === 'budget') {
    return toolError(
      'timeout',
      `timeout: the research run reached its time budget (${why.seconds} s) and was stopped; ${tried}; ask a narrower question, use a quicker depth or allow more time`,
    );
  }
  return toolError(
    'bad_output',
    `bad_output: the research run was stopped as it went past its depth cap of ${why.cap} ${why.what}; ${tried}; try again or ask a narrower question`,
  );
}
