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
  text: number;
  /** Text that could be the story: `text` less the surroundings inside. */
  story: number;
  /** The story's text inside links, and those links. */
  linked: number;
  links: number;
  /** Text in comment threads and teaser grids. */
  thread: number;
}

function signature(el: Element): string {
  return `${el.nodeName} ${el.getAttribute('class') ?? ''}`;
}

/** Whether the reading length of all of `el`'s text (its `textContent`) stays within `limit`, read no further. */
function textWithin(el: Element, limit: number): boolean {
  let n = 0;
  let at: Node | null = el.firstChild;
  while (at !== null) {
    if (at.nodeType === 3 || at.nodeType === 4) {
      n += readingLength(at.nodeValue ?? '');
      if (n > limit) return false;
    } else if (at.nodeType === 1 && at.firstChild !== null) {
      at = at.firstChild;
      continue;
    }
    while (at !== null && at !== el && at.nextSibling === null) at = at.parentNode;
    at = at === null || at === el ? null : at.nextSibling;
  }
  return true;
}

function isTeaserCard(el: Element): boolean {
  return textWithin(el, CARD_CHARS) && hasLinkedHeading(el);
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
  // Three in four must be teasers: decided at the first miss too many (a story's paragraphs miss at once).
  let misses = 0;
  for (const card of cards) if (!isTeaserCard(card) && ++misses > cards.length * 0.25) return false;
  return true;
}

/** The measure of `node`'s children, summed into one record made for the caller to change. */
function measure(node: Node, found?: Element[]): Measure {
  const m: Measure = { text: 0, story: 0, linked: 0, links: 0, thread: 0 };
  for (let c = node.firstChild; c; c = c.nextSibling) {
    if (c.nodeType === 3) {
      const text = readingLength(c.nodeValue ?? '');
      m.text += text;
      m.story += text;
    } else if (c.nodeType === 1 && !isInvisible(c as Element)) {
      const child = measureElement(c as Element, found);
      m.text += child.text;
      m.story += child.story;
      m.linked += child.linked;
      m.links += child.links;
      m.thread += child.thread;
    }
  }
  return m;
}

const isSurrounding = (el: Element): boolean =>
  SURROUNDINGS.test(el.getAttribute('class') ?? '') || SURROUNDINGS.test(el.getAttribute('id') ?? '');

/** `el`'s measure; comment threads and teaser grids go to `found`, the outermost only. */
function measureElement(el: Element, found?: Element[]): Measure {
  const before = found?.length ?? 0;
  const m = measure(el, found);
  if (isLink(el)) {
    m.linked = m.story;
    m.links++;
    return m;
  }
  if (isSurrounding(el) || isTeaserGrid(el)) {
    if (found) {
      found.length = before;
      found.push(el);
    }
    m.thread = m.text;
  } else if (!(m.links >= LINK_LIST_LINKS && m.linked > m.story * LINK_LIST_SHARE)) {
    return m;
  }
  // A thread, a grid or a list of links: none of it is the story.
  m.story = 0;
  m.linked = 0;
  m.links = 0;
  return m;
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
