// Cleanup around Readability: what it should not have to weigh, and the hidden nodes and
// link-dense navigation blocks it keeps inside the article it found.
// Both read the tree in one walk each (element-walk.ts): what is removed first is not entered, so
// the blocks weighed after are those a selector scan would find once it is gone.
import { forEachElement } from './element-walk.ts';
import { asLocalNames } from './html-dom.ts';
import { linkShare } from './region.ts';

const TEMPLATES = asLocalNames(['TEMPLATE']);

/** What `[hidden], ${MARKED_HIDDEN}` (html-dom.ts) selects, tested without a selector. */
export function isMarkedHidden(el: Element): boolean {
  if (el.hasAttribute('hidden') || el.getAttribute('aria-hidden') === 'true' || TEMPLATES.has(el.localName)) {
    return true;
  }
  const style = el.getAttribute('style');
  return (
    style !== null &&
    (style.includes('display:none') ||
      style.includes('display: none') ||
      style.includes('visibility:hidden') ||
      style.includes('visibility: hidden'))
  );
}

// Menus (`nav, [role="navigation"]`): never the story, yet Readability weighs every link of them.
const MENU_NAMES = asLocalNames(['NAV']);
const isMenu = (el: Element): boolean =>
  MENU_NAMES.has(el.localName) || el.getAttribute('role') === 'navigation';

// Navigation-like blocks Readability keeps when it settles on a whole page body: menus, header,
// footer, and the roles banner, contentinfo, search, menu, menubar.
const NAVIGATION_NAMES = asLocalNames(['NAV', 'HEADER', 'FOOTER']);
const NAVIGATION_ROLES = new Set(['navigation', 'banner', 'contentinfo', 'search', 'menu', 'menubar']);
const isNavigation = (el: Element): boolean =>
  NAVIGATION_NAMES.has(el.localName) || NAVIGATION_ROLES.has(el.getAttribute('role') ?? '');

const DRAWINGS = asLocalNames(['SVG']);

/** Removes `drop`'s elements, then the link-dense among `blocks` (in document order). */
function remove(drop: readonly Element[], blocks: readonly Element[]): void {
  for (const el of drop) el.remove();
  for (const el of blocks) if (linkShare(el) > 0.5) el.remove();
}

/**
 * Removes from a page what costs Readability time and never reaches its story: drawings
 * (their titles are icon names) and menus.
 */
export function prepareForReadability(body: Element): void {
  const drawings: Element[] = [];
  const menus: Element[] = [];
  forEachElement(body, (el) => {
    if (DRAWINGS.has(el.localName)) {
      drawings.push(el);
      return false;
    }
    if (isMenu(el)) menus.push(el);
    return true;
  });
  remove(drawings, menus);
}

/** Strips what Readability keeps by mistake from its article element. */
export function cleanArticle(root: Element): void {
  const hidden: Element[] = [];
  const navigation: Element[] = [];
  forEachElement(root, (el) => {
    if (isMarkedHidden(el)) {
      hidden.push(el);
      return false;
    }
    if (isNavigation(el)) navigation.push(el);
    return true;
  });
  remove(hidden, navigation);
}
