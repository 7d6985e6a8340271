// Readability drops every h1 and h2 whose class names a word it reads as boilerplate (`scroll`,
// `hidden`, …). Pages with a sticky header give each heading a scroll offset (`scroll-mt-24`,
// `scroll-margin-top`) so its in-page link lands below the header: the class says the heading is
// a link target, the opposite of chrome. Such class words are taken off before Readability reads.

// A class word that sets the scroll margin or padding of a link target, in utility-class spelling
// (`scroll-mt-20`, `lg:scroll-mt-32`) or spelt out (`offset-scroll-margin-top`).
const SCROLL_OFFSET = /scroll-(?:m|p|margin|padding)(?:[trblxyse]|-|$)/;

/** Takes the scroll-offset words off the class of every h1 and h2 under `body`, in place. */
export function unmarkHeadingOffsets(body: Element): void {
  for (const heading of Array.from(body.querySelectorAll('h1, h2'))) {
    const name = heading.getAttribute('class') ?? '';
    if (!name.includes('scroll')) continue;
    const words = name.split(/\s+/);
    const kept = words.filter((w) => w !== '' && !SCROLL_OFFSET.test(w));
    if (kept.length < words.length) heading.setAttribute('class', kept.join(' '));
  }
}
