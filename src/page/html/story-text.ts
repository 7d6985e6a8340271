// How much of a region could be a story: its text less what is never the story (comment
// threads, related links, teaser grids), measured to judge whether a short story is a fragment.
import { hasLinkedHeading, isInvisible, isLink } from './html-dom.ts';
import { readingLength } from './text-measure.ts';

// Class or id words that name what surrounds a story on sites of every kind.
const SURROUNDINGS =
  /(^|[\s_-])(comments?|comment-list|commentlist|disqus|replies|respond|related-(?:posts|stories|articles|links)|recirc|teasers?|more-stories)([\s_-]|$)/i;

// A block of at least this many links with most of its text inside them is a list of links.
const LINK_LIST_LINKS = 3;
const LINK_LIST_SHARE = 0.5;
// At least this many sibling cards alike in tag and class, each a linked heading over a few lines:
// a teaser grid (sections of a story can be led by linked headings too, but run longer).
const GRID_CARDS = 4;
const CARD_CHARS = 400;

interface Measure {
  readonly text: number;
  /** Text that could be the story: `text` less the surroundings inside. */
  readonly story: number;
  /** The story's text inside links, and those links. */
  readonly linked: number;
  readonly links: number;
  /** Text in comment threads and teaser grids. */
  readonly thread: number;
}

const EMPTY: Measure = { text: 0, story: 0, linked: 0, links: 0, thread: 0 };

function add(a: Measure, b: Measure): Measure {
  return {
    text: a.text + b.text,
    story: a.story + b.story,
    linked: a.linked + b.linked,
    links: a.links + b.links,
    thread: a.thread + b.thread,
  };
}

function signature(el: Element): string {
  return `${el.nodeName} ${el.getAttribute('class') ?? ''}`;
}

function isTeaserCard(el: Element): boolean {
  return readingLength(el.textContent ?? '') <= CARD_CHARS && hasLinkedHeading(el);
}

/** True when most of `el`'s element children are cards of one shape, each led by a linked heading. */
function isTeaserGrid(el: Element): boolean {
  // Counted without building the list: most elements have fewer children than a grid.
  let count = 0;
  for (let c = el.firstElementChild; c && count < GRID_CARDS; c = c.nextElementSibling) count++;
  if (count < GRID_CARDS) return false;
  const children = Array.from(el.children);
  const counts = new Map<string, number>();
  for (const c of children) counts.set(signature(c), (counts.get(signature(c)) ?? 0) + 1);
  const [shape, most] = [...counts].sort((a, b) => b[1] - a[1])[0] ?? ['', 0];
  if (most < GRID_CARDS || most < children.length / 2) return false;
  const cards = children.filter((c) => signature(c) === shape);
  return cards.filter(isTeaserCard).length >= cards.length * 0.75;
}

function measure(node: Node, found?: Element[]): Measure {
  let text = 0;
  let m = EMPTY;
  for (let c = node.firstChild; c; c = c.nextSibling) {
    if (c.nodeType === 3) text += readingLength(c.nodeValue ?? '');
    else if (c.nodeType === 1 && !isInvisible(c as Element)) m = add(m, measureElement(c as Element, found));
  }
  return text === 0 ? m : { ...m, text: m.text + text, story: m.story + text };
}

/** `el`'s measure; comment threads and teaser grids go to `found`, the outermost only. */
function measureElement(el: Element, found?: Element[]): Measure {
  const before = found?.length ?? 0;
  const inner = measure(el, found);
  if (isLink(el)) return { ...inner, linked: inner.story, links: inner.links + 1 };
  const named = SURROUNDINGS.test(`${el.getAttribute('class') ?? ''} ${el.getAttribute('id') ?? ''}`);
  if (named || isTeaserGrid(el)) {
    if (found) {
      found.length = before;
      found.push(el);
    }
    return { ...inner, story: 0, linked: 0, links: 0, thread: inner.text };
  }
  const linkList = inner.links >= LINK_LIST_LINKS && inner.linked > inner.story * LINK_LIST_SHARE;
  return linkList ? { ...inner, story: 0, linked: 0, links: 0 } : inner;
}

/** Reading length of `root`'s visible text outside comment threads, link lists and teaser grids. */
export function storyLength(root: Element): number {
  return measureElement(root).story;
}

/** Share of `root`'s visible text in comment threads and teaser grids, and its story's length. */
export function threadShare(root: Element): { readonly share: number; readonly story: number } {
  const m = measureElement(root);
  return { share: m.text === 0 ? 0 : m.thread / m.text, story: m.story };
}

/** Removes the comment threads and teaser grids under `root`. */
export function removeThreads(root: Element): void {
  const found: Element[] = [];
  measure(root, found);
  for (const el of found) el.remove();
}
