// How many page fetches and reads at once (the page pool) and how many read workers: bursts of
// simultaneous web_read calls at the built server for each setting, over a mix of real pages,
// a trickling server and a PDF, measuring time, latency, peak memory, busy refusals and tools/list.
// Run: node --import tsx bench/page-pool.bench.ts [--write] [--repeat N] (needs `npm run build` first)
import { join } from 'node:path';
import { ROOT } from '../test/helpers/entries.ts';
import { sandbox } from '../test/helpers/fake-claude-env.ts';
import { startLoopbackServer } from '../test/helpers/loopback-server.ts';
import { connectStdio } from '../test/helpers/mcp-client.ts';
import { largePdf } from '../test/helpers/pdf-fixtures.ts';
import { modernCorpus, readabilityCorpus } from './lib/corpora.ts';
import { rssMb } from './lib/processes.ts';
import { machine, prng, publish } from './lib/report.ts';
import { watchServer } from './lib/server-watch.ts';
import { fmt, summarize, table } from './lib/stats.ts';

/** [page slots, read workers]: the shipped 4 × 2 and its neighbours. */
const SETTINGS: readonly (readonly [number, number])[] = [
  [1, 1],
  [2, 1],
  [2, 2],
  [4, 1],
  [4, 2],
  [4, 4],
  [8, 2],
  [8, 4],
];
/** Each burst on a fresh server: with the default Claude gate (2 runs, 8 waiting), and with every call admitted. */
const BURSTS = [
  { name: '8 simultaneous calls', n: 8, slowEvery: 10, env: {} },
  { name: '8 simultaneous calls, 7 of them to a trickling origin', n: 8, slowEvery: 1, env: {} },
  { name: '50 simultaneous calls', n: 50, slowEvery: 10, env: {} },
  {
    name: '50 simultaneous calls, all admitted (WEB_MCP_QUEUE=48)',
    n: 50,
    slowEvery: 10,
    env: { WEB_MCP_QUEUE: '48' },
  },
] as const;
type Scenario = (typeof BURSTS)[number];
/** The trickling page: this many chunks, this far apart (a slow origin holds a slot, not a core). */
const TRICKLE = { chunks: 20, everyMs: 100 } as const;
const repeatAt = process.argv.indexOf('--repeat');
const REPEATS = repeatAt > 0 ? Math.max(1, Number(process.argv[repeatAt + 1]) || 1) : 1;

type Page = { body: Uint8Array; type: string };
const encode = (text: string) => new TextEncoder().encode(text);
const readability = readabilityCorpus();
const modern = modernCorpus();
const html: Page[] = [...readability.pages, ...modern.pages].map((p) => ({
  body: encode(p.html),
  type: 'text/html; charset=utf-8',
}));
const pdf: Page = { body: await largePdf(4), type: 'application/pdf' };
const trickled = encode(readability.pages[0]?.html ?? '<p>slow</p>');

const origin = await startLoopbackServer(async (req, res) => {
  const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
  if (path === '/slow') {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    const step = Math.ceil(trickled.length / TRICKLE.chunks);
    for (let at = 0; at < trickled.length; at += step) {
      res.write(trickled.subarray(at, at + step));
      await new Promise((resolve) => setTimeout(resolve, TRICKLE.everyMs));
    }
    res.end();
    return;
  }
  const page = path === '/doc.pdf' ? pdf : html[Number(path.slice(6))];
  res.writeHead(page ? 200 : 404, { 'content-type': page?.type ?? 'text/plain' });
  res.end(page?.body ?? 'not found');
});

/** The burst's pages: one PDF, one trickling page in `slowEvery`, the rest corpus pages in a fixed shuffle; every URL unseen. */
function burstUrls(n: number, slowEvery: number, tag: string): string[] {
  const draw = prng(n);
  return Array.from({ length: n }, (_, i) => {
    const path =
      i === 0
        ? '/doc.pdf'
        : i % slowEvery === 5 % slowEvery
          ? '/slow'
          : `/page/${Math.floor(draw() * html.length)}`;
    return `${origin.url}${path}?burst=${tag}-${i}`;
  });
}

interface Burst {
  readonly totalS: number;
  /** Arrival → the page read (the call's "reading:" progress), for calls that got that far. */
  readonly read: { readonly p50: number; readonly p95: number };
  /** Arrival → the answer, for calls not refused as busy. */
  readonly answer: { readonly p50: number; readonly p95: number };
  readonly idleMb: number;
  readonly peakMb: number;
  readonly busy: number;
  readonly failed: number;
  readonly listMs: number;
}

const draft = { answer: 'Read [1].', confidence: 'medium', findings: [], sources: [], gaps: [] };

async function measure(slots: number, workers: number, burst: Scenario, round: number): Promise<Burst> {
  const box = sandbox({ FAKE_CLAUDE_OUTPUT: JSON.stringify(draft) });
  const session = await connectStdio(
    { runtime: 'node', command: process.execPath, args: [join(ROOT, 'bench/fixtures/pool-server.mjs')] },
    'modern',
    {
      env: box.env({ WEB_MCP_ALLOW_HOSTS: `127.0.0.1:${origin.port}`, ...burst.env }),
      args: [String(slots), String(workers)],
    },
  );
  const pid = session.transport.pid ?? 0;
  try {
    await session.client.listTools();
    const idleMb = rssMb(pid);
    const watch = watchServer(session.client, () => rssMb(pid), 20);
    const started = performance.now();
    const calls = burstUrls(burst.n, burst.slowEvery, `${slots}x${workers}-${round}`).map(async (url) => {
      const asked = performance.now();
      let readMs: number | undefined;
      const result = await session.client.callTool(
        { name: 'web_read', arguments: { url, max_tokens: 300 } },
        {
          timeout: 300_000,
          resetTimeoutOnProgress: true,
          onprogress: (p) => {
            if (readMs === undefined && p.message?.startsWith('reading:')) readMs = performance.now() - asked;
          },
        },
      );
      const text = ((result.content ?? []) as { text?: string }[]).map((c) => c.text ?? '').join('');
      const code = result.isError ? (text.match(/^\w+/)?.[0] ?? 'error') : 'ok';
      if (code !== 'ok' && code !== 'busy')
        console.error(`page-pool: ${new URL(url).pathname} answered ${text.slice(0, 160)}`);
      return { ms: performance.now() - asked, readMs, code };
    });
    const done = await Promise.all(calls);
    const totalS = (performance.now() - started) / 1000;
    const { peak, slowestMs: slowest } = await watch.stop();
    const admitted = done.filter((d) => d.code !== 'busy');
    const answer = summarize(admitted.map((d) => d.ms));
    const read = summarize(admitted.flatMap((d) => (d.readMs === undefined ? [] : [d.readMs])));
    console.error(
      `page-pool: ${slots} slots × ${workers} workers, ${burst.name} (round ${round}): ${totalS.toFixed(1)} s, ${Math.round(idleMb)} → ${Math.round(peak)} MB`,
    );
    return {
      totalS,
      read: { p50: read.p50, p95: read.p95 },
      answer: { p50: answer.p50, p95: answer.p95 },
      idleMb,
      peakMb: peak,
      busy: done.length - admitted.length,
      failed: admitted.filter((d) => d.code !== 'ok').length,
      listMs: slowest,
    };
  } finally {
    await session.close();
    box.remove();
  }
}

const runs = new Map<string, Burst[]>();
const key = (slots: number, workers: number, burst: Scenario) => `${slots}×${workers} ${burst.name}`;
for (let round = 1; round <= REPEATS; round++) {
  // Alternate the order, so a load that drifts over the run does not favour one end of the grid.
  const order = round % 2 === 1 ? SETTINGS : [...SETTINGS].reverse();
  for (const [slots, workers] of order) {
    for (const burst of BURSTS) {
      const k = key(slots, workers, burst);
      runs.set(k, [...(runs.get(k) ?? []), await measure(slots, workers, burst, round)]);
    }
  }
}
await origin.close();

/** Median over rounds, with the spread (min–max) when there was more than one. */
function cell(values: number[], digits: number): string {
  const s = summarize(values);
  const spread =
    values.length > 1 ? ` (${fmt(Math.min(...values), digits)}–${fmt(Math.max(...values), digits)})` : '';
  return `${fmt(s.p50, digits)}${spread}`;
}

const sections = BURSTS.map((burst) => {
  const rows = SETTINGS.map(([slots, workers]) => {
    const bursts = runs.get(key(slots, workers, burst)) ?? [];
    const of = (pick: (b: Burst) => number, digits: number) => cell(bursts.map(pick), digits);
    return [
      `${slots} × ${workers}`,
      of((b) => b.totalS, 1),
      of((b) => b.read.p50 / 1000, 1),
      of((b) => b.read.p95 / 1000, 1),
      of((b) => b.answer.p50 / 1000, 1),
      of((b) => b.answer.p95 / 1000, 1),
      of((b) => b.idleMb, 0),
      of((b) => b.peakMb, 0),
      of((b) => b.busy, 0),
      of((b) => b.failed, 0),
      of((b) => b.listMs, 0),
    ];
  });
  return `### ${burst.name}\n\n${table(
    [
      'slots × workers',
      'total s',
      'read median s',
      'read p95 s',
      'answer median s',
      'answer p95 s',
      'idle MB',
      'peak MB',
      'busy',
      'failed',
      'slowest tools/list ms',
    ],
    ['l', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r'],
    rows,
  )}`;
});

const corpus = readability.sample || modern.sample ? 'the sample pages in bench/data' : 'both corpora';
publish(
  'page-pool',
  `## page-pool

\`npm run bench -- page-pool\` — bursts of simultaneous \`web_read\` calls, each burst on a fresh
built Node server (bench/fixtures/pool-server.mjs) with its page slots × read workers set, and the
fake \`claude\` (2 runs at once). Each burst: one ${Math.round(pdf.body.length / 1024).toLocaleString(
    'en',
  )} KB PDF (150 pages of text, each with an image), one page in ten (unless said otherwise) trickled in ${TRICKLE.chunks} chunks ${TRICKLE.everyMs} ms apart, the rest
${html.length} pages of ${corpus}, every URL unseen. Latencies are of the calls not refused as busy:
read is arrival → the page read (the call's \`reading:\` progress), answer is arrival → the reply.
Idle MB is the server's resident memory before the burst, peak MB is the server process's resident memory (read workers are its threads; the fake claude
runs are not counted); tools/list was asked every 100 ms meanwhile. ${
    REPEATS > 1
      ? `Median of ${REPEATS} rounds by nearest rank (of two, the lower), min–max in brackets. `
      : ''
  }${machine()}.

${sections.join('\n\n')}
`,
);
