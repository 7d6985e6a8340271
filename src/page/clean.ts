// Cleanup Readability lacks: hidden nodes and link-dense navigation blocks it keeps
// inside the article it found.

const HIDDEN =
  '[hidden], [aria-hidden="true"], [style*="display:none"], [style*="display: none"], [style*="visibility:hidden"], [style*="visibility: hidden"]';

function removeAll(root: Element, selector: string): void {
  for (const el of Array.from(root.querySelectorAll(selector))) el.remove();
}

// Navigation-like blocks Readability keeps when it settles on a whole page body.
const NAVIGATION =
  'nav, header, footer, [role="navigation"], [role="banner"], [role="contentinfo"], [role="search"], [role="menu"], [role="menubar"]';

/** Share of an element's text that sits inside links. */
export function linkDensity(el: Element): number {
  const total = (el.textContent ?? '').replace(/\s+/g, '').length;
  if (total === 0) return 1;
  let linked = 0;
  for (const a of Array.from(el.querySelectorAll('a')))
    linked += (a.textContent ?? '').replace(/\s+/g, '').length;
  return linked / total;
}

/** Strips what Readability keeps by mistake from its article element. */
export function cleanArticle(root: Element): void {
  removeAll(root, HIDDEN);
  for (const el of Array.from(root.querySelectorAll(NAVIGATION))) {
    if (linkDensity(el) > 0.5) el.remove();
  }
}
