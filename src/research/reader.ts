// The page reader a research run reads through (`read_page`): the page library's fetch,
// extraction and goal passages within a per-read budget, the read cap kept here, and
// every passage handed over kept in the run's record. Failures are answers, not throws.
import * as v from 'valibot';
import { fence } from '../claude/prompt-rules.ts';
import { isToolError, type ToolError } from '../errors.ts';
import type { PageReader } from '../page/page-text.ts';
import { type Estimate, pageStart, selectPassages } from '../page/passages/passages.ts';
import type { PassagesJob } from '../page/read-job.ts';
import type { Depth } from './prompts.ts';
import type { ReaderRecord } from './reader-record.ts';

/** Tokens of passages one read hands over: the starting point, scaled by depth (why: bench/notes/reader.md). */
export const READ_TOKENS: Record<Depth, number> = { quick: 1000, standard: 1500, deep: 2000 };

/** The most one research read waits for its page: the run waits with it. */
export const READ_TIMEOUT_MS = 8000;

export const ReadPageInput = v.object({
  url: v.pipe(v.string(), v.maxLength(2048), v.url('url must be an absolute http(s) URL')),
  look_for: v.optional(v.pipe(v.string(), v.maxLength(300))),
});
export type ReadPageArgs = v.InferOutput<typeof ReadPageInput>;

/** What the tool call answers: text for the model, and whether it reports a failure. */
export interface ReadOutcome {
  readonly text: string;
  readonly isError: boolean;
}

/** A page's best passages, or why none can be given (one sentence for the model). */
export type Passages =
  | { readonly kind: 'passages'; readonly url: string; readonly title: string; readonly passages: string[] }
  | { readonly kind: 'failed'; readonly why: string };

/** Chooses passages off the main thread (the reader workers); undefined when that failed. */
export type ChoosePassages = (
  job: PassagesJob,
  signal: AbortSignal,
) => Promise<readonly string[] | undefined>;

export interface PassageOptions {
  readonly signal: AbortSignal;
  readonly budgetTokens: number;
  readonly refresh?: boolean;
  readonly timeoutMs?: number;
  readonly estimate?: Estimate;
  /** Absent → passages are chosen here, on the calling thread. */
  readonly choose?: ChoosePassages;
}

/** Fetch (or cache) → extraction → the passages of `url` that best serve `query`. */
export async function readPassages(
  pages: PageReader,
  url: string,
  query: string,
  options: PassageOptions,
): Promise<Passages> {
  const page = await pages.read(url, {
    signal: options.signal,
    ...(options.refresh ? { refresh: true } : {}),
    ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
  });
  if (isToolError(page)) return { kind: 'failed', why: page.message };
  const thin = `thin page: ${page.url} has too little text to read${page.thinReason ? ` (${page.thinReason})` : ''}; it may need JavaScript or a login, so read another result`;
  if (page.thin) return { kind: 'failed', why: thin };
  const job = { markdown: page.markdown, query, budgetTokens: options.budgetTokens };
  // A page whose passages the workers could not choose in time gives its start, as the page tools do.
  const passages = options.choose
    ? [...((await options.choose(job, options.signal)) ?? pageStart(job.markdown, job.budgetTokens))]
    : await selectPassages(job.markdown, query, job.budgetTokens, options.estimate);
  if (passages.length === 0) return { kind: 'failed', why: thin };
  return { kind: 'passages', url: page.url, title: page.title, passages };
}

/** The passages as the model sees them: the URL, then the page's title and text fenced as data. */
export function formatPassages(p: Extract<Passages, { kind: 'passages' }>): string {
  return [`URL: ${p.url}`, fence('page passages', [`Title: ${p.title}`, ...p.passages].join('\n\n'))].join(
    '\n',
  );
}

export interface ReaderOptions extends Omit<PassageOptions, 'budgetTokens'> {
  readonly pages: PageReader;
  readonly record: ReaderRecord;
  readonly question: string;
  readonly goal: string | undefined;
  /** Reads this run may make (the depth's page cap). */
  readonly cap: number;
  readonly budgetTokens: number;
  /** Told of each read as it starts, with the run's read count. */
  readonly onRead?: (url: string, reads: number) => void;
}

export interface Reader {
  read(args: ReadPageArgs, signal?: AbortSignal): Promise<ReadOutcome>;
  reads(): number;
}

/** A reader made reachable to one run: the `--mcp-config` JSON naming it, until closed. */
export interface MountedReader {
  readonly mcpConfig: string;
  /** Refuses the run's secret from now on; the listener stops once no run is mounted. */
  close(): Promise<void>;
}

/** Serves each run's reader to its `claude` as the MCP tool `mcp__web__read_page`. */
export interface ReaderMount {
  mount(reader: Reader): Promise<MountedReader | ToolError>;
}

export function createReader(options: ReaderOptions): Reader {
  let reads = 0;
  const failed = (text: string): ReadOutcome => ({ text, isError: true });
  return {
    reads: () => reads,
    async read(args, signal) {
      if (reads >= options.cap)
        return failed(
          `read cap reached: this run may read ${options.cap} pages and has read them all; answer from what you have`,
        );
      if (options.signal.aborted)
        return failed('stopped: the research run is over; answer from what you have');
      reads += 1;
      options.record.tried(args.url);
      options.onRead?.(args.url, reads);
      const query = [options.question, options.goal, args.look_for].filter(Boolean).join('\n');
      const found = await readPassages(options.pages, args.url, query, {
        ...options,
        timeoutMs: options.timeoutMs ?? READ_TIMEOUT_MS,
        signal: signal ? AbortSignal.any([options.signal, signal]) : options.signal,
      }).catch((error: unknown) => ({
        kind: 'failed' as const,
        why: `internal_error: reading failed unexpectedly (${error instanceof Error ? error.name : 'error'}); read another result`,
      }));
      if (found.kind === 'failed') return failed(`could not read ${args.url}: ${found.why}`);
      options.record.add([args.url, found.url], found.passages);
      return { text: formatPassages(found), isError: false };
    },
  };
}
