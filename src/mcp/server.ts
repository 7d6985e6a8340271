// The MCP server factory: tool definitions and their JSON Schemas are built once;
// the factory (called per HTTP request and per stdio connection) only registers them.
import { McpServer, type McpServerFactory } from '@modelcontextprotocol/server';
import * as v from 'valibot';
import { type CallContext, createCallContext } from '../call-context.ts';
import type { Tier } from '../config.ts';
import { type ToolError, toolError } from '../errors.ts';
import { linkSignals } from '../linked-signal.ts';
import { type Log, silentLog } from '../log.ts';
import { renderError } from '../reply/render.ts';
import { clip } from './long-names.ts';
import { precomputedSchema } from './standard-schema.ts';
import type { ToolDef } from './tool.ts';

export const INSTRUCTIONS =
  'Web research with short cited replies. Ask web_lookup (or web_research with a goal) first; ' +
  'use web_read / web_page when you already have the URL. Replies are capped by max_tokens, ' +
  'quotes marked verified were checked by the server, and Gaps / Not found say what is missing.';

export interface ServerInfo {
  readonly name: string;
  readonly version: string;
}

interface Prepared {
  readonly def: ToolDef;
  readonly schema: ReturnType<typeof precomputedSchema>;
}

type ToolResult = { content: { type: 'text'; text: string }[]; isError?: boolean };

function describeIssue(issue: v.BaseIssue<unknown>): string {
  const path = issue.path?.map((p) => String(p.key)).join('.');
  if (issue.kind === 'schema' && issue.input === undefined && path) return `${path} is required`;
  // A message can quote the value it received: cut short, so a huge argument is not echoed whole.
  return `${path ?? 'arguments'} ${clip(issue.message, 300)}`;
}

/** The tool's arguments validated by its own schema, or the `invalid_input` error naming each bad field. */
export function parseArgs<T>(
  def: ToolDef<T>,
  args: unknown,
): { ok: true; value: T } | { ok: false; error: ToolError } {
  const parsed = v.safeParse(def.input, args ?? {});
  if (parsed.success) return { ok: true, value: parsed.output };
  const issues = parsed.issues.map(describeIssue).join('; ');
  return {
    ok: false,
    error: toolError('invalid_input', `${issues}; fix the argument and call ${def.name} again`),
  };
}

/**
 * The one tool-call path (MCP and `web-mcp ask`): validate, run, and turn even an
 * unexpected throw into a coded error, logged as one line.
 */
export async function runTool<T>(
  def: ToolDef<T>,
  args: unknown,
  ctx: CallContext,
  log: Log = silentLog,
): Promise<string | ToolError> {
  const parsed = parseArgs(def, args);
  if (!parsed.ok) return parsed.error;
  try {
    return await def.run(parsed.value, ctx);
  } catch (thrown) {
    const error = thrownError(def.name, thrown, ctx.signal);
    log.warn(`${def.name}: ${renderError(error)}`);
    return error;
  }
}

async function callTool(def: ToolDef, args: unknown, ctx: CallContext, log?: Log): Promise<ToolResult> {
  const outcome = await runTool(def, args, ctx, log);
  if (typeof outcome === 'string') return { content: [{ type: 'text', text: outcome }] };
  return { content: [{ type: 'text', text: renderError(outcome) }], isError: true };
}

/** A throw as a coded error: its first line only (never a stack), `cancelled` when the call was. */
function thrownError(tool: string, thrown: unknown, signal: AbortSignal): ToolError {
  if (signal.aborted) return toolError('cancelled', `cancelled: the ${tool} call was cancelled`);
  const text = thrown instanceof Error ? `${thrown.name}: ${thrown.message}` : String(thrown);
  const line = (text.split('\n')[0] ?? '').slice(0, 200);
  return toolError(
    'internal_error',
    `internal_error: ${tool} failed unexpectedly (${line}); try again, and report it to web-mcp if it repeats`,
  );
}

/** What web-mcp's tools need on any MCP server: the tools, the tiers to list, the clock, shutdown and log. */
export interface ToolOptions {
  readonly tools: readonly ToolDef[];
  readonly tiers: ReadonlySet<Tier>;
  readonly clock: () => number;
  /** Fires when the process shuts down: every call in flight is cancelled with it. */
  readonly shutdownSignal?: AbortSignal;
  /** Where a tool's unexpected throw is reported, as one line. */
  readonly log?: Log;
}

export interface FactoryOptions extends ToolOptions {
  readonly info: ServerInfo;
}

/**
 * Registers the tools of the enabled tiers on an MCP server (web-mcp's own or an embedder's).
 * Their JSON Schemas are built once, here: call the returned function for each server.
 */
export function createToolRegistrar(options: ToolOptions): (server: McpServer) => void {
  const prepared: Prepared[] = options.tools
    .filter((def) => options.tiers.has(def.tier))
    .map((def) => ({ def, schema: precomputedSchema(def.input) }));

  return (server) => {
    for (const { def, schema } of prepared) {
      server.registerTool(
        def.name,
        {
          description: def.description,
          inputSchema: schema,
          annotations: { readOnlyHint: true, openWorldHint: true },
        },
        async (args, extra) => {
          const token = extra.mcpReq._meta?.progressToken;
          let step = 0;
          // Linked, not AbortSignal.any: the process-long shutdown signal must not keep every call (Node 20).
          const linked = linkSignals(
            options.shutdownSignal ? [extra.mcpReq.signal, options.shutdownSignal] : [extra.mcpReq.signal],
          );
          const ctx = createCallContext({
            signal: linked.signal,
            clock: options.clock,
            send:
              token === undefined
                ? undefined
                : (message) => {
                    step += 1;
                    extra.mcpReq
                      .notify({
                        method: 'notifications/progress',
                        params: { progressToken: token, progress: step, message },
                      })
                      .catch(() => {});
                  },
          });
          try {
            return await callTool(def, args, ctx, options.log);
          } finally {
            ctx.stop();
            linked.dispose();
          }
        },
      );
    }
  };
}

export function createServerFactory(options: FactoryOptions): McpServerFactory {
  const register = createToolRegistrar(options);
  return () => {
    // The tool list never changes while the process runs: no client should wait for list_changed.
    const server = new McpServer(options.info, {
      instructions: INSTRUCTIONS,
      capabilities: { tools: { listChanged: false } },
    });
    register(server);
    return server;
  };
}
