// Start-up shared by the three adapters: parse the command line, build the
// services once, and hand back the MCP factory and the HTTP app to serve.
import type { McpServerFactory } from '@modelcontextprotocol/server';
import type { Hono } from 'hono';
import { createApp, type ResponseStyle } from './app.ts';
import { type Config, type ConfigSources, parseCli, readerLine, USAGE } from './config.ts';
import { clientText, type Log } from './log.ts';
import { createServerFactory } from './mcp/server.ts';
import type { Runtime } from './runtime.ts';
import { createServices, type ServiceOverrides, type Services } from './services.ts';
import { VERSION } from './version.ts';

export type Startup =
  | { readonly kind: 'exit'; readonly code: 0 | 2; readonly stdout?: string; readonly stderr?: string }
  | {
      readonly kind: 'run';
      readonly config: Config;
      readonly services: Services;
      readonly factory: McpServerFactory;
      /** The HTTP app; `port` reports the bound port once listening. */
      app(port: () => number | undefined, responses?: ResponseStyle): Hono;
    };

export function startup(
  runtime: Runtime,
  sources: ConfigSources,
  log: Log,
  overrides: ServiceOverrides = {},
): Startup {
  const parsed = parseCli(sources);
  if (parsed.kind === 'help')
    return { kind: 'exit', code: 0, stdout: `${USAGE}\n\n${readerLine(sources.env)}\n` };
  if (parsed.kind === 'version')
    return { kind: 'exit', code: 0, stdout: `web-mcp ${VERSION} (${runtime.name} ${runtime.version})\n` };
  if (parsed.kind === 'error') return { kind: 'exit', code: 2, stderr: `web-mcp: ${parsed.message}\n` };

  const config = parsed.config;
  const services = createServices(runtime, config, sources.env, log, overrides);
  const clock = overrides.clock ?? Date.now;
  const factory = createServerFactory({
    info: { name: 'web-mcp', version: VERSION },
    tools: services.tools,
    tiers: config.tiers,
    clock,
    shutdownSignal: services.shutdownSignal,
    log,
  });
  return {
    kind: 'run',
    config,
    services,
    factory,
    app: (port, responses = 'auto') =>
      createApp({
        factory,
        version: VERSION,
        responses,
        guard: { loopback: config.http?.loopback ?? true, token: config.httpToken, port },
        onError: (error) => log.warn(`http: ${clientText(error.message)}`),
      }),
  };
}
