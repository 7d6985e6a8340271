// web_read (basic tier): one page, optionally a question about it; the basic reply form.
import * as v from 'valibot';
import { maxTokens, optionalQuestion, url } from '../inputs.ts';
import type { ToolDef } from '../tool.ts';
import { answerPageCall, PAGE_BUDGET_MS, type PageToolDeps } from './page-call.ts';

const Input = v.object({ url, question: optionalQuestion, max_tokens: maxTokens(300) });

export function webReadTool(deps: PageToolDeps): ToolDef<v.InferOutput<typeof Input>> {
  return {
    name: 'web_read',
    tier: 'basic',
    description: 'Read one public page and answer a question about it, or give its gist.',
    input: Input,
    run: (args, ctx) =>
      answerPageCall(
        deps,
        {
          tool: 'web_read',
          url: args.url,
          goal: args.question ?? '',
          maxTokens: args.max_tokens,
          budgetMs: PAGE_BUDGET_MS,
        },
        'basic',
        ctx,
      ),
  };
}
