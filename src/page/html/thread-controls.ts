// The thread's own controls, named by no class a forum shares: page pickers ("Prev 1 2 3 … Next")
// and each post's number, as a permalink ("#12") or as the post's schema.org `position`. Found by
// their shape: links or positions whose whole text is a number.

// A page link's or a post permalink's whole text.
const PAGE_NUMBER = /^\d{1,5}$/;
const POST_NUMBER = /^#\s?\d{1,6}$/;

// A page picker holds a few words beside its numbers ("Prev", "Next", "Page 1 of 12", "Go to page").
const MAX_PICKER_LETTERS = 40;
const MIN_PAGE_LINKS = 2;

const trimmed = (el: Element): string => (el.textContent ?? '').trim();

function letters(text: string): number {
  return text.replace(/[\d\s\p{P}\p{S}]/gu, '').length;
}

function pageLinks(el: Element): number {
  let n = 0;
  for (const a of Array.from(el.querySelectorAll('a'))) if (PAGE_NUMBER.test(trimmed(a))) n++;
  return n;
}

/** The largest block around `link` that is a page picker and nothing else, if any. */
function pickerAround(link: Element, root: Element): Element | undefined {
  let found: Element | undefined;
  for (let el = link.parentElement; el && el !== root; el = el.parentElement) {
    if (letters(el.textContent ?? '') > MAX_PICKER_LETTERS) break;
    if (pageLinks(el) >= MIN_PAGE_LINKS) found = el;
  }
  return found;
}

/** Removes page pickers and post numbers under a thread's `root`, in place. */
export function stripThreadControls(root: Element): void {
  for (const el of Array.from(root.querySelectorAll('[itemprop="position"]'))) {
    if (PAGE_NUMBER.test(trimmed(el))) el.remove();
  }
  for (const a of Array.from(root.querySelectorAll('a'))) {
    const text = trimmed(a);
    if (POST_NUMBER.test(text)) a.remove();
    else if (PAGE_NUMBER.test(text)) pickerAround(a, root)?.remove();
  }
}
