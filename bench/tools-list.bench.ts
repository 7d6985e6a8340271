// What `tools/list` costs a client: its size in tokens per tier (the server's own
// o200k × 1.3 estimate over the exact JSON result a client receives), and the
// in-process latency of our Hono app (guard, body parse) against a bare SDK handler.
// Run: node --import tsx bench/tools-list.bench.ts [--write]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMcpHandler, McpServer } from '@modelcontextprotocol/server';
import { nodeRuntime } from '../adapters/node/runtime.ts';
import { createApp } from '../src/app.ts';
import { parseCli } from '../src/config.ts';
import { silentLog } from '../src/log.ts';
import { createServerFactory, INSTRUCTIONS } from '../src/mcp/server.ts';
import { precomputedSchema } from '../src/mcp/standard-schema.ts';
import { estimateTokens, loadTokenizer } from '../src/reply/budget.ts';
import { createServices } from '../src/services.ts';
import { VERSION } from '../src/version.ts';
import { modernRequest, rpcOf } from './lib/modern.ts';
import { machine, publish } from './lib/report.ts';
import { fmt, overhead, summarize, table } from './lib/stats.ts';

const URL_MCP = 'http://localhost/mcp';
const BLOCKS = 30;
const PER_BLOCK = 100;
const WARMUP = 300;
const TARGET = { basic: 350, all: 1200 } as const;

type Fetch = (request: Request) => Response | Promise<Response>;

const cacheDir = mkdtempSync(join(tmpdir(), 'web-mcp-bench-list-'));

function build(tiers: string | undefined, braveKey: boolean) {
  const env = {
    WEB_MCP_CACHE_DIR: cacheDir,
    ...(braveKey ? { BRAVE_API_KEY: 'bench-key-never-sent-anywhere' } : {}),
  };
  const parsed = parseCli({
    argv: tiers === undefined ? [] : ['--tiers', tiers],
    env,
    platform: process.platform,
    readTextFile: () => '',
  });
  if (parsed.kind !== 'serve') throw new Error(`config: ${JSON.stringify(parsed)}`);
  const services = createServices(nodeRuntime, parsed.config, env, silentLog);
  const info = { name: 'web-mcp', version: VERSION };
  const factory = createServerFactory({
    info,
    tools: services.tools,
    tiers: parsed.config.tiers,
    clock: Date.now,
  });
  const app = createApp({
    factory,
    version: VERSION,
    guard: { loopback: true, token: undefined, port: () => undefined },
  });
  // The baseline: the SDK's own handler with the same tools registered directly, nothing in front.
  const enabled = services.tools.filter((def) => parsed.config.tiers.has(def.tier));
  const schemas = enabled.map((def) => precomputedSchema(def.input));
  const bare = createMcpHandler(
    () => {
      const server = new McpServer(info, { instructions: INSTRUCTIONS });
      enabled.forEach((def, i) => {
        const inputSchema = schemas[i];
        if (inputSchema === undefined) return;
        server.registerTool(
          def.name,
          {
            description: def.description,
            inputSchema,
            annotations: { readOnlyHint: true, openWorldHint: true },
          },
          async () => ({ content: [{ type: 'text', text: 'unused' }] }),
        );
      });
      return server;
    },
    { legacy: 'stateless' },
  );
  return { app: app.fetch as Fetch, bare: bare.fetch as Fetch, services };
}

async function call(fetch: Fetch, method: string): Promise<unknown> {
  const response = await fetch(modernRequest(URL_MCP, method));
  const rpc = rpcOf(await response.text());
  if (rpc.error) throw new Error(`${method}: ${rpc.error.message}`);
  return rpc.result;
}

/** A legacy (2025) request; the stateless handler serves each one without a session. */
async function legacyCall(
  fetch: Fetch,
  method: string,
  params: Record<string, unknown> = {},
): Promise<unknown> {
  const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method, params });
  const response = await fetch(
    new Request(URL_MCP, {
      method: 'POST',
      headers: {
        host: 'localhost',
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': '2025-11-25',
      },
      body,
    }),
  );
  const rpc = rpcOf(await response.text());
  if (rpc.error) throw new Error(`legacy ${method}: ${rpc.error.message}`);
  return rpc.result;
}
const INIT = { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'bench', version: '1' } };

await loadTokenizer();
const tokens = (value: unknown) => estimateTokens(typeof value === 'string' ? value : JSON.stringify(value));

const tiers = [
  { label: 'basic', flag: 'basic', brave: false, target: TARGET.basic },
  { label: 'basic,standard', flag: 'basic,standard', brave: false, target: undefined },
  { label: 'all (default)', flag: undefined, brave: false, target: TARGET.all },
  { label: 'all + Brave key (web_search)', flag: undefined, brave: true, target: undefined },
] as const;

interface ListedTool {
  readonly name: string;
  readonly description?: string;
  readonly inputSchema?: unknown;
}
const sizeRows: string[][] = [];
const perTool = new Map<string, number>();
let last: ReturnType<typeof build> | undefined;
for (const tier of tiers) {
  const built = build(tier.flag, tier.brave);
  const result = (await call(built.app, 'tools/list')) as { tools: ListedTool[] };
  const legacy = await legacyCall(built.app, 'tools/list');
  const n = tokens(result);
  // What most clients put in the model's prompt: name, description and input schema only.
  const seen = tokens(
    result.tools.map((t) => ({ name: t.name, description: t.description, input_schema: t.inputSchema })),
  );
  for (const tool of result.tools) perTool.set(tool.name, tokens(tool));
  const verdict =
    tier.target === undefined ? '—' : n <= tier.target ? `≤ ${tier.target} ✔` : `> ${tier.target} ✘`;
  sizeRows.push([
    tier.label,
    result.tools.map((t) => t.name).join(', '),
    String(JSON.stringify(result).length),
    String(n),
    String(tokens(legacy)),
    String(seen),
    verdict,
  ]);
  last = built;
}
if (last === undefined) throw new Error('no tier built');

const discover = await call(last.app, 'server/discover');
const init = await legacyCall(last.app, 'initialize', INIT);
const extraRows = [
  ['`instructions` string (in both)', String(INSTRUCTIONS.length), String(tokens(INSTRUCTIONS))],
  ['`server/discover` result (modern)', String(JSON.stringify(discover).length), String(tokens(discover))],
  ['`initialize` result (legacy)', String(JSON.stringify(init).length), String(tokens(init))],
];

// Latency: blocks of the two handlers interleaved, so drift and GC hit both alike.
async function timeBlock(fetch: Fetch, into: number[]) {
  for (let i = 0; i < PER_BLOCK; i++) {
    const request = modernRequest(URL_MCP, 'tools/list');
    const start = performance.now();
    const response = await fetch(request);
    await response.text();
    into.push(performance.now() - start);
  }
}
for (let i = 0; i < WARMUP / PER_BLOCK; i++) {
  await timeBlock(last.app, []);
  await timeBlock(last.bare, []);
}
const ours: number[] = [];
const bare: number[] = [];
for (let b = 0; b < BLOCKS; b++) {
  await timeBlock(b % 2 === 0 ? last.app : last.bare, b % 2 === 0 ? ours : bare);
  await timeBlock(b % 2 === 0 ? last.bare : last.app, b % 2 === 0 ? bare : ours);
}
const o = summarize(ours);
const s = summarize(bare);
const rps = (x: { mean: number }) => fmt(1000 / x.mean, 0);
const latencyRows = [
  [
    'bare `createMcpHandler`, same tools (baseline)',
    fmt(s.p50 * 1000, 0),
    fmt(s.mean * 1000, 0),
    fmt(s.p99 * 1000, 0),
    rps(s),
    '—',
    '—',
  ],
  [
    'web-mcp `createApp(...).fetch` (guard + Hono + factory)',
    fmt(o.p50 * 1000, 0),
    fmt(o.mean * 1000, 0),
    fmt(o.p99 * 1000, 0),
    rps(o),
    overhead(o.p50, s.p50),
    overhead(o.mean, s.mean),
  ],
];
const verdict = (o.p50 - s.p50) / s.p50 < 0.1 ? 'met' : 'missed';

publish(
  'tools-list',
  `# tools/list: size per tier and in-process latency

\`node --import tsx bench/tools-list.bench.ts\` — size is \`estimateTokens\` (o200k × 1.3, src/reply/budget.ts) over \`JSON.stringify\` of the \`tools/list\` result exactly as a client receives it, in each era (the modern one adds the SDK's \`resultType\`/\`ttlMs\`/\`cacheScope\`/\`_meta\` envelope). "Model-visible" counts only each tool's name, description and input schema: what most clients put in the model's prompt (annotations stay with the client). Targets: ≤ ${TARGET.basic} basic, ≤ ${TARGET.all} all tiers; web_search comes on top with a Brave key. Machine: ${machine()}.

| tiers | tools | JSON chars (modern) | **tokens, modern result** | tokens, legacy result | tokens, model-visible part | target (modern result) |
|---|---|---:|---:|---:|---:|---|
${sizeRows.map((r) => `| ${r.join(' | ')} |`).join('\n')}

Per tool (tokens of its entry in the list): ${[...perTool].map(([name, n]) => `${name} ${n}`).join(', ')}.

${table(['what', 'JSON chars', 'tokens'], ['l', 'r', 'r'], extraRows)}

In-process modern \`tools/list\` (all tiers + Brave key, ${last.services.tools.length} tools), ${(BLOCKS * PER_BLOCK) / 2} requests per handler in interleaved blocks of ${PER_BLOCK} after ${WARMUP} warm-up, sequential; requests/s from the mean.

${table(
  ['handler', 'median µs', 'mean µs', 'p99 µs', 'req/s', 'overhead (median)', 'overhead (mean)'],
  ['l', 'r', 'r', 'r', 'r', 'r', 'r'],
  latencyRows,
)}

Target: overhead under 10% (median) — **${verdict}**. The p99 and the mean carry GC pauses and other work on this shared machine; the median is the stable measure. The requests are built in-process, without Content-Length (as a chunked body arrives): the app reads such a body once, under its deadline and size limit, and hands the parsed message to the SDK, which the bare handler must read and parse itself — hence an overhead that can be below zero.`,
);
last.services.shutdown();
rmSync(cacheDir, { recursive: true, force: true });
