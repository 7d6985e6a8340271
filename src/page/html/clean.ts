// Cleanup around Readability: what it should not have to weigh, and the hidden nodes and
// link-dense navigation blocks it keeps inside the article it found.
import { MARKED_HIDDEN, removeAll } from './html-dom.ts';
import { linkShare } from './region.ts';

const HIDDEN = ['[hidden]', ...MARKED_HIDDEN].join(', ');

// Menus: never the story, yet Readability weighs every link of them.
const MENUS = 'nav, [role="navigation"]';

// Navigation-like blocks Readability keeps when it settles on a whole page body.
const NAVIGATION = `${MENUS}, header, footer, [role="banner"], [role="contentinfo"], [role="search"], [role="menu"], [role="menubar"]`;

function removeLinkDense(root: Element, selector: string): void {
  for (const el of Array.from(root.querySelectorAll(selector))) {
    if (linkShare(el) > 0.5) el.remove();
  }
}

/**
 * Removes from a page what costs Readability time and never reaches its story: drawings
 * (their titles are icon names) and menus.
 */
export function prepareForReadability(body: Element): void {
  removeAll(body, 'svg');
  removeLinkDense(body, MENUS);
}

/** Strips what Readability keeps by mistake from its article element. */
export function cleanArticle(root: Element): void {
  removeAll(root, HIDDEN);
  removeLinkDense(root, NAVIGATION);
}
