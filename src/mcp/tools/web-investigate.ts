// web_investigate (advanced tier): web_research with control over depth, recency,
// sites and the cache.
import * as v from 'valibot';
import { DEPTH } from '../../research/prompts.ts';
import { cache, depth, domains, format, goal, maxTokens, question, recency } from '../inputs.ts';
import type { ToolDef } from '../tool.ts';
import { answerResearch, type ResearchToolDeps } from './research-call.ts';

const Input = v.object({
  question,
  goal,
  max_tokens: maxTokens(400),
  format,
  depth,
  recency,
  domains,
  cache,
});

export function webInvestigateTool(deps: ResearchToolDeps): ToolDef<v.InferOutput<typeof Input>> {
  return {
    name: 'web_investigate',
    tier: 'advanced',
    description: 'web_research with depth, recency, sites and cache control.',
    input: Input,
    run: (args, ctx) =>
      answerResearch(
        deps,
        {
          question: args.question,
          goal: args.goal,
          depth: args.depth,
          recency: args.recency,
          domains: args.domains ?? [],
          maxTokens: args.max_tokens,
          budgetMs: DEPTH[args.depth].budgetMs,
        },
        { format: args.format, refresh: args.cache === 'refresh' },
        ctx,
      ),
  };
}
