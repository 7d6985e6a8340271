// The server's token estimate (R-R5): ceil(o200k tokens × 1.3) with gpt-tokenizer.
// The tokenizer is the largest start-up cost, so it is imported on first use, never at module load.

type CountTokens = (text: string, options: { disallowedSpecial: Set<string> }) => number;

let counter: CountTokens | undefined;
let loading: Promise<void> | undefined;
// Page and model text is data: "<|endoftext|>" in it is counted as text, never refused.
const AS_TEXT = { disallowedSpecial: new Set<string>() };

/** Loads o200k once; await it before the first `estimateTokens` call. */
export function loadTokenizer(): Promise<void> {
  loading ??= import('gpt-tokenizer/encoding/o200k_base').then((encoding) => {
    counter = encoding.countTokens;
  });
  return loading;
}

/** The estimate with its tokenizer loaded: what a caller outside fit/render is handed. */
export async function loadedEstimate(): Promise<(text: string) => number> {
  await loadTokenizer();
  return estimateTokens;
}

export function tokenizerLoaded(): boolean {
  return counter !== undefined;
}

/** ceil(o200k tokens × 1.3). Synchronous; throws if `loadTokenizer()` was not awaited (programmer error). */
export function estimateTokens(text: string): number {
  return Math.ceil(countO200k(text) * 1.3);
}

// o200k's pre-tokenizer (gpt-tokenizer's O200K_TOKEN_SPLIT_PATTERN, from OpenAI's tiktoken):
// every match becomes at least one token, so counting matches is a cheap lower bound.
const CONTRACTION = "(?:'(?:[sS]|[dD]|[mM]|[tT]|[lL][lL]|[vV][eE]|[rR][eE]))?";
const PRE_TOKEN = new RegExp(
  [
    `[^\\r\\n\\p{L}\\p{N}]?[\\p{Lu}\\p{Lt}\\p{Lm}\\p{Lo}\\p{M}]*[\\p{Ll}\\p{Lm}\\p{Lo}\\p{M}]+${CONTRACTION}`,
    `[^\\r\\n\\p{L}\\p{N}]?[\\p{Lu}\\p{Lt}\\p{Lm}\\p{Lo}\\p{M}]+[\\p{Ll}\\p{Lm}\\p{Lo}\\p{M}]*${CONTRACTION}`,
    '\\p{N}{1,3}',
    ' ?[^\\s\\p{L}\\p{N}]+[\\r\\n/]*',
    '\\s*[\\r\\n]+',
    '\\s+(?!\\S)',
    '\\s+',
  ].join('|'),
  'gu',
);

/** A lower bound on `estimateTokens(text)` without running BPE (one token per pre-token). */
export function estimateTokensAtLeast(text: string): number {
  let preTokens = 0;
  for (const _ of text.matchAll(PRE_TOKEN)) preTokens += 1;
  return Math.ceil(preTokens * 1.3);
}

/** Raw o200k token count, summed over pieces cut where o200k's pre-tokenizer cuts too. */
export function countO200k(text: string): number {
  const count = counter;
  if (count === undefined) throw new Error('estimateTokens: await loadTokenizer() first');
  let total = 0;
  for (const piece of pieces(text)) total += count(piece, AS_TEXT);
  return total;
}

// BPE is quadratic in the length of one pre-token, so very long runs (a CJK paragraph
// without punctuation, a base64 blob) are cut blindly every BLIND characters: a difference
// of a token or so, only on such runs. Other text is cut into CHUNKs only where o200k's split
// regex ends a pre-token anyway, so there the sum equals the whole-text count exactly.
const CHUNK = 4096;
const BLIND = 128;
const LONG_RUN = /[\p{L}\p{M}]{256,}|[^\s\p{L}\p{N}]{256,}|\s{256,}/gu;

function* pieces(text: string): Generator<string> {
  let start = 0;
  for (const match of text.matchAll(LONG_RUN)) {
    yield* chunks(text, start, match.index);
    yield* chunks(text, match.index, match.index + match[0].length, BLIND);
    start = match.index + match[0].length;
  }
  yield* chunks(text, start, text.length);
}

function* chunks(text: string, from: number, to: number, size = CHUNK): Generator<string> {
  let start = from;
  while (to - start > size) {
    const end = size === CHUNK ? cutPoint(text, start + size) : blindCut(text, start + size);
    yield text.slice(start, end);
    start = end;
  }
  if (start < to) yield text.slice(start, to);
}

/** A safe cut at or before `target` (within the last quarter chunk), else a blind one. */
function cutPoint(text: string, target: number): number {
  for (let at = target; at > target - CHUNK / 4; at--) {
    if (isSpaceCut(text, at) || isRunCut(text, at)) return at;
  }
  return blindCut(text, target);
}

// Never split a surrogate pair: both halves would count as replacement bytes.
function blindCut(text: string, target: number): number {
  const code = text.charCodeAt(target);
  return code >= 0xdc00 && code <= 0xdfff ? target - 1 : target;
}

// A pre-token never holds a space after a non-space character (it only ever starts with one).
function isSpaceCut(text: string, at: number): boolean {
  return text.charCodeAt(at) === 32 && !/\s/.test(text.charAt(at - 1));
}

const WORDISH = /[\p{L}\p{M}\p{N}]$/u;
const PUNCT_START = /^[^\s\p{L}\p{M}\p{N}']/u;
// A letter or digit run ends before punctuation (the only suffix it takes starts with "'").
function isRunCut(text: string, at: number): boolean {
  return WORDISH.test(text.slice(Math.max(0, at - 2), at)) && PUNCT_START.test(text.slice(at, at + 2));
}
