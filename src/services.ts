// Everything a process shares across callers, built once at start-up: the tools
// of the enabled tiers and what they share (one limiter, one cache, one Brave client).
import { createBrave } from './brave/client.ts';
import type { AnswerStore } from './cache/answer.ts';
import { createCache } from './cache/cache.ts';
import { type CallContext, callBudgetMs } from './call-context.ts';
import { createLimiter } from './claude/limiter.ts';
import type { Config } from './config.ts';
import type { Log } from './log.ts';
import { createReaderMount } from './mcp/reader-mount.ts';
import type { ToolDef } from './mcp/tool.ts';
import { webInvestigateTool } from './mcp/tools/web-investigate.ts';
import { webLookupTool } from './mcp/tools/web-lookup.ts';
import { webPageTool } from './mcp/tools/web-page.ts';
import { webReadTool } from './mcp/tools/web-read.ts';
import { webResearchTool } from './mcp/tools/web-research.ts';
import { webSearchTool } from './mcp/tools/web-search.ts';
import { braveFor, braveNews, meteredTool, spending } from './mcp/usage-meter.ts';
import { checkStored, connectGuard, type Resolver, systemResolver } from './page/fetch/address.ts';
import { createPagePool } from './page/page-pool.ts';
import { createPageReader } from './page/page-text.ts';
import { createReadWorkers, READ_WORKER_DEFAULTS } from './page/read-workers.ts';
import { answerPage, type PageRequest } from './page-tools/page-answer.ts';
import { loadedEstimate, loadTokenizer } from './reply/budget.ts';
import { type ResearchRequest, research } from './research/pipeline.ts';
import type { Runtime } from './runtime.ts';
import { createSingleFlight } from './single-flight.ts';
import { createLedger } from './usage/ledger.ts';
import { ledgerStore, withoutLedger } from './usage/place.ts';

/** After start-up, the wait before the tokenizer loads ahead of the first call (start-up itself stays lean). */
export const WARM_UP_MS = 1000;

/**
 * Bodies read at once, each on its own worker thread; measured by bench/page-pool.bench.ts on 2
 * cores. Two finish 50 admitted reads about 10% sooner than one for about 50 MB more peak memory;
 * four are no faster and peak at 430–500 MB, at the 480 MB ceiling past which reads are ended.
 * Not derived from the core count: past two, memory is the limit, and the cores are shared with
 * Claude runs.
 */
const READ_WORKERS = 2;
/**
 * Page fetches and reads at once; the same bench. Slots beyond the workers let fetches from slow
 * origins overlap reads (8 calls to a trickling origin: 16 s with 1 slot, 5–6 s with 4, 4.5 s
 * with 8). Eight gain that second for more memory; each slot may hold a whole body (a PDF up to
 * WEB_MCP_MAX_PDF_MB), so the worst case grows with the slots, not with the pages the bench serves.
 */
const PAGE_SLOTS = 2 * READ_WORKERS;

export interface ServiceOverrides {
  /** Brave's fetch. */
  readonly fetch?: typeof fetch;
  /** The page tools' fetch; default: the runtime's, pinned to addresses checked when it connects. */
  readonly pageFetch?: typeof fetch;
  readonly clock?: () => number;
  readonly resolve?: Resolver;
  /** Bodies read at once on worker threads; default READ_WORKERS. */
  readonly readWorkers?: number;
  /** Page fetches and reads at once; default PAGE_SLOTS. */
  readonly pageSlots?: number;
}

export interface Services {
  readonly tools: readonly ToolDef[];
  /** Fires when the process shuts down: every call in flight stops and its run is killed. */
  readonly shutdownSignal: AbortSignal;
  shutdown(): void;
  /** Resolves once no claude run is in flight (each killed, its working dir removed), the ledger is written and cache writes have landed. */
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
  const fetchFn = overrides.fetch ?? runtime.webFetch();
  const cache = createCache({
    driver: withoutLedger(runtime.cacheDriver(config.cacheDir)),
    maxBytes: config.cacheMaxBytes,
    log,
    where: config.cacheDir,
    clock,
  });
  const answers: AnswerStore = { cache, flights: createSingleFlight(), clock };
  const limiter = createLimiter({ concurrency: config.concurrency, queue: config.queue, clock });
  const store = ledgerStore(runtime, config.cacheDir, clock);
  const ledger = createLedger({ store, clock, log, braveQuota: config.braveMonthlyQuota });
  const onPlan = braveNews(ledger, clock);
  const brave = config.braveKey
    ? createBrave({ key: config.braveKey, baseUrl: config.braveBaseUrl, fetch: fetchFn, clock, log, onPlan })
    : undefined;
  const policy = { resolve: overrides.resolve ?? systemResolver, allowHosts: config.allowHosts };
  const { heapMb, ...limits } = READ_WORKER_DEFAULTS;
  const readers = createReadWorkers({
    ...limits,
    start: () => runtime.startReadWorker({ heapMb }),
    residentMemory: runtime.residentMemory,
    workers: overrides.readWorkers ?? READ_WORKERS,
  });
  const pool = createPagePool({
    size: overrides.pageSlots ?? PAGE_SLOTS,
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
  // One loopback listener for every run's reader, open only while a run is live.
  const readerMount =
    config.reader === 'server' ? createReaderMount({ serve: (h) => runtime.serveLoopback(h) }) : undefined;
  const claude = { runtime, claudeBin: config.claudeBin, model: config.model, env, limiter, clock };
  // A client with a fixed time-out gets its answer: WEB_MCP_CALL_SECONDS caps every call's
  // budget, and a call that hears no progress ends before the SDKs' default 60 s.
  const capped = <R extends { readonly budgetMs: number }>(request: R, call: CallContext): R => ({
    ...request,
    budgetMs: callBudgetMs(request.budgetMs, config, call),
  });
  // Each call's runs and Brave requests are counted for the ledger; a rejected plan starts no run.
  const spend = spending(ledger, claude, clock);
  const researchTools = {
    research: (request: ResearchRequest, call: CallContext) =>
      spend(call, (deps) =>
        research(
          {
            ...deps,
            brave: braveFor(brave, call.usage),
            pages,
            choosePassages: readers.passages,
            log,
            ...(readerMount ? { readerMount } : {}),
          },
          capped(request, call),
          call,
        ),
      ),
    answers,
    model: config.model,
  };
  const pageTools = {
    answer: (request: PageRequest, call: CallContext) =>
      spend(call, (deps) =>
        answerPage({ ...deps, pages, pool, passages: readers.passages }, capped(request, call), call),
      ),
    answers,
    model: config.model,
    guard: (urls: readonly string[]) => checkStored(urls, policy),
  };

  const tools: ToolDef[] = [
    webLookupTool(researchTools),
    webReadTool(pageTools),
    webResearchTool(researchTools),
    webPageTool(pageTools),
    webInvestigateTool(researchTools),
  ];
  if (brave) tools.push(webSearchTool({ brave, estimate: loadedEstimate }));
  // The tokenizer is the biggest load of a first call: fetch it once the start-up is over,
  // so that a first call (even one answered from the cache) finds it ready.
  const warm = setTimeout(() => {
    loadTokenizer().catch((error: unknown) =>
      log.warn(`tokenizer: could not load it ahead (${String(error)})`),
    );
  }, WARM_UP_MS);
  return {
    tools: tools.map((def) => meteredTool(def, ledger, clock)),
    shutdownSignal: root.signal,
    shutdown: () => {
      clearTimeout(warm);
      root.abort(new Error('server shutting down'));
      readers.close();
    },
    settled: async () => {
      await limiter.idle();
      await ledger.flush();
      await cache.settled();
    },
  };
}
