// Reply core speed: token estimate throughput, fitting a large over-cap reply at the
// default caps, and quote verification on a 2 MB page. Run: node --import tsx bench/reply.bench.ts
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { estimateTokens, loadTokenizer } from '../src/reply/budget.ts';
import type { Reply } from '../src/reply/contract.ts';
import { fitReply } from '../src/reply/fit.ts';
import { renderJson, renderMarkdown } from '../src/reply/render.ts';
import { verifyQuotes } from '../src/reply/verify.ts';

const WORDS =
  'the of and to in is was for on that with as by at from his her it an were are which this be or has had not but also first one their its new after who they have two been more other into most'.split(
    ' ',
  );
// Deterministic pseudo-random prose (no Math.random: runs compare).
function prose(chars: number, seed = 1): string {
  let x = seed;
  const out: string[] = [];
  let length = 0;
  while (length < chars) {
    x = (x * 1103515245 + 12345) % 2147483648;
    const w = x % 7 === 0 ? `Word${x % 5000}` : (WORDS[x % WORDS.length] ?? 'x');
    const piece = x % 13 === 0 ? `${w}.` : w;
    out.push(piece);
    length += piece.length + 1;
  }
  return out.join(' ');
}

function time(run: () => unknown, minMs = 300): number {
  run();
  let n = 0;
  const start = performance.now();
  while (performance.now() - start < minMs) {
    run();
    n += 1;
  }
  return (performance.now() - start) / n;
}

const largeReply = (): Reply => ({
  answer: prose(1500, 7).replace(/(\S+\.)/g, '$1 [3]'),
  confidence: 'medium',
  findings: Array.from({ length: 30 }, (_, i) => ({
    claim: prose(160, i + 11),
    quote: prose(200, i + 101),
    source: i % 15,
    rank: (i % 4) + 1,
    verified: i % 2 === 0,
  })),
  sources: Array.from({ length: 15 }, (_, i) => ({
    title: prose(60, i + 301),
    url: `https://example.org/articles/${i}/${prose(30, i)}`.replace(/ /g, '-'),
  })),
  gaps: Array.from({ length: 5 }, (_, i) => prose(100, i + 501)),
  not_found: 'an official figure',
  meta: {
    model: 'haiku',
    searches: 4,
    pages: 6,
    brave: true,
    verified: 15,
    quotes: 30,
    cached: false,
    trimmed: false,
    seconds: 41.2,
  },
});

await loadTokenizer();
const rows: string[] = ['| case | this code | baseline | baseline is |', '|---|---|---|---|'];
const page = prose(1_000_000, 42);
const AS_TEXT = { disallowedSpecial: new Set<string>() };
const ownMs = time(() => estimateTokens(page), 1000);
const libMs = time(() => countTokens(page, AS_TEXT), 1000);
const mb = page.length / 1e6;
rows.push(
  `| estimateTokens, 1 MB prose | ${ownMs.toFixed(1)} ms (${(mb / (ownMs / 1000)).toFixed(1)} MB/s) | ${libMs.toFixed(1)} ms (${(mb / (libMs / 1000)).toFixed(1)} MB/s) | gpt-tokenizer countTokens on the whole text |`,
);

const reply = largeReply();
for (const [name, render] of [
  ['markdown', renderMarkdown],
  ['json', renderJson],
] as const) {
  const full = render(reply);
  for (const cap of [300, 400]) {
    const fitMs = time(() => fitReply(reply, cap, render), 1000);
    const oneCount = time(() => estimateTokens(render(reply)), 300);
    const out = estimateTokens(render(fitReply(reply, cap, render)));
    rows.push(
      `| fitReply ${name}, cap ${cap} (input ${estimateTokens(full)} tokens → ${out}) | ${fitMs.toFixed(2)} ms | ${oneCount.toFixed(2)} ms | one render + count of the untrimmed reply |`,
    );
  }
}

const bigPage = prose(2_000_000, 9);
const quotes = Array.from({ length: 30 }, (_, i) => {
  const start = (i * 61_231) % (bigPage.length - 400);
  return i % 3 === 2
    ? 'a paraphrase that is not on the page at all'
    : bigPage.slice(start, start + 120).trim();
});
const quoted: Reply = {
  ...reply,
  findings: quotes.map((quote, i) => ({ claim: `claim ${i}`, quote, source: 0 })),
};
const held = new Map([[0, [bigPage]]]);
const verifyMs = time(() => verifyQuotes(quoted, held), 1000);
const normaliseOnly = time(() => bigPage.normalize('NFKC').toLowerCase(), 300);
rows.push(
  `| verifyQuotes, 2 MB page, 30 quotes | ${verifyMs.toFixed(1)} ms | ${normaliseOnly.toFixed(1)} ms | NFKC + lower-case of the page alone |`,
);

console.log(rows.join('\n'));
