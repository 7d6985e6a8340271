// What the two page tools share: the cache key, the cached-or-shared answer, the
// page pipeline and the way out through fit and render.
import { CALL_BUDGET_MS } from '../../budgets.ts';
import { type AnswerStore, cachedAnswer } from '../../cache/answer.ts';
import { TTL } from '../../cache/cache.ts';
import { cacheKey } from '../../cache/keys.ts';
import { isToolError, type ToolError } from '../../errors.ts';
import type { PageRequest } from '../../page-tools/page-answer.ts';
import type { Reply } from '../../reply/contract.ts';
import { capTooSmall, finishReply, type ReplyFormat } from '../../reply/render.ts';
import type { CallContext } from '../tool.ts';

/** R-U5: every page tool has the same budget. */
export const PAGE_BUDGET_MS = CALL_BUDGET_MS.page;

export interface PageToolDeps {
  readonly answer: (request: PageRequest, call: CallContext) => Promise<Reply | ToolError>;
  readonly answers: AnswerStore;
  readonly model: string;
  /** Today's guard and allow-list for the addresses of a cached answer (a refusal, else undefined). */
  readonly guard: (urls: readonly string[]) => Promise<ToolError | undefined>;
}

export async function answerPageCall(
  deps: PageToolDeps,
  request: PageRequest,
  format: ReplyFormat,
  ctx: CallContext,
): Promise<string | ToolError> {
  const tooSmall = await capTooSmall(request.maxTokens, format);
  if (tooSmall) return tooSmall;
  const key = await cacheKey({
    tool: 'page',
    url: request.url,
    goal: request.goal,
    maxTokens: request.maxTokens,
    model: deps.model,
  });
  const reply = await cachedAnswer(deps.answers, {
    key,
    ttlMs: TTL.page,
    refresh: false,
    signal: ctx.signal,
    produce: (shared) => deps.answer(request, { ...ctx, signal: shared }),
  });
  if (isToolError(reply)) return reply;
  const refused = reply.meta.cached
    ? await deps.guard([request.url, ...reply.sources.map((s) => s.url)])
    : undefined;
  if (refused) return refused;
  return finishReply(reply, { maxTokens: request.maxTokens, format });
}
