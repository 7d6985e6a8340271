// The verifier's precision and recall on the development corpus: every page
// served from loopback and read through the server's own page path (safe fetch →
// extract, the research page collector), then synthetic research replies checked with
// checkResearchQuotes: real sentences should pass, near-miss paraphrases should not.
// Run: node --import tsx bench/verify-corpus.bench.ts [--write]
// Corpus: WEB_MCP_PAGES_DIR, default ../shared/data/pages next to the repo; where it is
// absent, the sample in bench/data/readability (and the report says so).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { createPageReader } from '../src/page/page-text.ts';
import type { Finding, Reply } from '../src/reply/contract.ts';
import { normalizeForMatch } from '../src/reply/normalize.ts';
import { checkResearchQuotes } from '../src/reply/verify-sources.ts';
import { createPageCollector } from '../src/research/page-collector.ts';
import { readabilityDir } from './lib/corpora.ts';
import {
  KINDS,
  type Kind,
  paraphrase,
  quotableSentences,
  VARIANTS,
  type Variant,
  variant,
  vocabulary,
} from './lib/paraphrase.ts';
import { machine, prng, publish } from './lib/report.ts';
import { fmt, table } from './lib/stats.ts';
import { verifiedBefore } from './lib/verify-before.ts';

const QUOTES_PER_PAGE = 4;
const { dir: root, sample } = readabilityDir();
const pagesDir = existsSync(join(root, 'pages')) ? join(root, 'pages') : root;
const overrides = join(root, 'pages-0.6.0-overrides');

const corpus = readdirSync(pagesDir)
  .filter((name) => existsSync(join(pagesDir, name, 'source.html')))
  .sort()
  .map((name) => {
    const over = join(overrides, name, 'expected.txt');
    const expected = readFileSync(existsSync(over) ? over : join(pagesDir, name, 'expected.txt'), 'utf8');
    return { name, html: readFileSync(join(pagesDir, name, 'source.html')), expected };
  });
if (corpus.length === 0) throw new Error(`no pages under ${pagesDir}: set WEB_MCP_PAGES_DIR`);

const server = createServer((req, res) => {
  const name = decodeURIComponent((req.url ?? '/').split('/')[1] ?? '');
  const page = corpus.find((p) => p.name === name);
  res.writeHead(page ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
  res.end(page?.html ?? 'not found');
});
await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
const port = (server.address() as AddressInfo).port;
const urlOf = (name: string) => `http://127.0.0.1:${port}/${encodeURIComponent(name)}/`;

// The server's path for research verification: the page reader behind the collector.
const reader = createPageReader({
  fetch: globalThis.fetch.bind(globalThis),
  resolve: async () => {
    throw new Error('the bench resolves no names');
  },
  allowHosts: [`127.0.0.1:${port}`],
  cache: undefined,
});
const controller = new AbortController();
const collector = createPageCollector({ reader, signal: controller.signal });
const fetchStart = performance.now();
const held = await collector.collect(
  corpus.map((p) => urlOf(p.name)),
  Date.now() + 300_000,
  Date.now,
);
const fetchSeconds = (performance.now() - fetchStart) / 1000;

type Label = 'real' | Variant | Kind | 'short' | 'far splice' | 'other page';
const POSITIVE: readonly Label[] = ['real', ...VARIANTS];
interface Quote {
  readonly label: Label;
  readonly text: string;
}
const random = prng(20261130);
const loose = (s: string) => s.toLowerCase().replace(/\s+/g, ' ');
type Count = { n: number; ours: number; raw: number; before: number };
const counts = new Map<Label, Count>();
const misses: string[] = [];
let verifyMs = 0;
let quotesChecked = 0;
const everyVocab = vocabulary(corpus.map((p) => p.expected).join('\n'));

for (const [index, page] of corpus.entries()) {
  const url = urlOf(page.name);
  const text = held.get(url);
  if (text === undefined) continue;
  const pool = quotableSentences(page.expected);
  const real = Array.from(
    { length: Math.min(QUOTES_PER_PAGE, pool.length) },
    () => pool[Math.floor(random() * pool.length)] ?? '',
  );
  const expectedLoose = loose(page.expected);
  const quotes: Quote[] = real.map((q) => ({ label: 'real', text: q }));
  for (const q of real) {
    for (const kind of VARIANTS) {
      const faithful = variant(q, kind);
      if (faithful !== undefined) quotes.push({ label: kind, text: faithful });
    }
    for (const kind of KINDS) {
      const fake = paraphrase(q, kind, random, everyVocab);
      // A "paraphrase" that still occurs in the page is a real quote, not a negative.
      if (fake !== undefined && !expectedLoose.includes(loose(fake)))
        quotes.push({ label: kind, text: fake });
    }
  }
  // Verbatim but too short to prove anything: two or three words from inside a real sentence.
  for (const q of real) {
    const words = q.split(/\s+/);
    const size = 2 + Math.floor(random() * 2);
    const start = Math.floor(random() * Math.max(1, words.length - size));
    const short = words.slice(start, start + size).join(' ');
    if (words.length > size && expectedLoose.includes(loose(short)))
      quotes.push({ label: 'short', text: short });
  }
  // A splice: the start of one sentence and the end of another, some sentences later, elided as if one quote.
  if (pool.length > 2) {
    const a = Math.floor(random() * (pool.length - 2));
    const b = Math.min(pool.length - 1, a + 2 + Math.floor(random() * 4));
    const head = (pool[a] ?? '').split(/\s+/).slice(0, 5).join(' ');
    const tail = (pool[b] ?? '').split(/\s+/).slice(-5).join(' ');
    const splice = `${head} … ${tail}`;
    if (!expectedLoose.includes(loose(`${head} ${tail}`))) quotes.push({ label: 'far splice', text: splice });
  }
  const otherPool = quotableSentences(corpus[(index + 1) % corpus.length]?.expected ?? '');
  const other = otherPool[Math.floor(random() * otherPool.length)];
  if (other !== undefined && !expectedLoose.includes(loose(other)))
    quotes.push({ label: 'other page', text: other });

  const reply: Reply = {
    answer: 'Synthetic reply.',
    confidence: 'high',
    findings: quotes.map((q, i): Finding => ({ claim: `claim ${i}`, quote: q.text, source: 0, rank: i + 1 })),
    sources: [{ title: page.name, url }],
    gaps: [],
    meta: {
      model: 'bench',
      searches: 0,
      pages: 1,
      brave: false,
      verified: 0,
      quotes: 0,
      cached: false,
      trimmed: false,
      seconds: 0,
    },
  };
  const start = performance.now();
  const checked = checkResearchQuotes(reply, { pages: held, snippets: new Map() });
  verifyMs += performance.now() - start;
  quotesChecked += quotes.length;
  const normalised = normalizeForMatch(text);
  quotes.forEach((q, i) => {
    const ours = checked.findings[i]?.verified === true;
    const raw = text.includes(q.text); // baseline: a plain substring test on the same text
    const before = verifiedBefore(normalised, q.text); // the rule before minimum lengths (issue 27)
    const c = counts.get(q.label) ?? { n: 0, ours: 0, raw: 0, before: 0 };
    counts.set(q.label, {
      n: c.n + 1,
      ours: c.ours + (ours ? 1 : 0),
      raw: c.raw + (raw ? 1 : 0),
      before: c.before + (before ? 1 : 0),
    });
    if (POSITIVE.includes(q.label) && !ours && misses.length < 12)
      misses.push(`${page.name} (${q.label}): “${q.text.slice(0, 70)}”`);
  });
}
controller.abort();
server.close();

const get = (label: Label): Count => counts.get(label) ?? { n: 0, ours: 0, raw: 0, before: 0 };
const pct = (a: number, b: number) => (b === 0 ? 'n/a' : `${fmt((100 * a) / b, 1)}%`);
const sum = (cs: Count[], key: keyof Count) => cs.reduce((s, c) => s + c[key], 0);
const fakes = [...counts].filter(([label]) => !POSITIVE.includes(label)).map(([, c]) => c);
const fakeN = sum(fakes, 'n');
const score = (key: 'ours' | 'raw' | 'before', labels: readonly Label[]) => {
  const positives = labels.map(get);
  const tp = sum(positives, key);
  const fp = sum(fakes, key);
  return { precision: tp / Math.max(1, tp + fp), recall: tp / Math.max(1, sum(positives, 'n')), fp };
};
const DESCRIBE: Record<Label, string> = {
  real: '**real sentence, verbatim** (should pass)',
  elided: 'real, middle words elided with “…” (should pass)',
  retyped: 'real, quotes/dashes/first letter retyped (should pass)',
  shuffle: 'words shuffled (should fail)',
  replace: 'one inner word replaced (should fail)',
  synonym: 'one common word → synonym (should fail)',
  drop: 'one inner word dropped (should fail)',
  short: 'two or three words of a real sentence, verbatim (too short to prove: should not verify)',
  'far splice': 'start of one sentence … end of another, sentences later (should fail)',
  'other page': 'real sentence of another page (should fail)',
};
const rows = ([...POSITIVE, ...KINDS, 'short', 'far splice', 'other page'] as const).map((label) => {
  const c = get(label);
  return [DESCRIBE[label], String(c.n), pct(c.ours, c.n), pct(c.before, c.n), pct(c.raw, c.n)];
});
const scoreRow = (name: string, key: 'ours' | 'raw' | 'before', labels: readonly Label[]) => {
  const s = score(key, labels);
  return [name, fmt(s.precision, 3), fmt(s.recall, 3), `${s.fp} of ${fakeN}`];
};

publish(
  'verify-corpus',
  `# Quote verification on the development corpus
${sample ? '\n**Measured on the sample in bench/data** (the corpus outside the repository was absent).\n' : ''}
\`node --import tsx bench/verify-corpus.bench.ts\` — ${corpus.length} pages served from 127.0.0.1 and read through the server's page path (createPageReader: safe fetch → decode → extractPage; createPageCollector, 3 in parallel): ${held.size} held, ${corpus.length - held.size} not held (thin or unreadable: their quotes stay unverified, not counted below), in ${fmt(fetchSeconds, 1)} s. Per held page, ${QUOTES_PER_PAGE} real sentences drawn from expected.txt (6–60 words, deterministic seed) as quotes, two faithful rewrites of each (middle words elided with “…”; straight/curly quotes, dashes and first-letter case changed), and for each a near-miss: words shuffled, one inner word replaced by a corpus word, one common word swapped for a synonym (when it has one), one inner word dropped; two or three words cut from inside each real sentence (verbatim, but too short to prove anything); the start of one sentence elided to the end of another a few sentences later; plus a sentence of another page cited as this one. All checked with \`checkResearchQuotes\` (src/reply/verify-sources.ts); before: the rule before minimum lengths (any quote found, elided pieces up to 400 characters apart; bench/lib/verify-before.ts); baseline: a plain \`includes\` of the quote in the same extracted text. Machine: ${machine()}.

${table(
  [
    'quotes',
    'n',
    'verified by web-mcp',
    'verified by the rule before (no minimum, 400-character elisions)',
    'verified by plain includes (baseline)',
  ],
  ['l', 'r', 'r', 'r', 'r'],
  rows,
)}

${table(
  ['verifier', 'precision', 'recall', 'false accepts'],
  ['l', 'r', 'r', 'r'],
  [
    scoreRow('**web-mcp checkResearchQuotes**, verbatim sentences', 'ours', ['real']),
    scoreRow('the rule before, verbatim sentences', 'before', ['real']),
    scoreRow('plain includes (baseline), verbatim sentences', 'raw', ['real']),
    scoreRow('**web-mcp checkResearchQuotes**, all faithful quotes', 'ours', POSITIVE),
    scoreRow('the rule before, all faithful quotes', 'before', POSITIVE),
    scoreRow('plain includes (baseline), all faithful quotes', 'raw', POSITIVE),
  ],
)}

Verification time: ${fmt(verifyMs, 0)} ms for ${quotesChecked} quotes on ${held.size} pages (${fmt(verifyMs / Math.max(1, held.size), 2)} ms per page).

Pages not held: ${
    corpus
      .filter((p) => !held.has(urlOf(p.name)))
      .map((p) => p.name)
      .join(', ') || 'none'
  }.

${misses.length === 0 ? 'Every faithful quote was verified.' : `Faithful quotes not verified (first ${misses.length}): ${misses.join('; ')}.`}`,
);
