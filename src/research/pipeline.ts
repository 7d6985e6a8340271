// One research call end to end: a free slot, the Brave head start, one `claude -p`
// run with live progress that reads pages through the server's reader, then the server's
// own check of every quote against text it holds (passages it handed over, Brave snippets).
import { type Brave, formatHeadStart } from '../brave/client.ts';
import type { CallContext } from '../call-context.ts';
import { READER_CONFIG_FILE } from '../claude/args.ts';
import { type ClaudeDeps, type ClaudeJob, inSlot, runJob } from '../claude/call.ts';
import { progressText } from '../claude/events.ts';
import { researchSchema } from '../claude/schema.ts';
import { isToolError, type ToolError } from '../errors.ts';
import { type Log, silentLog } from '../log.ts';
import type { PageReader } from '../page/page-text.ts';
import { freshMeta, type Reply } from '../reply/contract.ts';
import { checkResearchQuotes } from '../reply/verify-sources.ts';
import { readHeadStart, searchHeadStart } from './head-start.ts';
import { collectorFailure, createPageCollector } from './page-collector.ts';
import { buildResearchPrompt, DEPTH, type Depth, type Recency, researchSystemPromptFor } from './prompts.ts';
import { type ChoosePassages, createReader, READ_TOKENS, type ReaderMount } from './reader.ts';
import { createReaderRecord } from './reader-record.ts';
import { rescue, rescueReserveMs, type StopReason } from './rescue.ts';
import { heldPages, keepCitedSources, snippetsByUrl } from './sources.ts';

export interface ResearchDeps extends ClaudeDeps {
  readonly brave: Brave | undefined;
  /** The page pipeline for verifying quotes against the server's own copy; absent → snippets only. */
  readonly pages: PageReader | undefined;
  /** Mounts the server's page reader into each run; absent → the run reads with WebFetch. */
  readonly readerMount?: ReaderMount;
  /** Chooses a read page's passages off the main thread; absent → on it. */
  readonly choosePassages?: ChoosePassages;
  /** Where a background page read that threw is reported, as one line. */
  readonly log?: Log;
}

export interface ResearchRequest {
  readonly question: string;
  readonly goal: string | undefined;
  readonly depth: Depth;
  readonly recency: Recency;
  readonly domains: readonly string[];
  readonly maxTokens: number;
  /** The call's whole time budget, counted from `arrivedAt`. */
  readonly budgetMs: number;
  /** `cache: "refresh"`: verify quotes against freshly fetched pages, not cached copies. */
  readonly refresh?: boolean;
}

/** Verification may add at most this much to a call, and never passes its deadline. */
export const VERIFY_WAIT_MS = 2500;

export async function research(
  deps: ResearchDeps,
  req: ResearchRequest,
  call: CallContext,
): Promise<Reply | ToolError> {
  const caps = DEPTH[req.depth];
  const of = Math.round(req.budgetMs / 1000);
  let counts = { searches: 0, pages: 0 };
  const status = (seconds: number) =>
    `researching: ${seconds} s of ${of} s, ${counts.searches} of ${caps.searches} searches, ${counts.pages} of ${caps.reads} pages`;
  return inSlot(deps.limiter, call, { budgetMs: req.budgetMs, status }, async (signal, deadline) => {
    const pagesStop = new AbortController();
    const stopPages = () => pagesStop.abort();
    signal.addEventListener('abort', stopPages, { once: true });
    try {
      const log = deps.log ?? silentLog;
      const collector = deps.pages
        ? createPageCollector({
            reader: deps.pages,
            signal: pagesStop.signal,
            refresh: req.refresh === true,
            onError: (url, error) => log.warn(collectorFailure(url, error)),
          })
        : undefined;
      const record = createReaderRecord();
      const reader =
        deps.pages && deps.readerMount
          ? createReader({
              pages: deps.pages,
              record,
              question: req.question,
              goal: req.goal,
              cap: caps.reads,
              budgetTokens: READ_TOKENS[req.depth],
              signal: pagesStop.signal,
              ...(req.refresh ? { refresh: true } : {}),
              ...(deps.choosePassages ? { choose: deps.choosePassages } : {}),
              onRead: (url, reads) => {
                counts = { ...counts, pages: reads };
                call.progress(`reading: ${url} (${reads} of ${caps.reads} pages)`);
              },
            })
          : undefined;
      const snippets = await searchHeadStart(deps.brave, req, signal);
      const headPages = deps.pages
        ? await readHeadStart(snippets, {
            pages: deps.pages,
            record,
            query: [req.question, req.goal].filter(Boolean).join('\n'),
            signal,
            budgetMs: req.budgetMs,
            ...(req.refresh ? { refresh: true } : {}),
            ...(deps.choosePassages ? { choose: deps.choosePassages } : {}),
          })
        : [];
      const mounted = reader && deps.readerMount ? await deps.readerMount.mount(reader) : undefined;
      if (isToolError(mounted)) return mounted;
      pagesStop.signal.addEventListener('abort', () => void mounted?.close(), { once: true });
      const searchTexts: string[] = [];
      const fetched: string[] = [];
      const early = new AbortController();
      let why: StopReason | undefined;
      const stopEarly = (reason: StopReason) => {
        why ??= reason;
        early.abort();
      };
      const job: ClaudeJob = {
        schema: researchSchema(req.maxTokens),
        systemPrompt: researchSystemPromptFor(mounted ? 'server' : 'webfetch'),
        maxTurns: caps.maxTurns,
        tools: mounted ? 'search+reader' : 'web',
        ...(mounted ? { files: { [READER_CONFIG_FILE]: mounted.mcpConfig } } : {}),
        prompt: buildResearchPrompt({
          question: req.question,
          goal: req.goal,
          depth: req.depth,
          recency: req.recency,
          domains: req.domains,
          headStart: snippets.length > 0 ? formatHeadStart(snippets) : undefined,
          headPages,
        }),
        onEvent: (event) => {
          if (why !== undefined) return;
          if (event.kind === 'search_result') return void searchTexts.push(event.text);
          // One tool use past the depth's cap: stop at once, before it costs more.
          if (event.kind === 'search' && event.searches > caps.searches)
            return stopEarly({ kind: 'cap', what: 'searches', cap: caps.searches });
          if (event.kind === 'fetch' && event.pages > caps.reads)
            return stopEarly({ kind: 'cap', what: 'pages', cap: caps.reads });
          if (event.kind !== 'rate_limit')
            counts = { searches: event.searches, pages: reader ? reader.reads() : event.pages };
          if (event.kind === 'fetch') {
            fetched.push(event.url);
            collector?.want(event.url);
          }
          call.progress(progressText(event, caps));
        },
      };
      // Near the deadline the run is stopped while there is still time to answer from what it found.
      const timer = setTimeout(
        () => stopEarly({ kind: 'budget', seconds: of }),
        Math.max(0, deadline - rescueReserveMs(req.budgetMs) - deps.clock()),
      );
      const run = await runJob(deps, job, AbortSignal.any([signal, early.signal])).finally(() => {
        clearTimeout(timer);
        return mounted?.close();
      });
      if (isToolError(run)) {
        if (why === undefined || signal.aborted) return run;
        return rescue(deps, call, {
          question: req.question,
          goal: req.goal,
          maxTokens: req.maxTokens,
          why,
          signal,
          deadline,
          collector,
          record,
          fetched,
          snippets,
          searchTexts,
          progress: { ...counts, caps },
        });
      }

      const draft = keepCitedSources(run.draft);
      const quoted = [
        ...new Set(draft.findings.filter((f) => f.quote).map((f) => draft.sources[f.source]?.url ?? '')),
      ];
      const until = Math.min(deps.clock() + VERIFY_WAIT_MS, deadline);
      const pages = await heldPages(quoted.filter(Boolean), {
        record,
        collector,
        webFetched: fetched,
        until,
        clock: deps.clock,
      });
      const reply: Reply = {
        ...draft,
        meta: freshMeta(
          {
            model: run.model ?? deps.model,
            searches: run.searches,
            pages: reader ? reader.reads() : run.pages,
            brave: snippets.length > 0,
          },
          (deps.clock() - call.arrivedAt) / 1000,
        ),
      };
      return checkResearchQuotes(reply, { pages, snippets: snippetsByUrl(snippets) });
    } finally {
      signal.removeEventListener('abort', stopPages);
      pagesStop.abort();
    }
  });
}
