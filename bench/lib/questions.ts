// Questions about a page whose answer is one of its sentences: a fact (a number or a
// name) is taken out of the sentence, and a few of its other words, some changed, ask for it.
const words = new Intl.Segmenter('en', { granularity: 'word' });
const sentences = new Intl.Segmenter('en', { granularity: 'sentence' });

export interface Question {
  readonly question: string;
  /** The sentence that answers it, as the page's markdown writes it. */
  readonly answer: string;
}

const STOP = new Set(
  'a an and are as at be by for from had has have he her his in into is it its of on or she that the their there they this to was were which who with'.split(
    ' ',
  ),
);
const WH = ['What', 'Which', 'When', 'Who', 'How many', 'Where'];

/** Markdown without link targets and emphasis marks: the words a reader sees. */
export function visibleWords(markdown: string): string {
  return markdown
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[*_`]+/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * A sentence without the pieces of reference marks the sentence segmenter leaves at its ends: it
 * cuts "…in 1876.[122] The…" inside the mark, giving "…in 1876.[" and "122] The…".
 */
function withoutMarkPieces(segment: string): string {
  return segment
    .trim()
    .replace(/^(?:\[*\d*\]+(?:\([^)]*\))?\s*)+/, '')
    .replace(/\[+$/, '')
    .trim();
}

/** Up to `per` questions from the prose paragraphs of `markdown`, drawn with `random`. */
export function questionsFor(markdown: string, per: number, random: () => number): Question[] {
  const candidates: Question[] = [];
  for (const block of markdown.split(/\n{2,}/)) {
    if (/^\s*(#|\||```|[-*] |\d+\. )/.test(block) || block.length < 120 || block.length > 3000) continue;
    for (const { segment } of sentences.segment(block.replace(/\s*\n\s*/g, ' '))) {
      const sentence = withoutMarkPieces(segment);
      const q = ask(sentence, random);
      if (q) candidates.push({ question: q, answer: sentence });
    }
  }
  const out: Question[] = [];
  while (out.length < per && candidates.length > 0) {
    out.push(...candidates.splice(Math.floor(random() * candidates.length), 1));
  }
  return out;
}

function ask(sentence: string, random: () => number): string | undefined {
  const plain = visibleWords(sentence);
  const tokens = [...words.segment(plain)].filter((w) => w.isWordLike).map((w) => w.segment);
  if (tokens.length < 10 || tokens.length > 50) return undefined;
  // The fact asked for: a number, else a capitalised word that does not open the sentence.
  const at = tokens.findIndex((t, i) => /^\d{2,}$/.test(t) || (i > 0 && /^\p{Lu}\p{Ll}+$/u.test(t)));
  if (at < 0) return undefined;
  const content = tokens.filter((t, i) => i !== at && !STOP.has(t.toLowerCase()) && t.length > 2);
  if (content.length < 5) return undefined;
  // A person asking knows some of the words, not all of them.
  const kept = content.filter(() => random() < 0.5).slice(0, 6);
  if (kept.length < 3) return undefined;
  return `${WH[Math.floor(random() * WH.length)]} ${kept.join(' ').toLowerCase()}?`;
}
