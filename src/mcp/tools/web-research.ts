// web_research (standard tier): a question and the caller's goal; the answer keeps
// only what serves the goal, with verified quotes, sources and gaps.
import * as v from 'valibot';
import { DEPTH } from '../../research/prompts.ts';
import { format, goal, maxTokens, question } from '../inputs.ts';
import type { ToolDef } from '../tool.ts';
import { answerResearch, type ResearchToolDeps } from './research-call.ts';

const Input = v.object({ question, goal, max_tokens: maxTokens(400), format });

export function webResearchTool(deps: ResearchToolDeps): ToolDef<v.InferOutput<typeof Input>> {
  return {
    name: 'web_research',
    tier: 'standard',
    description:
      'Research a question for a goal: answer, findings with server-checked quotes, sources, gaps.',
    input: Input,
    run: (args, ctx) =>
      answerResearch(
        deps,
        {
          question: args.question,
          goal: args.goal,
          depth: 'standard',
          recency: 'any',
          domains: [],
          maxTokens: args.max_tokens,
          budgetMs: DEPTH.standard.budgetMs,
        },
        { format: args.format, refresh: false },
        ctx,
      ),
  };
}
