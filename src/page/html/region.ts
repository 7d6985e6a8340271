// The main region of a page that is not a story: docs, threads, products, listings.
// Strips the page's chrome (navigation, banners, sidebars, cookie and share widgets),
// then narrows to <main>/role=main or to the smallest block that holds most of the text.
import { hasProseBeyond } from './beyond-main.ts';
import { removeHiddenByClass } from './class-hidden.ts';
import { isInvisible, MARKED_HIDDEN, nameOf, removeAll, visibleTextLength } from './html-dom.ts';
import { dropPermalinks } from './permalinks.ts';
import { revealStreamed } from './streamed.ts';
import { nonSpaceLength } from './text-measure.ts';

const ALWAYS = [
  'script',
  'style',
  'noscript',
  'template',
  'svg',
  'iframe',
  'canvas',
  'video',
  'audio',
  'picture',
  'img',
  'nav',
  'dialog',
  'button',
  'select',
  'input',
  'textarea',
  'label',
  '[role="navigation"]',
  '[role="search"]',
  '[role="dialog"]',
  '[role="alertdialog"]',
  '[role="complementary"]',
  '[role="menu"]',
  '[role="menubar"]',
  '[role="toolbar"]',
  // React's streamed blocks wait in `hidden id="S:…"` until revealed: they are content.
  '[hidden]:not([id^="S:"])',
  ...MARKED_HIDDEN,
].join(', ');

// Page-level banners and footers; inside the content a <header> carries its title.
const PAGE_CHROME = 'header, footer, [role="banner"], [role="contentinfo"]';

// Class or id words that name chrome on sites of every kind, version and language pickers among them.
const CHROME_NAME =
  /(^|[\s_-])(nav|navbar|navigation|menu|menus|breadcrumbs?|sidebar|side-bar|sidenav|toc|footer|masthead|cookies?|consent|gdpr|newsletter|subscribe|signup|social|share|sharing|sharer|promo|advert|advertisement|ads|ad-slot|popup|modal|overlay|skip-link|pagination|pager|related|recommended|trending|drawer|offcanvas|toast|banner-ad|(versions?|lang|languages?|locale|country)[-_]?(switcher|picker|selector|chooser|select|badge|menu|dropdown))([\s_-]|$)/i;

// A named block this large is content whatever its name (e.g. `content-with-sidebar`).
const NAMED_KEEP_CHARS = 1500;

/** Share of an element's visible text that sits inside links. */
export function linkShare(el: Element): number {
  const total = visibleTextLength(el);
  if (total === 0) return 1;
  let linked = 0;
  for (const a of Array.from(el.querySelectorAll('a'))) linked += visibleTextLength(a);
  return Math.min(1, linked / total);
}

/** Visible characters under `node`, counting stops at `limit`. */
function textLengthUpTo(node: Node, limit: number): number {
  let count = 0;
  const stack: Node[] = [node];
  while (stack.length > 0 && count < limit) {
    const n = stack.pop() as Node;
    for (let c = n.firstChild; c; c = c.nextSibling) {
      if (c.nodeType === 3) count += nonSpaceLength(c.nodeValue ?? '');
      else if (c.nodeType === 1 && !isInvisible(c as Element)) stack.push(c);
    }
  }
  return count;
}

function isInsideContent(el: Element): boolean {
  return el.parentElement?.closest('article, main, [role="main"]') != null;
}

/** Removes chrome under `root` in place. */
export function stripChrome(root: Element): void {
  removeAll(root, ALWAYS);
  removeHiddenByClass(root);
  // An <aside> holding a quotation is the post a thread's reply quotes, not a sidebar.
  for (const el of Array.from(root.querySelectorAll('aside'))) {
    if (el.querySelector('blockquote') === null) el.remove();
  }
  // A tab strip is chrome; a "tablist" that holds its own panels (an accordion) is content.
  for (const el of Array.from(root.querySelectorAll('[role="tablist"]'))) {
    if (el.querySelector('[role="tabpanel"]') === null) el.remove();
  }
  for (const el of Array.from(root.querySelectorAll(PAGE_CHROME))) {
    if (!isInsideContent(el) || linkShare(el) > 0.5) el.remove();
  }
  for (const el of Array.from(root.querySelectorAll('[class], [id]'))) {
    if (!el.isConnected || el.closest('pre, code, table') !== null) continue;
    if (!CHROME_NAME.test(nameOf(el))) continue;
    // Large named blocks are kept unread: mega-menus are <nav> or role=navigation, already gone,
    // and measuring every nested wrapper in full would cost time quadratic in the page.
    if (textLengthUpTo(el, NAMED_KEEP_CHARS) >= NAMED_KEEP_CHARS) continue;
    if (el.querySelector('h1') === null) el.remove();
  }
}

const MAIN = 'main, [role="main"], [itemprop="mainContentOfPage"]';

// The smallest block holding this share of the text is the content's container.
const HOLDS = 0.8;
const MIN_MAIN_SHARE = 0.25;

function ownText(el: Element): number {
  let n = 0;
  for (let c = el.firstChild; c; c = c.nextSibling) {
    if (c.nodeType === 3) n += c.nodeValue?.replace(/\s+/g, '').length ?? 0;
  }
  return n;
}

/** Walks down from `from` while one child element holds most of the text. */
function narrow(from: Element): Element {
  let node = from;
  let total = visibleTextLength(node);
  for (;;) {
    if (total === 0 || ownText(node) > total * (1 - HOLDS)) return node;
    let best: Element | undefined;
    let bestChars = 0;
    for (const child of Array.from(node.children)) {
      if (isInvisible(child as Element)) continue;
      const chars = visibleTextLength(child);
      if (chars > bestChars) {
        best = child;
        bestChars = chars;
      }
    }
    if (!best || bestChars < total * HOLDS) return node;
    node = best;
    total = bestChars;
  }
}

/** The page's content region, chrome removed: `body` is modified in place. */
export function contentRegion(body: Element): Element {
  revealStreamed(body);
  stripChrome(body);
  dropPermalinks(body);
  const total = visibleTextLength(body);
  const mains = Array.from(body.querySelectorAll(MAIN)).filter((m) => m.parentElement?.closest(MAIN) == null);
  const main = mains.map((m) => [m, visibleTextLength(m)] as const).sort((a, b) => b[1] - a[1])[0];
  // A <main> with prose outside it is not the whole content: the block holding most text is.
  if (main && main[1] >= total * MIN_MAIN_SHARE && !hasProseBeyond(body, main[0])) return main[0];
  return narrow(body);
}
