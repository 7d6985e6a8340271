// Lexical ranking for passages: script-aware tokens (words for spaced scripts,
// character bigrams for CJK and Thai) scored with Okapi BM25.

// Scripts written without spaces between words (ー and 々 are Common-script marks used in them).
const SCRIPTS =
  '\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\p{Script=Thai}\\p{Script=Lao}\\p{Script=Khmer}\\p{Script=Myanmar}\\u30fc\\u3005';
const UNSPACED = new RegExp(`[${SCRIPTS}]`, 'u');
const UNSPACED_RUNS = new RegExp(`[${SCRIPTS}]+|[^${SCRIPTS}]+`, 'gu');
const WORDS = /[\p{L}\p{N}\p{M}]+(?:['’][\p{L}]+)*/gu;

// Frequent function words add noise to short queries; only English is listed
// because BM25's IDF already damps them in longer texts of any language.
const STOP = new Set(
  'a an and are as at be by do does for from has have how i in is it its of on or that the this to was were what when where which who why will with you your'.split(
    ' ',
  ),
);

// Truncating words to a fixed prefix is a language-neutral stand-in for
// stemming (release/released/releases, données/donnée) that needs no word lists.
const PREFIX = 5;
const term = (word: string): string => (/\p{N}/u.test(word) ? word : word.slice(0, PREFIX));

/** Lower-case terms of `text`; CJK and Thai runs become overlapping character bigrams. */
export function tokenize(text: string): string[] {
  const out: string[] = [];
  for (const word of text.toLowerCase().normalize('NFKC').match(WORDS) ?? []) {
    if (!UNSPACED.test(word)) {
      if (!STOP.has(word)) out.push(term(word));
      continue;
    }
    for (const run of word.match(UNSPACED_RUNS) ?? []) {
      if (!UNSPACED.test(run)) {
        if (!STOP.has(run)) out.push(term(run));
      } else if (run.length === 1) out.push(run);
      else for (let i = 0; i + 1 < run.length; i++) out.push(run.slice(i, i + 2));
    }
  }
  return out;
}

const K1 = 1.2;
const B = 0.75;

/** Okapi IDF of each query term over the documents. */
export function idfOf(docs: readonly (readonly string[])[], query: readonly string[]): Map<string, number> {
  const n = docs.length;
  const idf = new Map<string, number>();
  const sets = docs.map((d) => new Set(d));
  for (const t of new Set(query)) {
    const df = sets.reduce((s, d) => s + (d.has(t) ? 1 : 0), 0);
    idf.set(t, Math.log(1 + (n - df + 0.5) / (df + 0.5)));
  }
  return idf;
}

/** BM25 score of each document (already tokenised) against the query terms. */
export function bm25(docs: readonly (readonly string[])[], query: readonly string[]): number[] {
  const terms = [...new Set(query)];
  const n = docs.length;
  if (n === 0 || terms.length === 0) return docs.map(() => 0);
  const freqs = docs.map((d) => {
    const f = new Map<string, number>();
    for (const t of d) f.set(t, (f.get(t) ?? 0) + 1);
    return f;
  });
  const avgLen = docs.reduce((s, d) => s + d.length, 0) / n || 1;
  const idf = idfOf(docs, terms);
  return freqs.map((f, i) => {
    const len = docs[i]?.length ?? 0;
    let score = 0;
    for (const t of terms) {
      const tf = f.get(t) ?? 0;
      if (tf > 0) score += ((idf.get(t) ?? 0) * tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * len) / avgLen));
    }
    return score;
  });
}
