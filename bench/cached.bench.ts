// Cached-answer latency through the real HTTP server: the Node entry with the fake
// claude, one web_research call to fill the cache, then repeated identical calls,
// against a tools/list round trip on the same server (the floor of any MCP call).
// Run: node --import tsx bench/cached.bench.ts [--write] (needs `npm run build` first)
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { sandbox } from '../test/helpers/fake-claude-env.ts';
import { snapshotDist } from './lib/dist-snapshot.ts';
import { load, send, type Target } from './lib/http-client.ts';
import { modernBody, modernHeaders } from './lib/modern.ts';
import { startHttp } from './lib/processes.ts';
import { machine, publish } from './lib/report.ts';
import { fmt, table } from './lib/stats.ts';

const SEQUENTIAL = 1000;
const CONCURRENT = 2000;
const CONCURRENCY = 4;
const TARGET_P50_MS = 5;

// The page the fake run cites, on loopback, so the server's quote check reads it here.
const QUOTE = 'The loopback fixture page exists only for this benchmark';
const page = createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  res.end(
    `<!doctype html><html><head><title>Bench fixture</title></head><body><article><h1>Bench fixture</h1><p>${QUOTE}. ${'It has enough text to be read as an article and not as a thin page. '.repeat(20)}</p></article></body></html>`,
  );
});
await new Promise<void>((resolve) => page.listen(0, '127.0.0.1', resolve));
const pagePort = (page.address() as AddressInfo).port;
const pageUrl = `http://127.0.0.1:${pagePort}/article`;

const box = sandbox({
  FAKE_CLAUDE_OUTPUT: JSON.stringify({
    answer: 'The fixture page exists only for this benchmark [1].',
    confidence: 'high',
    findings: [{ claim: 'The page is a bench fixture.', quote: QUOTE, source: 0, rank: 1 }],
    sources: [{ title: 'Bench fixture', url: pageUrl }],
    gaps: [],
  }),
});
const env = box.env({ HOME: box.dir, WEB_MCP_ALLOW_HOSTS: `127.0.0.1:${pagePort}` });
const snap = snapshotDist();
const server = await startHttp(
  { command: process.execPath, args: [join(snap.root, 'dist/node/main.js')] },
  env,
);

const args = { question: 'What is the bench fixture page for?', goal: 'measure cached replies' };
const research = (cached: boolean): Target => ({
  port: server.port,
  method: 'POST',
  path: '/mcp',
  headers: modernHeaders('tools/call', 'web_research'),
  body: () => modernBody('tools/call', { name: 'web_research', arguments: args }),
  check: (status, text) => {
    if (
      status !== 200 ||
      text.includes('"isError":true') ||
      !text.includes(`cached ${cached ? 'yes' : 'no'}`)
    ) {
      throw new Error(`web_research answered ${status}: ${text.slice(0, 400)}`);
    }
  },
});
const list: Target = {
  port: server.port,
  method: 'POST',
  path: '/mcp',
  headers: modernHeaders('tools/list'),
  body: () => modernBody('tools/list'),
  check: (status) => {
    if (status !== 200) throw new Error(`tools/list answered ${status}`);
  },
};

try {
  const { Agent } = await import('node:http');
  const first = performance.now();
  const answer = await send(new Agent(), research(false));
  research(false).check?.(answer.status, answer.text);
  const firstMs = performance.now() - first;
  const verified = /verified (\d+\/\d+)/.exec(answer.text)?.[1] ?? '?';

  await load(research(true), 200, 2);
  await load(list, 200, 2);
  const floor = await load(list, SEQUENTIAL, 1);
  const hit = await load(research(true), SEQUENTIAL, 1);
  const floorC = await load(list, CONCURRENT, CONCURRENCY);
  const hitC = await load(research(true), CONCURRENT, CONCURRENCY);
  const runs = box.runs().length;
  if (runs !== 1) throw new Error(`expected one claude run, the fake ran ${runs} times`);

  const row = (label: string, r: Awaited<ReturnType<typeof load>>) => [
    label,
    fmt(r.latency.p50, 2),
    fmt(r.latency.p95, 2),
    fmt(r.latency.p99, 2),
    fmt(r.perSecond, 0),
  ];
  const p50 = hit.latency.p50;
  publish(
    'cached',
    `# Cached answers through the real HTTP server

\`node --import tsx bench/cached.bench.ts\` (after \`npm run build\`): \`node dist/node/main.js --http 127.0.0.1:0\` with the fake claude on PATH and a private cache dir; the cited page is served on loopback (WEB_MCP_ALLOW_HOSTS) so the quote check runs for real. First call (fake claude run + page fetch + verify, verified ${verified}): ${fmt(firstMs, 0)} ms. Then identical modern \`tools/call web_research\` calls over a keep-alive node:http client in this process (it shares the CPUs with the server); the fake ran ${runs} time in total. Machine: ${machine()}.

${table(
  ['request', 'median ms', 'p95 ms', 'p99 ms', 'req/s'],
  ['l', 'r', 'r', 'r', 'r'],
  [
    row(`tools/list, sequential ×${SEQUENTIAL} (baseline: MCP round trip floor)`, floor),
    row(`**web_research, cached**, sequential ×${SEQUENTIAL}`, hit),
    row(`tools/list, ${CONCURRENCY} concurrent ×${CONCURRENT} (baseline)`, floorC),
    row(`**web_research, cached**, ${CONCURRENCY} concurrent ×${CONCURRENT}`, hitC),
  ],
)}

Target: cached p50 under ${TARGET_P50_MS} ms — **${p50 < TARGET_P50_MS ? 'met' : 'missed'}** (${fmt(p50, 2)} ms; ${fmt(p50 - floor.latency.p50, 2)} ms above the tools/list floor).`,
  );
} finally {
  await server.stop();
  page.close();
  box.remove();
  snap.remove();
}
