// The package's library face: the page pipeline, and everything an embedder needs to
// serve web-mcp's own tools (services, tool registration, config, log) or its whole app.
export { createApp } from './app.ts';
export { type Config, type ConfigSources, type ParsedCli, parseCli, TIERS, type Tier } from './config.ts';
export type { ErrorCode, ToolError } from './errors.ts';
export { createLog, type Log, silentLog } from './log.ts';
export {
  createServerFactory,
  createToolRegistrar,
  type FactoryOptions,
  INSTRUCTIONS,
  type ServerInfo,
  type ToolOptions,
} from './mcp/server.ts';
export { extractByType, extractPage } from './page/html/extract.ts';
export type { Extracted, Unsupported } from './page/html/extracted.ts';
export { type Estimate, selectPassages } from './page/passages/passages.ts';
export type { Reply } from './reply/contract.ts';
export type { Runtime } from './runtime.ts';
export { createServices, type ServiceOverrides, type Services } from './services.ts';
export { VERSION } from './version.ts';
