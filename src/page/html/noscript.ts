// What a script-built page says in <noscript>: a crawler's copy of the page, shown when it
// holds far more text than the page itself.
import { visibleTextLength } from './html-dom.ts';
import { crudeTextLength, nonSpaceLength } from './text-measure.ts';

/**
 * Crawler copies of script-built pages (forum software, single-page apps) sit in
 * <noscript>: when it holds far more text than the page shows, it is the page.
 */
export function revealNoscript(document: Document, noscripts: readonly Element[]): void {
  const body = document.body;
  if (!body) return;
  const blocks = noscripts.filter((n) => body.contains(n));
  const hidden = blocks.reduce((s, n) => s + noscriptTextLength(n), 0);
  if (hidden < 500 || hidden < visibleTextLength(body)) return;
  for (const n of blocks) {
    const box = noscriptContent(document, n);
    while (box.firstChild) n.parentNode?.insertBefore(box.firstChild, n);
    n.remove();
  }
}

/** A <noscript>'s text as it would read once shown: the parser may keep its markup as raw text. */
function noscriptTextLength(n: Element): number {
  const text = n.textContent ?? '';
  return n.children.length > 0 ? nonSpaceLength(text) : crudeTextLength(text);
}

/** The element holding a <noscript>'s content as elements: itself, or its raw markup parsed. */
function noscriptContent(document: Document, n: Element): Element {
  if (n.children.length > 0) return n;
  const box = document.createElement('div');
  box.innerHTML = n.textContent ?? '';
  return box;
}
