// Cache get/set latency on the Node fs driver against the memory driver in the same
// run, for a reply-sized entry: hit, miss and write, median and p99 in microseconds;
// and what the deadline-and-slots wrapper adds to one driver read.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Driver } from 'unstorage';
import memoryDriver from 'unstorage/drivers/memory';
import { boundDriver } from '../src/cache/bounded-driver.ts';
import { CACHE_OP_TIMEOUT_MS, createCache, TTL } from '../src/cache/cache.ts';
import { fsCacheDriver } from '../src/cache/fs-driver.ts';
import { cacheKey } from '../src/cache/keys.ts';
import { silentLog } from '../src/log.ts';

const ROUNDS = 3000;
const WARMUP = 300;

/** A research reply of realistic size (about 1.4 KB as JSON). */
const reply = {
  answer: `The capital of France is Paris [1]. ${'It has been the seat of government for centuries. '.repeat(12)}`,
  quotes: [1, 2, 3].map((n) => ({
    source: n,
    text: 'Paris is the capital and largest city of France.'.repeat(3),
  })),
  sources: [1, 2, 3].map((n) => ({ n, title: `Source ${n}`, url: `https://example.com/page-${n}` })),
  notFound: [],
};

function stats(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
  return { p50: at(0.5) * 1000, p99: at(0.99) * 1000 };
}

async function time(run: (i: number) => Promise<unknown>): Promise<number[]> {
  for (let i = 0; i < WARMUP; i++) await run(i);
  const samples: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const start = performance.now();
    await run(i);
    samples.push(performance.now() - start);
  }
  return samples;
}

async function measure(name: string, driver: Driver) {
  const cache = createCache({ driver, maxBytes: 1024 * 1024 * 1024, log: silentLog });
  const keys = await Promise.all(
    Array.from({ length: ROUNDS + WARMUP }, (_, i) =>
      cacheKey({ tool: 'research', question: `question ${i}` }),
    ),
  );
  const missKey = await cacheKey({ tool: 'research', question: 'never stored' });
  const key = (i: number) => keys[i % keys.length] ?? '';
  const set = await time((i) => cache.set(key(i), reply, TTL.research.any));
  const hit = await time((i) => cache.get(key(i)));
  const miss = await time(() => cache.get(missKey));
  if ((await cache.get(key(0))) === undefined || (await cache.get(missKey)) !== undefined) {
    throw new Error(`${name}: hits and misses are not what the bench assumes`);
  }
  return [
    { name, op: 'set', ...stats(set) },
    { name, op: 'get (hit)', ...stats(hit) },
    { name, op: 'get (miss)', ...stats(miss) },
  ];
}

/** One getItem straight on the driver, then through boundDriver as the cache uses it. */
async function wrapperCost(name: string, driver: Driver) {
  await driver.setItem?.('k', JSON.stringify(reply), {});
  const bounded = boundDriver(driver, {
    timeoutMs: CACHE_OP_TIMEOUT_MS,
    listTimeoutMs: CACHE_OP_TIMEOUT_MS,
    concurrency: 2,
    onTimeout() {},
  });
  const direct = await time(async () => driver.getItem('k', {}));
  const wrapped = await time(async () => bounded.getItem('k', {}));
  return [
    { name: `${name}, driver alone (baseline)`, op: 'getItem', ...stats(direct) },
    { name: `${name}, with deadline and slots`, op: 'getItem', ...stats(wrapped) },
  ];
}

const root = await mkdtemp(join(tmpdir(), 'web-mcp-cache-bench-'));
try {
  const rows = [
    ...(await measure('memory (baseline)', memoryDriver())),
    ...(await measure('fs (node adapter)', fsCacheDriver({ base: root }))),
    ...(await wrapperCost('memory', memoryDriver())),
    ...(await wrapperCost('fs', fsCacheDriver({ base: join(root, 'wrap') }))),
  ];
  const fmt = (us: number) => us.toFixed(1);
  const table = [
    '| driver | operation | median µs | p99 µs |',
    '|---|---|---:|---:|',
    ...rows.map((r) => `| ${r.name} | ${r.op} | ${fmt(r.p50)} | ${fmt(r.p99)} |`),
  ].join('\n');
  const machine = `${availableParallelism()} CPUs (nproc), Node ${process.version}, ${new Date().toISOString().slice(0, 10)}, load average ${loadavg()[0]?.toFixed(1)} at the end (other work shares the machine: read p99 with care)`;
  const report = `# Cache get/set latency\n\n\`node --import tsx bench/cache.bench.ts\` — ${ROUNDS} timed operations each after ${WARMUP} warm-up, entry ≈ ${JSON.stringify(reply).length} bytes of JSON, temp dir under os.tmpdir(). Machine: ${machine}.\n\n${table}\n`;
  console.log(report);
  await mkdir(new URL('./results/', import.meta.url), { recursive: true });
  await writeFile(new URL('./results/cache.md', import.meta.url), report);
} finally {
  await rm(root, { recursive: true, force: true });
}
