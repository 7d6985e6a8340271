// A page streamed in chunks: its blocks arrive hidden (`display: none`) at the end of the body, and
// a script moves each into place as it loads. Where they hold nearly all of the body's text, they
// are the page, not notes hidden beside it.
import { isInvisible, visibleTextLength } from './html-dom.ts';

const DISPLAY_NONE = /display\s*:\s*none/i;
// The body shows under this share of its text outside such blocks: a shell waiting for its script.
// A page that shows its content hides at most menus, dialogs and notes, never nine tenths of it.
const SHOWN_SHARE = 0.1;

/** Shows the body's hidden blocks, in place, when the rest of the body is an empty shell. */
export function revealStreamed(body: Element): void {
  // Most pages hide no block of their body: they are spared the walk over its text.
  const isHidden = (el: Element): boolean => DISPLAY_NONE.test(el.getAttribute('style') ?? '');
  if (!Array.from(body.children).some(isHidden)) return;
  const hidden: Element[] = [];
  let hiddenChars = 0;
  let shownChars = 0;
  for (const child of Array.from(body.children)) {
    if (isInvisible(child)) continue;
    const chars = visibleTextLength(child);
    if (isHidden(child)) {
      hidden.push(child);
      hiddenChars += chars;
    } else {
      shownChars += chars;
    }
  }
  if (hiddenChars === 0 || shownChars >= (shownChars + hiddenChars) * SHOWN_SHARE) return;
  for (const el of hidden) el.removeAttribute('style');
}
