// Everything a process shares across callers, built once at start-up: the tools
// of the enabled tiers and what they share (one limiter, one cache, one Brave client).
import { createBrave } from './brave/client.ts';
import type { AnswerStore } from './cache/answer.ts';
import { createCache } from './cache/cache.ts';
import { createSingleFlight } from './cache/single-flight.ts';
import type { CallContext } from './call-context.ts';
import { createLimiter } from './claude/limiter.ts';
import type { Config } from './config.ts';
import type { Log } from './log.ts';
import type { ToolDef } from './mcp/tool.ts';
import { webInvestigateTool } from './mcp/tools/web-investigate.ts';
import { webLookupTool } from './mcp/tools/web-lookup.ts';
import { webPageTool } from './mcp/tools/web-page.ts';
import { webReadTool } from './mcp/tools/web-read.ts';
import { webResearchTool } from './mcp/tools/web-research.ts';
import { webSearchTool } from './mcp/tools/web-search.ts';
import { connectGuard, type Resolver, systemResolver } from './page/address.ts';
import { answerPage, type PageRequest } from './page/page-answer.ts';
import { createPagePool } from './page/page-pool.ts';
import { createPageReader } from './page/page-text.ts';
import { createReadWorkers, READ_WORKER_DEFAULTS } from './page/read-workers.ts';
import { loadedEstimate } from './reply/budget.ts';
import { type ResearchRequest, research } from './research/pipeline.ts';
import type { Runtime } from './runtime.ts';

/** Bodies read at once, each on its own worker thread (the machine's cores are shared with Claude runs). */
const READ_WORKERS = 2;
/** Page fetches and reads at once: the readers busy, and as many fetches arriving. */
const PAGE_SLOTS = 2 * READ_WORKERS;

export interface ServiceOverrides {
  /** Brave's fetch. */
  readonly fetch?: typeof fetch;
  /** The page tools' fetch; default: the runtime's, pinned to addresses checked when it connects. */
  readonly pageFetch?: typeof fetch;
  readonly clock?: () => number;
  readonly resolve?: Resolver;
}

export interface Services {
  readonly tools: readonly ToolDef[];
  /** Fires when the process shuts down: every call in flight stops and its run is killed. */
  readonly shutdownSignal: AbortSignal;
  shutdown(): void;
  /** Resolves once no claude run is in flight: each has been killed and its working dir removed. */
  settled(): Promise<void>;
}

export function createServices(
  runtime: Runtime,
  config: Config,
  env: Readonly<Record<string, string | undefined>>,
  log: Log,
  overrides: ServiceOverrides = {},
): Services {
  const root = new AbortController();
  const clock = overrides.clock ?? Date.now;
  const fetchFn = overrides.fetch ?? globalThis.fetch.bind(globalThis);
  const cache = createCache({
    driver: runtime.cacheDriver(config.cacheDir),
    maxBytes: config.cacheMaxBytes,
    log,
    where: config.cacheDir,
    clock,
  });
  const answers: AnswerStore = { cache, flights: createSingleFlight(), clock };
  const limiter = createLimiter({ concurrency: config.concurrency, queue: config.queue, clock });
  const brave = config.braveKey
    ? createBrave({ key: config.braveKey, baseUrl: config.braveBaseUrl, fetch: fetchFn, clock, log })
    : undefined;
  const policy = { resolve: overrides.resolve ?? systemResolver, allowHosts: config.allowHosts };
  const { heapMb, ...limits } = READ_WORKER_DEFAULTS;
  const readers = createReadWorkers({
    ...limits,
    start: () => runtime.startReadWorker({ heapMb }),
    residentMemory: runtime.residentMemory,
    workers: READ_WORKERS,
  });
  const pool = createPagePool({
    size: PAGE_SLOTS,
    capacity: config.concurrency + config.queue,
    pending: () => {
      const { running, queued } = limiter.stats();
      return running + queued;
    },
  });
  const pages = createPageReader({
    ...policy,
    fetch: overrides.pageFetch ?? runtime.pageFetch(connectGuard(policy)),
    cache,
    maxPdfBytes: config.maxPdfBytes,
    readDocument: readers.read,
    pool,
  });
  const claude = { runtime, claudeBin: config.claudeBin, model: config.model, env, limiter, clock };
  // WEB_MCP_CALL_SECONDS caps every call's budget, so a client with a fixed time-out gets its answer.
  const capped = <R extends { readonly budgetMs: number }>(request: R): R =>
    config.callSeconds === undefined
      ? request
      : { ...request, budgetMs: Math.min(request.budgetMs, config.callSeconds * 1000) };
  const researchTools = {
    research: (request: ResearchRequest, call: CallContext) =>
      research({ ...claude, brave, pages }, capped(request), call),
    answers,
    model: config.model,
  };
  const pageTools = {
    answer: (request: PageRequest, call: CallContext) =>
      answerPage({ ...claude, pages, pool, passages: readers.passages }, capped(request), call),
    answers,
    model: config.model,
  };

  const tools: ToolDef[] = [
    webLookupTool(researchTools),
    webReadTool(pageTools),
    webResearchTool(researchTools),
    webPageTool(pageTools),
    webInvestigateTool(researchTools),
  ];
  if (brave) tools.push(webSearchTool({ brave, estimate: loadedEstimate }));
  return {
    tools,
    shutdownSignal: root.signal,
    shutdown: () => {
      root.abort(new Error('server shutting down'));
      readers.close();
    },
    settled: () => limiter.idle(),
  };
}
