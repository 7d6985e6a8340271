// Cleanup Readability lacks: hidden nodes and link-dense navigation blocks it keeps
// inside the article it found.
import { MARKED_HIDDEN, removeAll } from './html-dom.ts';
import { linkShare } from './region.ts';

const HIDDEN = ['[hidden]', ...MARKED_HIDDEN].join(', ');

// Navigation-like blocks Readability keeps when it settles on a whole page body.
const NAVIGATION =
  'nav, header, footer, [role="navigation"], [role="banner"], [role="contentinfo"], [role="search"], [role="menu"], [role="menubar"]';

/** Strips what Readability keeps by mistake from its article element. */
export function cleanArticle(root: Element): void {
  removeAll(root, HIDDEN);
  for (const el of Array.from(root.querySelectorAll(NAVIGATION))) {
    if (linkShare(el) > 0.5) el.remove();
  }
}
