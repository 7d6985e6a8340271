// Synthetic quotes for the verifier bench: real sentences drawn from a page's expected
// text, and near-misses a model might write instead (word order, a changed or dropped word).
const words = new Intl.Segmenter('und', { granularity: 'word' });
const sentences = new Intl.Segmenter('und', { granularity: 'sentence' });

export type Kind = 'shuffle' | 'replace' | 'synonym' | 'drop';
export const KINDS: readonly Kind[] = ['shuffle', 'replace', 'synonym', 'drop'];

// Common words with a near-synonym: the change a summarising model most often makes.
const SYNONYMS: Record<string, string> = {
  big: 'large',
  large: 'big',
  small: 'little',
  little: 'small',
  begin: 'start',
  start: 'begin',
  started: 'began',
  began: 'started',
  use: 'employ',
  used: 'employed',
  using: 'employing',
  help: 'assist',
  helps: 'assists',
  show: 'display',
  shows: 'displays',
  shown: 'displayed',
  make: 'create',
  makes: 'creates',
  made: 'created',
  get: 'obtain',
  gets: 'obtains',
  got: 'obtained',
  important: 'significant',
  new: 'novel',
  old: 'aged',
  many: 'numerous',
  often: 'frequently',
  about: 'regarding',
  also: 'too',
  but: 'however',
  because: 'since',
  quickly: 'rapidly',
  fast: 'rapid',
  said: 'stated',
  says: 'states',
  people: 'persons',
  world: 'globe',
  need: 'require',
  needs: 'requires',
  buy: 'purchase',
  end: 'finish',
  first: 'initial',
  last: 'final',
  house: 'home',
  city: 'town',
  answer: 'reply',
  question: 'query',
  problem: 'issue',
  find: 'discover',
  found: 'discovered',
  think: 'believe',
  thought: 'believed',
  very: 'really',
  most: 'the majority of',
  some: 'several',
};

/** Sentences of `text` fit to stand as quotes: 6–60 words, at most 400 characters, whitespace collapsed. */
export function quotableSentences(text: string): string[] {
  const out: string[] = [];
  // Intl segments copy their whole input each: feed them short pieces, never a page.
  for (const piece of text.split(/\n|(?<=[.!?。！？])\s+/)) {
    if (piece.length > 2000) continue;
    for (const { segment } of sentences.segment(piece)) {
      const s = segment.replace(/\s+/g, ' ').trim();
      const n = [...words.segment(s)].filter((w) => w.isWordLike).length;
      if (n >= 6 && n <= 60 && s.length <= 400) out.push(s);
    }
  }
  return out;
}

/** Distinct word-like tokens of a text, for replacement words. */
export function vocabulary(text: string): string[] {
  return [...new Set(text.match(/[\p{L}\p{N}]{3,}/gu) ?? [])];
}

/** A near-miss of `sentence` of the given kind, or undefined when that kind does not apply. */
export function paraphrase(
  sentence: string,
  kind: Kind,
  random: () => number,
  vocab: readonly string[],
): string | undefined {
  const parts = [...words.segment(sentence)].map((w) => ({ text: w.segment, word: w.isWordLike === true }));
  const at = parts.flatMap((p, i) => (p.word ? [i] : []));
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)];
  if (at.length < 4) return undefined;
  if (kind === 'shuffle') {
    const shuffled = at.map((i) => parts[i]?.text ?? '');
    for (let i = shuffled.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [shuffled[i], shuffled[j]] = [shuffled[j] ?? '', shuffled[i] ?? ''];
    }
    at.forEach((i, k) => {
      const p = parts[i];
      if (p) p.text = shuffled[k] ?? p.text;
    });
  } else if (kind === 'synonym') {
    const i = at.find((j) => SYNONYMS[parts[j]?.text.toLowerCase() ?? ''] !== undefined);
    const p = i === undefined ? undefined : parts[i];
    const swap = p && SYNONYMS[p.text.toLowerCase()];
    if (!p || !swap) return undefined;
    p.text = p.text[0] === p.text[0]?.toUpperCase() ? swap[0]?.toUpperCase() + swap.slice(1) : swap;
  } else {
    // A word in the middle, so the change cannot hide at an edge the verifier might trim.
    const inner = at.slice(1, -1).filter((i) => (parts[i]?.text.length ?? 0) >= 3);
    const i = pick(inner);
    const p = i === undefined ? undefined : parts[i];
    if (!p || i === undefined) return undefined;
    if (kind === 'replace') {
      const other = pick(vocab.filter((w) => w.toLowerCase() !== p.text.toLowerCase()).slice(0, 2000));
      if (other === undefined) return undefined;
      p.text = other;
    } else {
      p.text = '';
      const next = parts[i + 1];
      if (next && !next.word && /^\s+$/.test(next.text)) next.text = '';
    }
  }
  const result = parts.map((p) => p.text).join('');
  return result === sentence ? undefined : result;
}

export type Variant = 'elided' | 'retyped';
export const VARIANTS: readonly Variant[] = ['elided', 'retyped'];

const SWAP_TYPE: Record<string, string> = { "'": '’', '’': "'", '"': '“', '“': '"', '”': '"', '‘': "'" };

/** A faithful quote written differently: middle words elided with "…", or retyped punctuation and case. */
export function variant(sentence: string, kind: Variant): string | undefined {
  if (kind === 'retyped') {
    const retyped = sentence
      .replace(/['"’‘“”]/g, (c) => SWAP_TYPE[c] ?? c)
      .replace(/ - /g, ' — ')
      .replace(/^\p{L}/u, (c) => (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase()));
    return retyped === sentence ? undefined : retyped;
  }
  const parts = [...words.segment(sentence)];
  const at = parts.flatMap((p, i) => (p.isWordLike ? [i] : []));
  if (at.length < 9) return undefined;
  const headEnd = at[3] ?? 0;
  const tailStart = at[at.length - 3] ?? 0;
  const text = (from: number, to: number) =>
    parts
      .slice(from, to)
      .map((p) => p.segment)
      .join('');
  return `${text(0, headEnd + 1)} … ${text(tailStart, parts.length)}`;
}
