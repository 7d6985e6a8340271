// Elements a page's own stylesheet keeps from view by a utility class (Bootstrap's `d-none`), and
// template blocks a framework keeps cloaked until its script fills them in: what a reader never sees,
// though no inline style says so.

// Classes that hide at every width. A responsive class beside one (`d-md-block`, `lg:flex`) shows it
// on wider screens, where a reader sees it. A bare `hidden` is left: pages put the text their scripts
// move into view (a thread's opening post) under it. Screen-reader text is left too: it names what a
// control or a picture shows.
const HIDING = new Set(['d-none', 'dno', 'is-hidden', 'u-hidden']);
const SHOWN_AT_WIDTH =
  /^(?:d-(?:sm|md|lg|xl|xxl)-(?!none)|(?:sm|md|lg|xl|2xl):(?:block|flex|inline|inline-block|inline-flex|grid|table|contents))/;

// A cloaked block is a template until its script runs; one that still holds a template's expression
// ({{ … }}) was never filled in. A cloaked block of plain text (a folded answer) is content.
const CLOAKED = '[ng-cloak], [x-cloak], [v-cloak]';
const UNFILLED = /\{\{[^}]*\}\}/;

/** Whether `className` hides its element at every screen width. */
export function isHiddenByClass(className: string): boolean {
  const words = className.toLowerCase().split(/\s+/);
  return words.some((w) => HIDING.has(w)) && !words.some((w) => SHOWN_AT_WIDTH.test(w));
}

/** Removes, under `root`, the elements hidden by class and the unfilled cloaked templates, in place. */
export function removeHiddenByClass(root: Element): void {
  for (const el of Array.from(root.querySelectorAll('[class]'))) {
    if (el.isConnected && isHiddenByClass(el.getAttribute('class') ?? '')) el.remove();
  }
  for (const el of Array.from(root.querySelectorAll(CLOAKED))) {
    if (el.isConnected && UNFILLED.test(el.textContent ?? '')) el.remove();
  }
}
