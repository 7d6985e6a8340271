// web_page (standard tier): one page read for the caller's goal, with quotes the
// server checked against the page's full text.
import * as v from 'valibot';
import { format, goal, maxTokens, url } from '../inputs.ts';
import type { ToolDef } from '../tool.ts';
import { answerPageCall, PAGE_BUDGET_MS, type PageToolDeps } from './page-call.ts';

const Input = v.object({ url, goal, max_tokens: maxTokens(400), format });

export function webPageTool(deps: PageToolDeps): ToolDef<v.InferOutput<typeof Input>> {
  return {
    name: 'web_page',
    tier: 'standard',
    description:
      'Read one public page for a goal: answer, findings with quotes checked against the page, gaps.',
    input: Input,
    run: (args, ctx) =>
      answerPageCall(
        deps,
        {
          tool: 'web_page',
          url: args.url,
          goal: args.goal,
          maxTokens: args.max_tokens,
          budgetMs: PAGE_BUDGET_MS,
        },
        args.format,
        ctx,
      ),
  };
}
