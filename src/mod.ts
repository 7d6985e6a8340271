// The package's library face: the app and factory for embedding, and the page pipeline.
export { createApp } from './app.ts';
export type { Config } from './config.ts';
export type { ErrorCode, ToolError } from './errors.ts';
export { createServerFactory } from './mcp/server.ts';
export { extractByType, extractPage } from './page/html/extract.ts';
export type { Extracted, Unsupported } from './page/html/extracted.ts';
export { type Estimate, selectPassages } from './page/passages/passages.ts';
export type { Reply } from './reply/contract.ts';
export type { Runtime } from './runtime.ts';
