// The quote check as it was before verification asked for a minimum length (issue 27):
// any quote found counted, however short, and elided pieces could lie 400 characters apart.
// Kept only so that the verify-corpus bench measures both rules on the same quotes.
import { quoteFragments } from '../../src/reply/normalize.ts';

const OLD_MAX_ELISION = 400;
let segmenter: Intl.Segmenter | undefined;
function words(piece: string): number {
  segmenter ??= new Intl.Segmenter('und', { granularity: 'word' });
  let count = 0;
  for (const segment of segmenter.segment(piece)) if (segment.isWordLike) count += 1;
  return count;
}

/** Whether the old rule verified `quote` against `haystack` (already normalised). */
export function verifiedBefore(haystack: string, quote: string): boolean {
  const [first, ...rest] = quoteFragments(quote);
  if (first === undefined) return false;
  const pieces = [first, ...rest];
  if (pieces.length > 1 && !(pieces.every((p) => words(p) >= 2) && pieces.some((p) => words(p) >= 3)))
    return false;
  for (let from = haystack.indexOf(first); from !== -1; from = haystack.indexOf(first, from + 1)) {
    let at = from + first.length;
    let ok = true;
    for (const fragment of rest) {
      const found = haystack.indexOf(fragment, at);
      if (found === -1) return false;
      if (found - at > OLD_MAX_ELISION) {
        ok = false;
        break;
      }
      at = found + fragment.length;
    }
    if (ok) return true;
  }
  return false;
}
