// Text normalisation for quote matching: a quote and the page text are reduced
// to the same canonical form so that typography and markdown never decide a match.

// Invisible characters that extraction and typesetting sprinkle into text: soft hyphen, and
// every character page text is stripped of (src/page/invisible-chars.ts: zero-width, bidi
// marks, word joiner, variation selectors, BOM, tags), so a quote that keeps one still matches.
const INVISIBLE =
  /[\u00AD\u061C\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF\u{E0000}-\u{E007F}]|[\uFE00-\uFE0F\u{E0100}-\u{E01EF}]/gu;
const SINGLE_QUOTES = /[\u2018\u2019\u201A\u201B\u2032\u2035]/g;
const DOUBLE_QUOTES = /[\u201C\u201D\u201E\u201F\u2033\u2036\u00AB\u00BB\u2039\u203A\u301D\u301E\u301F]/g;
// Every dash punctuation plus the minus sign: models and pages disagree on them freely.
const DASHES = /[\p{Pd}\u2212]/gu;
// Ellipses in any spacing (". . .", "...", "…" after NFKC) become one token.
const ELLIPSIS = /\.(?:\s*\.){2,}/g;
// Markdown left by turndown: escapes, images/links (keep the text), bullets, emphasis/code/heading/quote marks, table pipes.
const MD_ESCAPE = /\\([\\`*_{}[\]()#+\-.!>|~<])/g;
const MD_LINK = /!?\[([^\]\n]*)\](?:\([^)\n]*\)|\[[^\]\n]*\])/g;
const MD_BULLET = /(^|\n)[ \t]*[-+][ \t]+/g;
const MD_MARKS = /[*_~`#>]|<(?=https?:)/g;
const MD_PIPES = /\|/g;
// Only runs and non-space whitespace: rewriting every single space costs ~50 ms per MB.
const WHITESPACE = /\s{2,}|[^\S ]/g;
// The single-character rewrites, in one pass over the text (it can be 2 MB).
const CHARS = new RegExp(
  [INVISIBLE, MD_MARKS, MD_PIPES, SINGLE_QUOTES, DOUBLE_QUOTES, DASHES].map((r) => r.source).join('|'),
  'gu',
);
const ONE_SINGLE = new RegExp(SINGLE_QUOTES.source, 'u');
const ONE_DOUBLE = new RegExp(DOUBLE_QUOTES.source, 'u');
const ONE_DASH = new RegExp(DASHES.source, 'u');
function canonicalChar(c: string): string {
  if (c === '|') return ' ';
  if (ONE_SINGLE.test(c)) return "'";
  if (ONE_DOUBLE.test(c)) return '"';
  if (ONE_DASH.test(c)) return '-';
  return ''; // invisible characters and markdown marks
}

/** Canonical form used on BOTH sides of a quote check. Pure; safe on multi-megabyte text. */
export function normalizeForMatch(text: string): string {
  return text
    .normalize('NFKC')
    .replace(MD_ESCAPE, '$1')
    .replace(MD_LINK, '$1')
    .replace(MD_BULLET, '$1')
    .replace(CHARS, canonicalChar)
    .replace(ELLIPSIS, '...')
    .toLowerCase()
    .replace(WHITESPACE, ' ')
    .trim();
}

// Quote marks and ellipses a model wraps a quote in are not part of the quoted text.
const QUOTE_EDGES = /^(?:["' ]|\.\.\.)+|(?:["' ]|\.\.\.)+$/g;
/** Elided text between two pieces: at most this many normalised characters, or twice that within one sentence. */
export const MAX_ELISION = 200;
const SENTENCE_END = /[.!?](?:\s|$)|[。！？]/u;
const closeEnough = (haystack: string, from: number, to: number) =>
  to - from <= MAX_ELISION || (to - from <= 2 * MAX_ELISION && !SENTENCE_END.test(haystack.slice(from, to)));
// Words as Unicode word segmentation finds them, so scripts written without spaces
// (Chinese, Japanese, Thai) count words too, not whole runs of text as one.
// Made on first use: constructing it loads ICU's word-break data (~17 ms, ~4 MB on Deno and Node).
let wordSegmenter: Intl.Segmenter | undefined;
function words(piece: string): number {
  wordSegmenter ??= new Intl.Segmenter('und', { granularity: 'word' });
  let count = 0;
  for (const segment of wordSegmenter.segment(piece)) if (segment.isWordLike) count += 1;
  return count;
}
/** An elided quote must say something: every piece two words or more, one of them three or more ("the ... of" proves nothing). */
const substantial = (pieces: readonly string[]) =>
  pieces.every((p) => words(p) >= 2) && pieces.some((p) => words(p) >= 3);

/** The least a quote must hold to prove anything: words, where three characters of a script written without spaces count as one. */
export const MIN_QUOTE = { words: 4, unspacedPerWord: 3, unspacedPieceChars: 3 } as const;
// Han, Hiragana and Katakana need no spaces between words; Thai, Lao, Khmer and Myanmar use none.
const UNSPACED =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/gu;
const unspacedChars = (piece: string) => piece.match(UNSPACED)?.length ?? 0;
/** Words outside the scripts written without spaces, plus a word per three characters of those. */
function wordsWorth(piece: string): number {
  const unspaced = unspacedChars(piece);
  if (unspaced === 0) return words(piece);
  return words(piece.replace(UNSPACED, ' ')) + unspaced / MIN_QUOTE.unspacedPerWord;
}

/**
 * Whether a quote's fragments are long enough to prove anything when found: four words or
 * more in all (twelve characters in scripts written without spaces), and, when elided, every
 * piece long enough on its own (two words, one of them three; or three such characters).
 */
export function quoteProves(fragments: readonly string[]): boolean {
  if (fragments.length === 0) return false;
  if (fragments.reduce((sum, f) => sum + wordsWorth(f), 0) < MIN_QUOTE.words) return false;
  if (fragments.length === 1) return true;
  if (fragments.every((f) => unspacedChars(f) === 0)) return substantial(fragments);
  return fragments.every((f) => unspacedChars(f) >= MIN_QUOTE.unspacedPieceChars || words(f) >= 2);
}

/**
 * The normalised fragments a quote must match, in order. A quote elided with "..."
 * ("a ... b") matches when each fragment occurs in order, close together.
 */
export function quoteFragments(quote: string): string[] {
  return normalizeForMatch(quote)
    .replace(QUOTE_EDGES, '')
    .split('...')
    .map((part) => part.replace(QUOTE_EDGES, ''))
    .filter((part) => part.length > 0);
}

/** Whether the fragments occur in `haystack` (already normalised) in order, each gap short. */
export function matchesFragments(haystack: string, fragments: readonly string[]): boolean {
  const [first, ...rest] = fragments;
  if (first === undefined) return false;
  if (fragments.length > 1 && !substantial(fragments)) return false;
  let from = haystack.indexOf(first);
  // Each occurrence of the first fragment is a candidate start; the rest must follow closely.
  while (from !== -1) {
    const verdict = followsInOrder(haystack, from + first.length, rest);
    if (verdict !== 'no') return verdict === 'yes';
    from = haystack.indexOf(first, from + 1);
  }
  return false;
}

// 'never': a fragment is absent from here on, so no later start can succeed either.
function followsInOrder(haystack: string, start: number, rest: readonly string[]): 'yes' | 'no' | 'never' {
  let at = start;
  for (const fragment of rest) {
    const found = haystack.indexOf(fragment, at);
    if (found === -1) return 'never';
    if (!closeEnough(haystack, at, found)) return 'no';
    at = found + fragment.length;
  }
  return 'yes';
}
