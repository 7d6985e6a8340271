// One research call end to end: a free slot, the Brave head start, one `claude -p`
// run with live progress, then the server's own check of every quote against
// text it holds (Brave snippets and its own copy of each cited page).
import type { Brave, BraveResult } from '../brave/client.ts';
import { formatHeadStart } from '../brave/client.ts';
import { canonicalUrl } from '../cache/keys.ts';
import { isToolError, type ToolError } from '../errors.ts';
import type { PageReader } from '../page/page-text.ts';
import { type Draft, freshMeta, type Reply } from '../reply/contract.ts';
import { checkResearchQuotes } from '../reply/verify-sources.ts';
import type { Runtime } from '../runtime.ts';
import { buildClaudeArgs, buildClaudeEnv, runClaude } from './claude.ts';
import { progressText } from './events.ts';
import type { Limiter } from './limiter.ts';
import { createPageCollector } from './page-collector.ts';
import { buildResearchPrompt, DEPTH, type Depth, type Recency, researchSystemPrompt } from './prompts.ts';
import { researchSchema } from './schema.ts';

/** What any call that runs `claude` needs: shared by research and page calls. */
export interface ClaudeDeps {
  readonly runtime: Pick<Runtime, 'spawn'>;
  readonly claudeBin: string;
  readonly model: string;
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly limiter: Limiter;
  readonly clock: () => number;
}

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

export interface CallTiming {
  readonly signal: AbortSignal;
  readonly arrivedAt: number;
  progress(message: string): void;
}

/** Verification may add at most this much to a call, and never passes its deadline. */
export const VERIFY_WAIT_MS = 2500;
const HEAD_START_COUNT = 8;

export async function research(
  deps: ResearchDeps,
  req: ResearchRequest,
  call: CallTiming,
): Promise<Reply | ToolError> {
  const deadline = call.arrivedAt + req.budgetMs;
  return deps.limiter.run({ signal: call.signal, deadline }, async (signal) => {
    const pagesStop = new AbortController();
    const stopPages = () => pagesStop.abort();
    signal.addEventListener('abort', stopPages, { once: true });
    try {
      const collector = deps.pages
        ? createPageCollector({ reader: deps.pages, signal: pagesStop.signal, refresh: req.refresh === true })
        : undefined;
      const snippets = await headStart(deps, req, signal);
      const caps = DEPTH[req.depth];
      const run = await runClaude({
        runtime: deps.runtime,
        claudeBin: deps.claudeBin,
        args: buildClaudeArgs({
          model: deps.model,
          schema: researchSchema(req.maxTokens),
          systemPrompt: researchSystemPrompt,
          maxTurns: caps.maxTurns,
          tools: 'web',
        }),
        env: buildClaudeEnv(deps.env),
        prompt: buildResearchPrompt({
          question: req.question,
          goal: req.goal,
          depth: req.depth,
          recency: req.recency,
          domains: req.domains,
          headStart: snippets.length > 0 ? formatHeadStart(snippets) : undefined,
        }),
        signal,
        onEvent: (event) => {
          if (event.kind === 'fetch') collector?.want(event.url);
          call.progress(progressText(event, caps));
        },
      });
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
