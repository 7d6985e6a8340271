// web_lookup (basic tier): a question in, a short cited answer out — the quick
// research depth, the basic reply form (answer, sources, Not found).
import * as v from 'valibot';
import { DEPTH } from '../../research/prompts.ts';
import { maxTokens, question } from '../inputs.ts';
import type { ToolDef } from '../tool.ts';
import { answerResearch, type ResearchToolDeps } from './research-call.ts';

const Input = v.object({ question, max_tokens: maxTokens(300) });

export function webLookupTool(deps: ResearchToolDeps): ToolDef<v.InferOutput<typeof Input>> {
  return {
    name: 'web_lookup',
    tier: 'basic',
    description:
      'Answer a question from the web: a short answer, numbered sources, what was not found. The question is sent to the web.',
    input: Input,
    run: (args, ctx) =>
      answerResearch(
        deps,
        {
          question: args.question,
          goal: undefined,
          depth: 'quick',
          recency: 'any',
          domains: [],
          maxTokens: args.max_tokens,
          budgetMs: DEPTH.quick.budgetMs,
        },
        { format: 'basic', refresh: false },
        ctx,
      ),
  };
}
