// Whether a page's <main> leaves out part of its content: paragraphs of prose outside it (a
// category page's buying guide set below its product grid, after </main>), chrome already stripped.
import { nonSpaceLength } from './text-measure.ts';

// A paragraph of a sentence or more, and enough of them to be a text of its own, not a caption.
const PROSE_PARAGRAPH_CHARS = 80;
const MIN_PARAGRAPHS = 2;
const MIN_PROSE_CHARS = 600;

/** True when `body` holds paragraphs of prose outside `main`, enough to be part of the content. */
export function hasProseBeyond(body: Element, main: Element): boolean {
  let chars = 0;
  let count = 0;
  for (const p of Array.from(body.querySelectorAll('p'))) {
    if (main.contains(p)) continue;
    const n = nonSpaceLength(p.textContent ?? '');
    if (n < PROSE_PARAGRAPH_CHARS) continue;
    chars += n;
    count++;
    if (count >= MIN_PARAGRAPHS && chars >= MIN_PROSE_CHARS) return true;
  }
  return false;
}
