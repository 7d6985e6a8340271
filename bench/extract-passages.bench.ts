// Passage selection on questions about Wikipedia pages: how often the sentence that
// answers is among the passages chosen at a 300-token budget (by the reply's token
// estimate), and whether any choice ever exceeds its budget.
// Run: node --import tsx bench/extract-passages.bench.ts [--write]

import { extractPage } from '../src/page/html/extract.ts';
import { selectPassages } from '../src/page/passages/passages.ts';
import { estimateTokens, loadTokenizer } from '../src/reply/budget.ts';
import { modernCorpus, readabilityCorpus } from './lib/corpora.ts';
import { questionsFor, visibleWords } from './lib/questions.ts';
import { machine, prng, publish } from './lib/report.ts';
import { table } from './lib/stats.ts';

const PER_PAGE = 60;
const BUDGETS = [300, 1000];

await loadTokenizer();
const corpora = [readabilityCorpus(), modernCorpus()];
const [readability, modern] = corpora.map((c) => c.pages);
const wiki = [
  ...(readability ?? []).filter((p) => p.id.startsWith('wikipedia')),
  ...(modern ?? []).filter((p) => /\bwikipedia\.org\//.test(p.url)),
];
const random = prng(16);
const rows: string[][] = [];
const totals = new Map<number, { hit: number; asked: number; over: number; tokens: number }>();
for (const page of wiki) {
  const { markdown } = await extractPage(page.html, page.url);
  const questions = questionsFor(markdown, PER_PAGE, random);
  const cells = [`${page.corpus}/${page.id}`, String(questions.length), String(estimateTokens(markdown))];
  for (const budget of BUDGETS) {
    const t = totals.get(budget) ?? { hit: 0, asked: 0, over: 0, tokens: 0 };
    let hit = 0;
    for (const q of questions) {
      const chosen = await selectPassages(markdown, q.question, budget, estimateTokens);
      const used = chosen.reduce((s, p) => s + estimateTokens(p), 0);
      if (used > budget) t.over += 1;
      t.tokens += used;
      if (visibleWords(chosen.join('\n\n')).includes(visibleWords(q.answer))) hit += 1;
    }
    t.hit += hit;
    t.asked += questions.length;
    totals.set(budget, t);
    cells.push(`${((100 * hit) / Math.max(1, questions.length)).toFixed(1)}%`);
  }
  rows.push(cells);
}
const summary = [...totals].map(
  ([budget, t]) =>
    `- ${budget}-token budget: answer kept for ${t.hit} of ${t.asked} questions (${((100 * t.hit) / Math.max(1, t.asked)).toFixed(1)}%), ${t.over} selections over budget, ${(t.tokens / Math.max(1, t.asked)).toFixed(0)} tokens sent on average.`,
);
publish(
  'extract-passages',
  [
    '# Passage selection on questions about Wikipedia pages',
    '',
    ...(corpora.some((c) => c.sample)
      ? ['**Measured on the sample in bench/data** (a corpus outside the repository was absent).', '']
      : []),
    `Pages: every Wikipedia page of the two extraction corpora (${wiki.length}). Up to ${PER_PAGE} questions a page, drawn`,
    'with a fixed seed (bench/lib/questions.ts): a sentence of the page with a fact (a number or a name) taken out, asked',
    'with about half of its other content words. A question counts as answered when the whole sentence is in the chosen',
    "passages. Tokens are the reply's estimate (`estimateTokens`).",
    '',
    ...summary,
    '',
    table(
      ['page', 'questions', 'page tokens', ...BUDGETS.map((b) => `kept @${b}`)],
      ['l', 'r', 'r', ...BUDGETS.map(() => 'r' as const)],
      rows,
    ),
    '',
    `Machine: ${machine()}.`,
  ].join('\n'),
);
