// Brave client costs that run on every call: snippet decoding (parse5 vs a naive
// regex baseline), a cached search vs an uncached one against the loopback fake.
import { createBrave } from '../src/brave/client.ts';
import { plainText } from '../src/brave/snippet.ts';
import { silentLog } from '../src/log.ts';
import { resultsFor, startFakeBrave, webBody } from '../test/helpers/fake-brave.ts';

const naive = (html: string) =>
  html
    .replace(/<[^>]*>/g, '')
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();

async function time(label: string, runs: number, fn: () => unknown): Promise<[string, number]> {
  for (let i = 0; i < Math.min(200, runs); i++) await fn();
  const start = performance.now();
  for (let i = 0; i < runs; i++) await fn();
  return [label, ((performance.now() - start) * 1000) / runs];
}

const snippets = Array.from(
  { length: 20 },
  (_, i) =>
    `The <strong>Node.js ${i}</strong> release &amp; LTS &quot;schedule&quot; &#39;24 — see the docs for more details.`,
);

const fake = await startFakeBrave();
fake.script((req) => ({ body: webBody(resultsFor(req.params.get('q') ?? '', 20)) }));
const brave = createBrave({
  key: 'bench-key',
  baseUrl: fake.baseUrl,
  fetch,
  log: silentLog,
  ratePerSecond: 1_000_000,
});
let n = 0;
await brave.search({ query: 'cached', count: 20 });

const rows = [
  await time('decode 20 snippets: naive regex (baseline)', 2000, () => snippets.map(naive)),
  await time('decode 20 snippets: parse5 plainText', 2000, () => snippets.map(plainText)),
  await time('search, uncached (loopback fake, 20 results)', 300, () =>
    brave.search({ query: `q${n++}`, count: 20 }),
  ),
  await time('search, cache hit', 5000, () => brave.search({ query: 'cached', count: 20 })),
];
await fake.close();

console.log('| case | µs per op |\n|---|---:|');
for (const [label, us] of rows) console.log(`| ${label} | ${us.toFixed(1)} |`);
