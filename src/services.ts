// Everything a process shares across callers, built once at start-up: the tools
// of the enabled tiers and what they share (one limiter, one cache, one Brave client).
import type { Config } from './config.ts';
import type { Log } from './log.ts';
import type { ToolDef } from './mcp/tool.ts';
import type { Runtime } from './runtime.ts';

export interface ServiceOverrides {
  readonly fetch?: typeof fetch;
  readonly clock?: () => number;
}

export interface Services {
  readonly tools: readonly ToolDef[];
  /** Fires when the process shuts down: every call in flight stops and its run is killed. */
  readonly shutdownSignal: AbortSignal;
  shutdown(): void;
}

export function createServices(
  _runtime: Runtime,
  _config: Config,
  _env: Readonly<Record<string, string | undefined>>,
  _log: Log,
  _overrides: ServiceOverrides = {},
): Services {
  const root = new AbortController();
  return {
    tools: [],
    shutdownSignal: root.signal,
    shutdown: () => root.abort(new Error('server shutting down')),
  };
}
