// Whether Readability read a thread as one of its posts (a page of alike sibling blocks, the posts,
// Readability's text opening inside one of them and holding well under their whole) or whole.
import { isInvisible } from './html-dom.ts';
import { nonSpaceLength } from './text-measure.ts';

// Alike blocks of at least this many letters each, at least this many of them, make a run of posts
// (three alike blocks are as often a page's columns or bands).
const MIN_POST_CHARS = 80;
const MIN_POSTS = 4;
// Readability holding under this share of the posts has kept one post of many.
const ONE_POST_SHARE = 0.5;
// Readability's text is found in a post by its opening, this many letters.
const OPENING_CHARS = 40;
// A post's text is searched this far (Readability's text opens after a post's byline), in this many
// posts at most (a page of a thread holds a few dozen): a table of many rows is not copied whole.
const POST_TEXT_CHARS = 2000;
const MAX_POSTS_READ = 100;

export interface Posts {
  /** The letters of the largest run of alike sibling blocks. */
  readonly chars: number;
  /** The first blocks' texts, spaces removed, cut at POST_TEXT_CHARS. */
  readonly texts: readonly string[];
  /** Most blocks hold blocks of their own (a post's card and body), unlike a story's paragraphs. */
  readonly framed: boolean;
}

const NONE: Posts = { chars: 0, texts: [], framed: false };

const INNER_BLOCK = 'p, div, blockquote, ul, ol, pre, table, section, header, footer, article';
const FRAMED_SHARE = 0.75;

function signature(el: Element): string {
  return `${el.nodeName}|${el.getAttribute('class') ?? ''}`;
}

/** The letters a reader sees under `el`, spaces removed, up to `limit`. */
function visibleLetters(el: Element, limit: number): string {
  let out = '';
  const walk = (n: Node): void => {
    for (let c = n.firstChild; c && out.length < limit; c = c.nextSibling) {
      if (c.nodeType === 3) out += (c.nodeValue ?? '').replace(/\s+/g, '');
      else if (c.nodeType === 1 && !isInvisible(c as Element)) walk(c);
    }
  };
  walk(el);
  return out.slice(0, limit);
}

/** The largest run of alike sibling blocks under `body` (before anything rewrites it), in one walk. */
export function largestPosts(body: Element): Posts {
  let best: Element[] = [];
  let bestChars = 0;
  const walk = (el: Element): number => {
    let n = 0;
    // Allocated at the first block large enough: most elements hold none (`childElementCount` would
    // build a list of the children at every element).
    let sized: [Element, number][] | undefined;
    for (let c = el.firstChild; c; c = c.nextSibling) {
      if (c.nodeType === 3) n += nonSpaceLength(c.nodeValue ?? '');
      else if (c.nodeType === 1 && !isInvisible(c as Element)) {
        const letters = walk(c as Element);
        n += letters;
        if (letters >= MIN_POST_CHARS) {
          sized ??= [];
          sized.push([c as Element, letters]);
        }
      }
    }
    if (sized && sized.length >= MIN_POSTS) {
      const groups = new Map<string, { members: Element[]; chars: number }>();
      for (const [child, letters] of sized) {
        const key = signature(child);
        const group = groups.get(key) ?? { members: [], chars: 0 };
        group.members.push(child);
        group.chars += letters;
        groups.set(key, group);
      }
      for (const { members, chars } of groups.values()) {
        if (members.length >= MIN_POSTS && chars > bestChars) {
          best = members;
          bestChars = chars;
        }
      }
    }
    return n;
  };
  walk(body);
  if (best.length === 0) return NONE;
  const read = best.slice(0, MAX_POSTS_READ);
  const framed = read.filter((m) => m.querySelector(INNER_BLOCK) !== null).length;
  return {
    chars: bestChars,
    texts: read.map((m) => visibleLetters(m, POST_TEXT_CHARS)),
    framed: framed >= read.length * FRAMED_SHARE,
  };
}

// Readability's text holding the middles of this many posts, and this share of them, is the thread.
const HELD_POSTS = 4;
const HELD_SHARE = 0.5;

function isOnePost(text: string, posts: Posts): boolean {
  if (text.length >= posts.chars * ONE_POST_SHARE) return false;
  const opening = text.slice(0, OPENING_CHARS);
  if (opening.length < OPENING_CHARS) return false;
  return posts.texts.some((t) => t.includes(opening));
}

function holdsPosts(text: string, posts: Posts): boolean {
  let held = 0;
  for (const t of posts.texts) {
    // A post's middle: its opening and its end are often the poster's card and signature.
    const from = Math.floor((t.length - OPENING_CHARS) / 2);
    if (from >= 0 && text.includes(t.slice(from, from + OPENING_CHARS))) held++;
  }
  return held >= HELD_POSTS && held >= posts.texts.length * HELD_SHARE;
}

/**
 * What Readability's `root` read of the thread `posts`: one post of many, the thread itself (most
 * of its posts), or neither (a page without a run of posts, or a story beside one).
 */
export function postsRead(root: Element, posts: Posts): 'one' | 'all' | 'neither' {
  if (posts.texts.length === 0) return 'neither';
  // Read only as far as decides: a text reaching half the posts' letters is no single post, and
  // only a run of framed posts needs the whole text, to tell whether it holds them.
  const enough = Math.max(OPENING_CHARS, Math.ceil(posts.chars * ONE_POST_SHARE));
  const text = visibleLetters(root, posts.framed ? Number.POSITIVE_INFINITY : enough);
  if (isOnePost(text, posts)) return 'one';
  return posts.framed && holdsPosts(text, posts) ? 'all' : 'neither';
}
