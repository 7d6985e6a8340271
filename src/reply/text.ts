// Text surgery the trimmer needs: sentences, word/grapheme cut points, whitespace,
// and [n] citation renumbering in answer text.

let sentences: Intl.Segmenter | undefined;
let words: Intl.Segmenter | undefined;
let graphemes: Intl.Segmenter | undefined;

/** One line, single spaces: every rendered field sits on one line of the reply. */
export function collapse(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

const LEADING_CITATIONS = /^(?:\s*\[\d+(?:\s*,\s*\d+)*\])+/;

/** Sentences in order, joined back they give `text`; a citation after a full stop stays with its sentence. */
export function splitSentences(text: string): string[] {
  sentences ??= new Intl.Segmenter(undefined, { granularity: 'sentence' });
  const out: string[] = [];
  for (const { segment } of sentences.segment(text)) {
    const lead = out.length > 0 ? LEADING_CITATIONS.exec(segment) : null;
    if (lead) {
      out[out.length - 1] += lead[0];
      const rest = segment.slice(lead[0].length);
      if (rest.trim() !== '') out.push(rest);
    } else {
      out.push(segment);
    }
  }
  return out;
}

/** End offsets of every word (or grapheme) in `text`, ascending: the places a cut may fall. */
export function cutPoints(text: string, unit: 'word' | 'grapheme'): number[] {
  words ??= new Intl.Segmenter(undefined, { granularity: 'word' });
  graphemes ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  const segmenter = unit === 'word' ? words : graphemes;
  const points: number[] = [];
  for (const part of segmenter.segment(text)) {
    if (unit === 'grapheme' || part.isWordLike === true) points.push(part.index + part.segment.length);
  }
  return points;
}

/** Cuts `text` to `length` code units (a cut point) and marks the cut. */
export function cutAt(text: string, length: number): string {
  if (length >= text.length) return text;
  const kept = text.slice(0, length).trimEnd();
  return kept === '' ? '' : `${kept}…`;
}

/** Clips a field to `max` code units without splitting a surrogate pair. */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const code = text.charCodeAt(max);
  return cutAt(text, code >= 0xdc00 && code <= 0xdfff ? max - 1 : max);
}

const CITATION = /(\s?)\[(\d+(?:\s*,\s*\d+)*)\]/g;

/** 0-based source indices the text cites as [n] (1-based). */
export function citedIn(text: string): Set<number> {
  const cited = new Set<number>();
  for (const match of text.matchAll(CITATION)) {
    for (const n of (match[2] ?? '').split(',')) cited.add(Number(n) - 1);
  }
  return cited;
}

/** Rewrites [n] citations through `map` (old 0-based → new 0-based); unmapped ones disappear. */
export function renumber(text: string, map: ReadonlyMap<number, number>): string {
  return text.replace(CITATION, (_whole, space: string, list: string) => {
    const kept = list
      .split(',')
      .map((n) => map.get(Number(n) - 1))
      .filter((n): n is number => n !== undefined)
      .map((n) => n + 1);
    return kept.length === 0 ? '' : `${space}[${kept.join(', ')}]`;
  });
}
