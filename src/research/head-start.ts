// The head start: a Brave search before the run, then the top results read by the server
// itself (in parallel, from the cache when it holds them, bounded by a few seconds), their
// best passages kept in the run's record and handed over in the prompt.
import type { Brave, BraveResult, Recency } from '../brave/client.ts';
import { isToolError } from '../errors.ts';
import type { PageReader } from '../page/page-text.ts';
import type { Estimate } from '../page/passages/passages.ts';
import { type ChoosePassages, formatPassages, readPassages } from './reader.ts';
import type { ReaderRecord } from './reader-record.ts';

/** Results read before the run, and the passage budget of each (measured: bench/results/head-start.md). */
export const HEAD_START_PAGES = 3;
export const HEAD_START_TOKENS = 500;
/** The most the head start's reads may add to a call, and never more than a tenth of its budget. */
export const HEAD_START_MS = 4000;

export interface HeadStartOptions {
  readonly pages: PageReader;
  readonly record: ReaderRecord;
  readonly query: string;
  readonly signal: AbortSignal;
  readonly budgetMs: number;
  readonly refresh?: boolean;
  readonly count?: number;
  readonly budgetTokens?: number;
  readonly estimate?: Estimate;
  readonly choose?: ChoosePassages;
}

/** The prompt block of each top result read in time (in result order); failures are left out. */
export async function readHeadStart(
  results: readonly BraveResult[],
  options: HeadStartOptions,
): Promise<string[]> {
  const top = results.slice(0, options.count ?? HEAD_START_PAGES);
  if (top.length === 0 || options.signal.aborted) return [];
  const timeoutMs = Math.min(HEAD_START_MS, options.budgetMs / 10);
  const stop = AbortSignal.any([options.signal, AbortSignal.timeout(timeoutMs)]);
  const read = await Promise.all(
    top.map((r) =>
      readPassages(options.pages, r.url, options.query, {
        signal: stop,
        timeoutMs,
        budgetTokens: options.budgetTokens ?? HEAD_START_TOKENS,
        ...(options.refresh ? { refresh: true } : {}),
        ...(options.estimate ? { estimate: options.estimate } : {}),
        ...(options.choose ? { choose: options.choose } : {}),
      }).catch(() => undefined),
    ),
  );
  const blocks: string[] = [];
  for (const [i, found] of read.entries()) {
    if (found?.kind !== 'passages') continue;
    options.record.add([top[i]?.url ?? found.url, found.url], found.passages);
    blocks.push(formatPassages(found));
  }
  return blocks;
}

const SEARCH_COUNT = 8;

/** The Brave results for the question, or none (no key, or Brave trouble costs only the head start). */
export async function searchHeadStart(
  brave: Brave | undefined,
  req: { readonly question: string; readonly recency: Recency; readonly domains: readonly string[] },
  signal: AbortSignal,
): Promise<readonly BraveResult[]> {
  if (!brave?.enabled) return [];
  const found = await brave.search({
    query: req.question,
    count: SEARCH_COUNT,
    recency: req.recency,
    domains: req.domains,
    signal,
  });
  return !isToolError(found) && found.kind === 'results' ? found.results : [];
}
