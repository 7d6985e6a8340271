// `web-mcp ask`: one tool call from the terminal through the same code path as an
// MCP call (the tool's own input schema, limiter, cache and verification); the
// reply on stdout, progress on stderr, Ctrl-C stops the run and its claude.
import { createCallContext } from '../call-context.ts';
import { parseCli } from '../config.ts';
import { createLog } from '../log.ts';
import { parseArgs, runTool } from '../mcp/server.ts';
import { renderError } from '../reply/render.ts';
import { createServices } from '../services.ts';
import type { CliIo } from './io.ts';
import { createProgress } from './progress.ts';

export const ASK_TOOLS = ['web_lookup', 'web_read', 'web_research', 'web_page', 'web_investigate'] as const;
export type AskTool = (typeof ASK_TOOLS)[number];

type Field = 'question' | 'goal' | 'url' | 'format';
const FIELDS: Record<AskTool, readonly Field[]> = {
  web_lookup: ['question'],
  web_read: ['url', 'question'],
  web_research: ['question', 'goal', 'format'],
  web_page: ['url', 'goal', 'format'],
  web_investigate: ['question', 'goal', 'format'],
};
const FLAG: Record<Field, string> = {
  question: 'a question',
  goal: '--goal',
  url: '--url',
  format: '--format',
};

export interface AskRequest {
  readonly question: string | undefined;
  readonly goal: string | undefined;
  readonly url: string | undefined;
  readonly tool: string | undefined;
  readonly maxTokens: string | undefined;
  readonly format: string | undefined;
}

/** The command line's I/O, less the installation root `ask` does not need. */
export type AskDeps = Omit<CliIo, 'root'>;

/** The tool named, or the one the given inputs fit: a URL reads a page, a goal asks for research. */
export function chooseTool(req: AskRequest): { readonly tool: AskTool } | { readonly error: string } {
  if (req.tool === undefined) {
    if (req.url !== undefined) return { tool: req.goal === undefined ? 'web_read' : 'web_page' };
    return { tool: req.goal === undefined ? 'web_lookup' : 'web_research' };
  }
  const tool = ASK_TOOLS.find((t) => t === req.tool);
  return tool ? { tool } : { error: `--tool must be one of ${ASK_TOOLS.join(', ')} (got "${req.tool}")` };
}

/** The tool's arguments, or why a given input does not apply to it. */
export function buildArgs(tool: AskTool, req: AskRequest): Record<string, unknown> | string {
  const args: Record<string, unknown> = {};
  for (const field of ['question', 'goal', 'url', 'format'] as const) {
    const value = req[field];
    if (value === undefined) continue;
    if (!FIELDS[tool].includes(field)) {
      return `${FLAG[field]} does not apply to ${tool}, which takes ${FIELDS[tool].map((f) => FLAG[f]).join(', ')}`;
    }
    args[field] = value;
  }
  // A number stays a number so the schema's own bounds speak; anything else it rejects by type.
  if (req.maxTokens !== undefined)
    args.max_tokens = /^-?\d+$/.test(req.maxTokens.trim()) ? Number(req.maxTokens) : req.maxTokens;
  return args;
}

/** Exit code: 0 replied, 1 the tool failed, 2 bad input, 130 interrupted. */
export async function runAsk(deps: AskDeps, req: AskRequest): Promise<number> {
  const usage = (message: string) => {
    deps.err(`web-mcp ask: ${message}; see web-mcp ask --help\n`);
    return 2;
  };
  const chosen = chooseTool(req);
  if ('error' in chosen) return usage(chosen.error);
  const name = chosen.tool;
  const args = buildArgs(name, req);
  if (typeof args === 'string') return usage(args);
  const parsed = parseCli({ ...deps.sources, argv: [] });
  if (parsed.kind !== 'serve') return usage(parsed.kind === 'error' ? parsed.message : 'bad configuration');

  const log = createLog(deps.err);
  const services = createServices(deps.runtime, parsed.config, deps.sources.env, log, {
    fetch: deps.fetch,
    clock: deps.clock,
  });
  const def = services.tools.find((t) => t.name === name);
  if (def === undefined) return usage(`${name} is not available`);
  const input = parseArgs(def, args);
  if (!input.ok) {
    deps.err(`${renderError(input.error)}
`);
    return 2;
  }

  const arrivedAt = deps.clock();
  const progress = createProgress({
    write: deps.err,
    tty: deps.stderrIsTTY,
    columns: deps.columns,
    clock: deps.clock,
    startedAt: arrivedAt,
  });
  const ctx = createCallContext({
    signal: AbortSignal.any([deps.interrupt, services.shutdownSignal]),
    clock: deps.clock,
    send: (message) => progress.update(message),
  });
  let outcome: Awaited<ReturnType<typeof def.run>>;
  try {
    outcome = await runTool(def, args, ctx, log);
  } finally {
    ctx.stop();
    progress.stop();
    services.shutdown();
    // A cancelled call returns before its run has finished dying: let it clean up first.
    await services.settled();
  }
  if (deps.interrupt.aborted) {
    deps.err('web-mcp: cancelled; the run was stopped\n');
    return 130;
  }
  if (typeof outcome === 'string') {
    deps.out(outcome.endsWith('\n') ? outcome : `${outcome}\n`);
    return 0;
  }
  deps.err(`${renderError(outcome)}\n`);
  return 1;
}
