// One research call end to end: a free slot, the Brave head start, one `claude -p`
// run with live progress, then the server's own check of every quote against
// text it holds (Brave snippets and its own copy of each cited page).
import type { Brave, BraveResult } from '../brave/client.ts';
import { formatHeadStart } from '../brave/client.ts';
import { canonicalUrl } from '../cache/keys.ts';
import type { CallContext } from '../call-context.ts';
import { type ClaudeDeps, inSlot, runJob } from '../claude/call.ts';
import { progressText, type RunEvent } from '../claude/events.ts';
import { researchSchema } from '../claude/schema.ts';
import { isToolError, type ToolError } from '../errors.ts';
import type { PageReader } from '../page/page-text.ts';
import { type Draft, freshMeta, type Reply } from '../reply/contract.ts';
import { checkResearchQuotes } from '../reply/verify-sources.ts';
import { createPageCollector } from './page-collector.ts';
import { buildResearchPrompt, DEPTH, type Depth, type Recency, researchSystemPrompt } from './prompts.ts';

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
      const job = {
        schema: researchSchema(req.maxTokens),
        systemPrompt: researchSystemPrompt,
        maxTurns: caps.maxTurns,
        tools: 'web' as const,
        prompt: buildResearchPrompt({
          question: req.question,
          goal: req.goal,
          depth: req.depth,
          recency: req.recency,
          domains: req.domains,
          headStart: snippets.length > 0 ? formatHeadStart(snippets) : undefined,
        }),
        onEvent: (event: RunEvent) => {
          if (event.kind !== 'rate_limit') counts = { searches: event.searches, pages: event.pages };
          if (event.kind === 'fetch') collector?.want(event.url);
          call.progress(progressText(event, caps));
        },
      };
      const run = await runJob(deps, job, signal);
      if (isToolError(run)) return run;

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

function snippetsByUrl(results: readonly BraveResult[]): Map<string, string> {
  const byUrl = new Map<string, string>();
  for (const r of results) {
    try {
      byUrl.set(canonicalUrl(r.url), r.snippet);
    } catch {}
  }
  return byUrl;
}

/** Findings that point past the sources list cite nothing: they are dropped, not guessed at. */
function keepCitedSources(draft: Draft): Draft {
  return { ...draft, findings: draft.findings.filter((f) => f.source < draft.sources.length) };
}
