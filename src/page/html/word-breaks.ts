// Where a page sets two pieces of text side by side as sibling elements with nothing between
// them (a card's brand and product name, a price and its label), its style sheet lays them out
// apart; read without the style sheet, the two would run together into one word. A space keeps them apart.
import { BLOCKS, CELLS } from './block-text.ts';
import { asLocalNames, isInvisible } from './html-dom.ts';

// Code keeps its own spacing.
const CODE_NAMES = asLocalNames(['PRE', 'CODE']);

// An API entry's signature (`sig`, `signature`) and literal text set in code type (`pre`) are code
// too: `json.` and `dumps(` sit side by side in separate elements and read as one name.
const CODE_CLASS = /(^|\s)(sig|pre|[\w-]*signature)(\s|$)/i;

// A signature's names sit at most this many levels below the element that names it.
const CODE_NAME_LEVELS = 4;

/** Whether `el` or a near parent below `root` is named as code; asked only where a space would go. */
function inNamedCode(el: Element, root: Element): boolean {
  let p: Element | null = el;
  for (let level = 0; level < CODE_NAME_LEVELS && p !== null && p !== root; level++, p = p.parentElement) {
    if (CODE_CLASS.test(p.getAttribute('class') ?? '')) return true;
  }
  return false;
}

// A piece this short may be a letter set apart for looks (a drop capital, a heading's letters one
// per element): it belongs to the word beside it.
const MIN_PIECE = 2;

// Scripts written without spaces between words: a space there would split a word.
const UNSPACED =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;
// What may open a word; closing punctuation (a full stop, a comma, a bracket) belongs to the text before it.
const OPENS_WORD = /[\p{L}\p{N}([{"'“‘¿¡$€£¥#@]/u;

// Letters read at an element's edge to judge it: enough to tell a single letter from a word.
const EDGE_CHARS = 8;

/** Up to EDGE_CHARS of the visible text at the start (or end) of `node`, in one bounded descent. */
function edgeText(node: Node, atEnd: boolean): string {
  let out = '';
  const visit = (n: Node): void => {
    for (
      let c = atEnd ? n.lastChild : n.firstChild;
      c && out.length < EDGE_CHARS;
      c = atEnd ? c.previousSibling : c.nextSibling
    ) {
      if (c.nodeType === 3) {
        const t = c.nodeValue ?? '';
        out = atEnd ? t.slice(-EDGE_CHARS) + out : out + t.slice(0, EDGE_CHARS);
      } else if (c.nodeType === 1 && !isInvisible(c as Element)) visit(c);
    }
  };
  visit(node);
  return out;
}

/**
 * Whether `el`'s text at its start (or end) holds at least MIN_PIECE letters and no space at that
 * edge, and a space may go there: what would run into its neighbour's text.
 */
function runsOn(el: Element, atEnd: boolean): boolean {
  const text = edgeText(el, atEnd);
  if (text === '') return false;
  const edge = atEnd ? text.charAt(text.length - 1) : text.charAt(0);
  if (/\s/.test(edge) || text.replace(/\s+/g, '').length < MIN_PIECE) return false;
  return !UNSPACED.test(edge) && (atEnd || OPENS_WORD.test(edge));
}

/** Puts a space between adjacent inline sibling elements that both hold text, under `root`, in place: one walk. */
export function separateAdjacentInlines(root: Element): void {
  const document = root.ownerDocument;
  const walk = (parent: Element): void => {
    let before: Element | null = null;
    for (let c = parent.firstChild; c; c = c.nextSibling) {
      // Comments are transparent (frameworks leave them between elements); text decides for itself.
      if (c.nodeType === 8) continue;
      if (c.nodeType !== 1) {
        before = null;
        continue;
      }
      const el = c as Element;
      if (isInvisible(el) || CODE_NAMES.has(el.localName)) {
        before = null;
        continue;
      }
      // Blocks and table cells already start a piece of their own in the text and markdown.
      const inline = !BLOCKS.has(el.localName) && !CELLS.has(el.localName);
      if (inline && before !== null && runsOn(before, true) && runsOn(el, false) && !inNamedCode(el, root)) {
        parent.insertBefore(document.createTextNode(' '), el);
      }
      before = inline ? el : null;
      walk(el);
    }
  };
  walk(root);
}
