// What the three research tools share: the cache key, the cached-or-shared answer,
// the research pipeline and the way out through fit and render.
import { type AnswerStore, cachedAnswer } from '../../cache/answer.ts';
import { researchTtl } from '../../cache/cache.ts';
import { cacheKey } from '../../cache/keys.ts';
import { isToolError, type ToolError } from '../../errors.ts';
import type { Reply } from '../../reply/contract.ts';
import { capTooSmall, finishReply, type ReplyFormat } from '../../reply/render.ts';
import type { ResearchRequest } from '../../research/pipeline.ts';
import type { CallContext } from '../tool.ts';

export interface ResearchToolDeps {
  readonly research: (request: ResearchRequest, call: CallContext) => Promise<Reply | ToolError>;
  readonly answers: AnswerStore;
  readonly model: string;
}

export async function answerResearch(
  deps: ResearchToolDeps,
  request: ResearchRequest,
  options: { readonly format: ReplyFormat; readonly refresh: boolean },
  ctx: CallContext,
): Promise<string | ToolError> {
  const tooSmall = await capTooSmall(request.maxTokens, options.format);
  if (tooSmall) return tooSmall;
  const key = await cacheKey({
    tool: 'research',
    question: request.question,
    ...(request.goal === undefined ? {} : { goal: request.goal }),
    depth: request.depth,
    recency: request.recency,
    domains: request.domains,
    maxTokens: request.maxTokens,
    model: deps.model,
  });
  const reply = await cachedAnswer(deps.answers, {
    key,
    ttlMs: researchTtl(request.recency),
    refresh: options.refresh,
    signal: ctx.signal,
    produce: (shared) =>
      deps.research(options.refresh ? { ...request, refresh: true } : request, { ...ctx, signal: shared }),
  });
  if (isToolError(reply)) return reply;
  return finishReply(reply, { maxTokens: request.maxTokens, format: options.format });
}
