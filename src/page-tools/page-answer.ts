// One page call end to end: the server's own fetch and extraction, the passages
// that serve the goal, one `claude -p` run with no tools, and every quote checked
// against the page's full text. A thin page is reported, never answered from nothing.
import type { CallContext } from '../call-context.ts';
import { type ClaudeDeps, inSlot, runJob } from '../claude/call.ts';
import { pageSchema } from '../claude/schema.ts';
import { isToolError, type ToolError, toolError } from '../errors.ts';
import { linkSignals } from '../linked-signal.ts';
import type { PagePool } from '../page/page-pool.ts';
import type { PageReader, PageText } from '../page/page-text.ts';
import { pageStart, selectPassages } from '../page/passages/passages.ts';
import type { PassagesJob } from '../page/read-job.ts';
import { type Draft, freshMeta, type Reply } from '../reply/contract.ts';
import { verifyQuotes } from '../reply/verify.ts';
import { buildPagePrompt, PAGE_MAX_TURNS, pageSystemPrompt } from './page-prompt.ts';

export interface PageAnswerDeps extends ClaudeDeps {
  readonly pages: PageReader;
  /** Admits the call before it fetches: one the Claude gate would refuse is refused here. */
  readonly pool?: PagePool;
  /** Chooses passages off the main thread (undefined when that failed); default: here. */
  readonly passages?: (job: PassagesJob, signal: AbortSignal) => Promise<readonly string[] | undefined>;
}

export interface PageRequest {
  /** The tool called (web_page, web_read): its errors name it. */
  readonly tool: string;
  readonly url: string;
  /** The caller's goal or question; empty asks for the gist. */
  readonly goal: string;
  readonly maxTokens: number;
  readonly budgetMs: number;
}

/** Passages handed to Claude: enough for most goals, small enough for a quick, cheap run. */
export const PASSAGE_BUDGET_TOKENS = 3000;
const GIST = 'Give the gist of this page: what it is and its main points.';

export async function answerPage(
  deps: PageAnswerDeps,
  req: PageRequest,
  call: CallContext,
): Promise<Reply | ToolError> {
  const ticket = deps.pool?.admit();
  if (ticket !== undefined && isToolError(ticket)) return ticket;
  try {
    return await answerAdmitted(deps, req, call, () => ticket?.release());
  } finally {
    ticket?.release();
  }
}

async function answerAdmitted(
  deps: PageAnswerDeps,
  req: PageRequest,
  call: CallContext,
  /** Hands the call's place over to the Claude gate, which counts it from then on. */
  toGate: () => void,
): Promise<Reply | ToolError> {
  const started = call.arrivedAt;
  // One deadline from arrival: the fetch, the PDF read, the wait for a slot and the run fit in it.
  const deadline = started + req.budgetMs;
  call.setStatus((seconds) => `fetching: ${req.url} (${seconds} s)`);
  const page = await readWithin(deps, req, call, deadline);
  if (isToolError(page)) return page;
  const meta = (model: string) =>
    freshMeta({ model, searches: 0, pages: 1, brave: false }, (deps.clock() - started) / 1000);
  if (page.thin) return { ...thinReply(page), meta: meta(deps.model) };

  const goal = req.goal.trim() === '' ? GIST : req.goal;
  const job = { markdown: page.markdown, query: req.goal, budgetTokens: PASSAGE_BUDGET_TOKENS };
  const chosen = deps.passages
    ? await deps.passages(job, call.signal)
    : await selectPassages(job.markdown, job.query, job.budgetTokens);
  // Text odd enough to stall the choice: Claude is shown the start of the page, and the reply says so.
  const passages = chosen ?? pageStart(job.markdown, job.budgetTokens);
  const choiceGaps =
    chosen === undefined
      ? ['Choosing passages from the page took too long; Claude was shown only its start.']
      : [];
  call.progress(`reading: ${page.url}`);
  const of = Math.round(req.budgetMs / 1000);
  const status = (seconds: number) => `answering from ${page.url} (${seconds} s of ${of} s)`;
  toGate();
  const run = await inSlot(deps.limiter, call, { budgetMs: req.budgetMs, status }, (signal) =>
    runJob(
      deps,
      {
        schema: pageSchema(req.maxTokens),
        systemPrompt: pageSystemPrompt,
        maxTurns: PAGE_MAX_TURNS,
        tools: 'none',
        prompt: buildPagePrompt({ url: page.url, title: page.title, goal, passages: [...passages] }),
      },
      signal,
    ),
  );
  if (isToolError(run)) return run.code === 'timeout' ? pageTimeout(req, `answering from ${page.url}`) : run;
  const draft = onePageDraft(run.draft, page);
  const reply: Reply = {
    ...draft,
    gaps: [...draft.gaps, ...(page.gaps ?? []), ...choiceGaps],
    meta: meta(run.model ?? deps.model),
  };
  return verifyQuotes(reply, new Map([[0, [page.text, page.markdown]]]));
}

/** The page as the server reads it, given up at the call's deadline (then a `timeout` naming the tool). */
async function readWithin(
  deps: PageAnswerDeps,
  req: PageRequest,
  call: CallContext,
  deadline: number,
): Promise<PageText | ToolError> {
  const within = linkSignals([call.signal], deadline - deps.clock());
  try {
    const page = await deps.pages.read(req.url, { signal: within.signal });
    if (isToolError(page) && (within.timedOut() || deps.clock() >= deadline))
      return pageTimeout(req, `reading ${req.url}`);
    return page;
  } finally {
    within.dispose();
  }
}

function pageTimeout(req: PageRequest, stage: string): ToolError {
  return toolError(
    'timeout',
    `timeout: ${req.tool} ran out of its ${Math.round(req.budgetMs / 1000)} s budget while ${stage}; the page may be slow or stalled: try again later or give another URL`,
  );
}

/** The page is the only source: every finding cites it, whatever index the model wrote. */
function onePageDraft(draft: Draft, page: PageText): Draft {
  return {
    ...draft,
    sources: [{ title: page.title, url: page.url }],
    findings: draft.findings.map((f) => ({ ...f, source: 0 })),
  };
}

function thinReply(page: PageText): Draft {
  const why = page.thinReason ?? 'it has almost no readable text';
  return {
    answer: `The page at ${page.url} could not be read: ${why}.`,
    confidence: 'low',
    findings: [],
    sources: [{ title: page.title, url: page.url }],
    gaps: [
      /^the PDF/.test(why)
        ? `The document is thin (${why}). Try another source.`
        : `The page is thin (${why}); it may need JavaScript or a sign-in. Try another source.`,
    ],
    not_found: 'The page has no readable text to answer from.',
  };
}
