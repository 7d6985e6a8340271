// One research call end to end: a free slot, the Brave head start, one `claude -p`
// run with live progress, then the server's own check of every quote against
// text it holds (Brave snippets and its own copy of each cited page).
import type { Brave, BraveResult } from '../brave/client.ts';
import { formatHeadStart } from '../brave/client.ts';
import type { CallContext } from '../call-context.ts';
import { type ClaudeDeps, type ClaudeJob, inSlot, runJob } from '../claude/call.ts';
import { progressText } from '../claude/events.ts';
import { researchSchema } from '../claude/schema.ts';
import { isToolError, type ToolError } from '../errors.ts';
import type { PageReader } from '../page/page-text.ts';
import { freshMeta, type Reply } from '../reply/contract.ts';
import { checkResearchQuotes } from '../reply/verify-sources.ts';
import { createPageCollector } from './page-collector.ts';
import { buildResearchPrompt, DEPTH, type Depth, type Recency, researchSystemPrompt } from './prompts.ts';
import { rescue, rescueReserveMs, type StopReason } from './rescue.ts';
import { keepCitedSources, snippetsByUrl } from './sources.ts';

export interface ResearchDeps extends ClaudeDeps {
  readonly brave: Brave | undefined;
  /** The page pipeline for verifying quotes against the server's own copy; absent → snippets only. */
  readonly pages: PageReader | undefined;
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
const HEAD_START_COUNT = 8;

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
      const collector = deps.pages
        ? createPageCollector({ reader: deps.pages, signal: pagesStop.signal, refresh: req.refresh === true })
        : undefined;
      const snippets = await headStart(deps, req, signal);
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
        systemPrompt: researchSystemPrompt,
        maxTurns: caps.maxTurns,
        tools: 'web',
        prompt: buildResearchPrompt({
          question: req.question,
          goal: req.goal,
          depth: req.depth,
          recency: req.recency,
          domains: req.domains,
          headStart: snippets.length > 0 ? formatHeadStart(snippets) : undefined,
        }),
        onEvent: (event) => {
          if (why !== undefined) return;
          if (event.kind === 'search_result') return void searchTexts.push(event.text);
          // One tool use past the depth's cap: stop at once, before it costs more.
          if (event.kind === 'search' && event.searches > caps.searches)
            return stopEarly({ kind: 'cap', what: 'searches', cap: caps.searches });
          if (event.kind === 'fetch' && event.pages > caps.reads)
            return stopEarly({ kind: 'cap', what: 'pages', cap: caps.reads });
          if (event.kind !== 'rate_limit') counts = { searches: event.searches, pages: event.pages };
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
      const run = await runJob(deps, job, AbortSignal.any([signal, early.signal])).finally(() =>
        clearTimeout(timer),
      );
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
      const pages = collector
        ? await collector.collect(quoted.filter(Boolean), until, deps.clock)
        : new Map();
      const reply: Reply = {
        ...draft,
        meta: freshMeta(
          {
            model: run.model ?? deps.model,
            searches: run.searches,
            pages: run.pages,
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

async function headStart(
  deps: ResearchDeps,
  req: ResearchRequest,
  signal: AbortSignal,
): Promise<readonly BraveResult[]> {
  if (!deps.brave?.enabled) return [];
  const found = await deps.brave.search({
    query: req.question,
    count: HEAD_START_COUNT,
    recency: req.recency,
    domains: req.domains,
    signal,
  });
  return !isToolError(found) && found.kind === 'results' ? found.results : [];
}
