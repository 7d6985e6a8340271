// The head start with pages read. Evidence recall: on questions about Wikipedia pages,
// with the page among distractors as the search results, how often the sentence that
// answers is in what the prompt carries — the passages of the top pages read (per count
// and budget) against the results' snippets alone. Then the time the reads add before
// the run, on loopback pages, cold and from the cache.
// Run: node --import tsx bench/head-start.bench.ts [--write]
import memoryDriver from 'unstorage/drivers/memory';
import type { BraveResult } from '../src/brave/client.ts';
import { createCache } from '../src/cache/cache.ts';
import { silentLog } from '../src/log.ts';
import { extractPage } from '../src/page/html/extract.ts';
import { createPageReader, type PageReader } from '../src/page/page-text.ts';
import { estimateTokens, loadTokenizer } from '../src/reply/budget.ts';
import { readHeadStart } from '../src/research/head-start.ts';
import { createReaderRecord } from '../src/research/reader-record.ts';
import { startLoopbackServer } from '../test/helpers/loopback-server.ts';
import { loadModern, loadReadabilityPages } from './lib/corpora.ts';
import { questionsFor, visibleWords } from './lib/questions.ts';
import { machine, prng, publish } from './lib/report.ts';
import { fmt, summarize, table } from './lib/stats.ts';

const PER_PAGE = 8;
const RESULTS = 5;
const COUNTS = [3, 5];
const BUDGETS = [500, 700, 1000];
const TIME_ROUNDS = 20;

await loadTokenizer();
const wiki = [
  ...loadReadabilityPages().filter((p) => p.id.startsWith('wikipedia')),
  ...loadModern().filter((p) => /\bwikipedia\.org\//.test(p.url)),
];
interface Held {
  readonly url: string;
  readonly title: string;
  readonly markdown: string;
  readonly snippet: string;
}
/** A search snippet stands in as the page's lead: its first prose sentences, up to 250 characters. */
function leadSnippet(markdown: string): string {
  const prose = markdown.split(/\n{2,}/).find((b) => !/^\s*(#|\||[-*] |!\[)/.test(b) && b.length > 80) ?? '';
  const plain = visibleWords(prose);
  return plain.length <= 250 ? plain : `${plain.slice(0, 250).replace(/\s\S*$/, '')}…`;
}
const held: Held[] = [];
for (const [i, page] of wiki.entries()) {
  const { markdown, title } = await extractPage(page.html, page.url);
  held.push({ url: `http://127.0.0.1:9/wiki/${i}`, title, markdown, snippet: leadSnippet(markdown) });
}
const byUrl = new Map(held.map((h) => [h.url, h]));
const offline: PageReader = {
  read: async (url) => {
    const h = byUrl.get(url);
    if (!h) throw new Error(`no page ${url}`);
    return { url, title: h.title, markdown: h.markdown, text: h.markdown, thin: false };
  },
};

const random = prng(24);
const hits = new Map<string, { hit: number; tokens: number }>();
let asked = 0;
let snippetHits = 0;
let snippetTokens = 0;
for (const [i, page] of held.entries()) {
  for (const [k, q] of questionsFor(page.markdown, PER_PAGE, random).entries()) {
    const others = held.filter((_, j) => j !== i).sort(() => random() - 0.5);
    const rank = k % RESULTS; // the page at each rank alike
    const listed = [...others.slice(0, RESULTS - 1)];
    listed.splice(rank, 0, page);
    const results: BraveResult[] = listed.map((h) => ({ title: h.title, url: h.url, snippet: h.snippet }));
    const answer = visibleWords(q.answer);
    asked += 1;
    if (visibleWords(page.snippet).includes(answer)) snippetHits += 1;
    snippetTokens += results.reduce((s, r) => s + estimateTokens(r.snippet), 0);
    for (const count of COUNTS) {
      for (const budget of BUDGETS) {
        const record = createReaderRecord();
        const blocks = await readHeadStart(results, {
          pages: offline,
          record,
          query: q.question,
          signal: new AbortController().signal,
          budgetMs: 180_000,
          count,
          budgetTokens: budget,
          estimate: estimateTokens,
        });
        const key = `${count}@${budget}`;
        const t = hits.get(key) ?? { hit: 0, tokens: 0 };
        const inPrompt = `${record.textFor(page.url) ?? ''}\n${page.snippet}`;
        if (visibleWords(inPrompt).includes(answer)) t.hit += 1;
        t.tokens += blocks.reduce((s, b) => s + estimateTokens(b), 0);
        hits.set(key, t);
      }
    }
  }
}
const pct = (n: number) => `${((100 * n) / Math.max(1, asked)).toFixed(1)}%`;
const recallRows = [
  ['snippets alone', `${RESULTS} results`, pct(snippetHits), fmt(snippetTokens / Math.max(1, asked), 0)],
  ...[...hits].map(([key, t]) => {
    const [count, budget] = key.split('@');
    return [
      `top ${count} pages read + snippets`,
      `${budget} tokens a page`,
      pct(t.hit),
      fmt(t.tokens / Math.max(1, asked), 0),
    ];
  }),
];

// Time the reads add before the run: three loopback pages, a fresh cache (cold) or a warm one.
const served = wiki.slice(0, 3).map((page, i) => ({ path: `/p${i}`, html: page.html }));
const server = await startLoopbackServer((req, res) => {
  const page = served.find((s) => s.path === req.url);
  res.writeHead(page ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
  res.end(page?.html ?? '');
});
const results: BraveResult[] = served.map((s) => ({
  title: s.path,
  url: `${server.url}${s.path}`,
  snippet: '',
}));
const makeReader = () =>
  createPageReader({
    fetch: globalThis.fetch.bind(globalThis),
    resolve: async () => ['127.0.0.1'],
    allowHosts: [`127.0.0.1:${server.port}`],
    cache: createCache({ driver: memoryDriver(), maxBytes: 100 * 1024 * 1024, log: silentLog }),
  });
let pagesRead = 0;
const once = async (pages: PageReader) => {
  const start = performance.now();
  const blocks = await readHeadStart(results, {
    pages,
    record: createReaderRecord(),
    query: 'history and population of the city',
    signal: new AbortController().signal,
    budgetMs: 180_000,
  });
  pagesRead += blocks.length;
  return performance.now() - start;
};
const cold: number[] = [];
const cached: number[] = [];
for (let i = 0; i < TIME_ROUNDS; i++) {
  const reader = makeReader();
  cold.push(await once(reader));
  cached.push(await once(reader));
}
await server.close();
const c = summarize(cold);
const w = summarize(cached);

publish(
  'head-start',
  [
    '# Head start with pages read',
    '',
    `Evidence recall: ${asked} questions about the ${held.length} Wikipedia pages of the two extraction corpora (up to ${PER_PAGE} a`,
    `page, fixed seed, bench/lib/questions.ts). Each question's page is one of ${RESULTS} results, at each rank alike, among other`,
    'Wikipedia pages; a question counts when the whole answer sentence is in what the prompt carries for its page. Snippets',
    "are simulated as the page's lead (its first prose sentences, up to 250 characters). Tokens are the prompt's added",
    "estimate (`estimateTokens`) per question. Pages are read by the head start's own code (`readHeadStart`), offline.",
    '',
    table(
      ['what the prompt carries', 'budget', 'answer sentence present', 'prompt tokens added'],
      ['l', 'l', 'r', 'r'],
      recallRows,
    ),
    '',
    `Added time before the run: three Wikipedia pages served on loopback, read in parallel with passages for one query;`,
    `${TIME_ROUNDS} rounds, each with a fresh page cache (cold), then again from it (cached); ${pagesRead} of ${TIME_ROUNDS * 6}`,
    'reads came back with passages within the bound.',
    '',
    table(
      ['head start reads', 'median ms', 'p95 ms'],
      ['l', 'r', 'r'],
      [
        ['cold (fetch, extract, passages)', fmt(c.p50), fmt(c.p95)],
        ['cached (passages only)', fmt(w.p50), fmt(w.p95)],
      ],
    ),
    '',
    `Machine: ${machine()}.`,
  ].join('\n'),
);
