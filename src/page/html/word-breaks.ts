// Where a page sets two pieces of text side by side as sibling elements with nothing between
// them (a card's brand and product name, a price and its label), its style sheet lays them out
// apart; read without the style sheet, the two would run together into one word. A space keeps them apart.
import { INVISIBLE } from './html-dom.ts';

// Elements that already start a line of their own in the text and markdown.
const BLOCKS = new Set([
  'ADDRESS',
  'ARTICLE',
  'ASIDE',
  'BLOCKQUOTE',
  'BR',
  'DD',
  'DIV',
  'DL',
  'DT',
  'FIELDSET',
  'FIGCAPTION',
  'FIGURE',
  'FOOTER',
  'FORM',
  'H1',
  'H2',
  'H3',
  'H4',
  'H5',
  'H6',
  'HEADER',
  'HR',
  'LI',
  'MAIN',
  'NAV',
  'OL',
  'P',
  'PRE',
  'SECTION',
  'TABLE',
  'TD',
  'TH',
  'TR',
  'UL',
]);

// A piece this short may be a letter set apart for looks (a drop capital, a heading's letters one
// per element): it belongs to the word beside it.
const MIN_PIECE = 2;

// Scripts written without spaces between words: a space there would split a word.
const UNSPACED =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;
// What may open a word; closing punctuation (a full stop, a comma, a bracket) belongs to the text before it.
const OPENS_WORD = /[\p{L}\p{N}([{"'“‘¿¡$€£¥#@]/u;

/** The text under `el` in document order, one text node at a time, from its start or its end. */
function* texts(el: Node, fromEnd: boolean): Generator<string> {
  for (let c = fromEnd ? el.lastChild : el.firstChild; c; c = fromEnd ? c.previousSibling : c.nextSibling) {
    if (c.nodeType === 3) yield c.nodeValue ?? '';
    else if (c.nodeType === 1 && !INVISIBLE.has(c.nodeName)) yield* texts(c, fromEnd);
  }
}

/**
 * Whether `el`'s text at its start (or end) is a piece of at least MIN_PIECE letters with no
 * space at that edge: what would run into its neighbour's text.
 */
function runsOn(el: Element, atEnd: boolean): boolean {
  let seen = '';
  for (const t of texts(el, atEnd)) {
    seen = atEnd ? t + seen : seen + t;
    if (seen === '') continue;
    if (/\s/.test(atEnd ? seen.charAt(seen.length - 1) : seen.charAt(0))) return false;
    if (seen.replace(/\s+/g, '').length >= MIN_PIECE) return canPart(seen, atEnd);
  }
  return false;
}

/** Whether a space may go at this edge of `text`: not inside an unspaced script, not before closing punctuation. */
function canPart(text: string, atEnd: boolean): boolean {
  const edge = atEnd ? text.charAt(text.length - 1) : text.charAt(0);
  return !UNSPACED.test(edge) && (atEnd || OPENS_WORD.test(edge));
}

function isInline(n: Node | null): n is Element {
  return n !== null && n.nodeType === 1 && !BLOCKS.has(n.nodeName) && !INVISIBLE.has(n.nodeName);
}

/** The sibling before `node`, skipping comments (frameworks leave them between elements). */
function previousSibling(node: Node): Node | null {
  let n = node.previousSibling;
  while (n !== null && n.nodeType === 8) n = n.previousSibling;
  return n;
}

/** Puts a space between adjacent inline sibling elements that both hold text, under `root`, in place. */
export function separateAdjacentInlines(root: Element): void {
  const document = root.ownerDocument;
  for (const el of Array.from(root.querySelectorAll('*'))) {
    if (!isInline(el) || el.closest('pre, code') !== null) continue;
    const before = previousSibling(el);
    if (!isInline(before)) continue;
    if (!runsOn(before, true) || !runsOn(el, false)) continue;
    el.parentNode?.insertBefore(document.createTextNode(' '), el);
  }
}
