// Parses HTML into a DOM that Readability can walk: linkedom for speed, and a
// parse5 (spec-compliant) round trip when linkedom's tree visibly lost content or kept
// a pasted document's <html>/<body> as elements.
import type { parse as Parse5Parse, serialize as Parse5Serialize } from 'parse5';
import { removeHiddenByStyle } from './hidden-style.ts';

type ParseHtml = (html: string) => { document: Document };
interface Parse5 {
  readonly parse: typeof Parse5Parse;
  readonly serialize: typeof Parse5Serialize;
}

let linkedom: Promise<ParseHtml> | undefined;
let parse5: Promise<Parse5> | undefined;

// Lazy: the server's cold start must not pay for the HTML stack.
function loadLinkedom(): Promise<ParseHtml> {
  linkedom ??= import('linkedom').then((m) => m.parseHTML);
  return linkedom;
}

function loadParse5(): Promise<Parse5> {
  parse5 ??= import('parse5').then((m) => ({ parse: m.parse, serialize: m.serialize }));
  return parse5;
}

/** Elements whose text a reader never sees. */
export const INVISIBLE = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'HEAD', 'TITLE']);

/**
 * What a page marks as not shown, beside the `hidden` attribute (which callers qualify) and
 * the inline styles that keep laid-out text unseen (hidden-style.ts, dropped at parse).
 */
export const MARKED_HIDDEN = [
  '[aria-hidden="true"]',
  '[style*="display:none"]',
  '[style*="display: none"]',
  '[style*="visibility:hidden"]',
  '[style*="visibility: hidden"]',
  'template',
];

/** Removes every element under `root` that matches `selector`. */
export function removeAll(root: Element, selector: string): void {
  for (const el of Array.from(root.querySelectorAll(selector))) el.remove();
}

const RAW_BLOCKS = /<(script|style|noscript|template|title|textarea)\b[^>]*>[\s\S]*?<\/\1\s*>/gi;
const COMMENTS = /<!--[\s\S]*?-->/g;
const TAGS = /<\/?[a-zA-Z!?][^>]*>/g;

const BLOCK_TAGS =
  /<\/?(p|div|br|li|tr|h[1-6]|section|article|main|pre|blockquote|table|ul|ol|dd|dt)\b[^>]*>/gi;
const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/**
 * The visible text of raw HTML without building a tree, one line per block: the
 * last resort for markup no parser survives (nesting deeper than the call stack).
 */
export function crudeText(html: string): string {
  return html
    .replace(COMMENTS, ' ')
    .replace(RAW_BLOCKS, ' ')
    .replace(BLOCK_TAGS, '\n')
    .replace(TAGS, '')
    .replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (m, e: string) => {
      if (e[0] !== '#') return NAMED[e.toLowerCase()] ?? m;
      const code = e[1] === 'x' || e[1] === 'X' ? Number.parseInt(e.slice(2), 16) : Number(e.slice(1));
      return code > 0 && code < 0x110000 ? String.fromCodePoint(code) : m;
    })
    .split('\n')
    .map((l) => l.replace(/\s+/g, ' ').trim())
    .filter((l) => l !== '')
    .join('\n');
}

/** Whitespace as `\s` sees it. */
function isSpace(code: number): boolean {
  return code <= 0x20
    ? code === 0x20 || (code >= 0x09 && code <= 0x0d)
    : code === 0xa0 ||
        code === 0x1680 ||
        (code >= 0x2000 && code <= 0x200a) ||
        code === 0x2028 ||
        code === 0x2029 ||
        code === 0x202f ||
        code === 0x205f ||
        code === 0x3000 ||
        code === 0xfeff;
}

/** Characters of `text` from `start` to `end` that are not whitespace, without allocating. */
export function nonSpaceLength(text: string, start = 0, end = text.length): number {
  let n = 0;
  for (let i = start; i < end; i++) if (!isSpace(text.charCodeAt(i))) n++;
  return n;
}

// What a reader never sees in raw HTML, and character references (counted as one character each).
// COMMENTS has no group, so RAW_BLOCKS' back-reference stays \1.
const UNSEEN = new RegExp(
  [COMMENTS.source, RAW_BLOCKS.source, TAGS.source, '&(?:#x?[0-9a-f]+|[a-z]+[0-9]*);?'].join('|'),
  'gi',
);

/** A crude count of visible characters in raw HTML, immune to parser quirks (an entity counts one). */
export function crudeTextLength(html: string): number {
  let count = 0;
  let last = 0;
  UNSEEN.lastIndex = 0;
  for (let m = UNSEEN.exec(html); m !== null; m = UNSEEN.exec(html)) {
    count += nonSpaceLength(html, last, m.index) + (m[0].charCodeAt(0) === 0x26 ? 1 : 0);
    last = UNSEEN.lastIndex;
  }
  return count + nonSpaceLength(html, last);
}

export interface TreeSize {
  /** Elements under the node. */
  readonly elements: number;
  /** Links (`<a>`) among them. */
  readonly links: number;
  /** Every element's depth, summed: what climbing from each element to the top costs. */
  readonly ancestry: number;
  /** How deep the deepest element sits. */
  readonly depth: number;
}

/** The size and shape of the element tree under `node`, in one walk that allocates nothing. */
export function treeSize(node: Node): TreeSize {
  let elements = 0;
  let links = 0;
  let ancestry = 0;
  let depth = 0;
  let level = 1;
  let at: Node | null = node.firstChild;
  while (at !== null) {
    if (at.nodeType === 1) {
      elements++;
      if (at.nodeName === 'A') links++;
      ancestry += level;
      if (level > depth) depth = level;
      if (at.firstChild !== null) {
        at = at.firstChild;
        level++;
        continue;
      }
    }
    // Up to the nearest ancestor with a next sibling, never above `node`.
    while (at !== null && at !== node && at.nextSibling === null) {
      at = at.parentNode;
      level--;
    }
    at = at === null || at === node ? null : at.nextSibling;
  }
  return { elements, links, ancestry, depth };
}

/**
 * How much text a reader would see under `node`: non-whitespace characters, or whatever
 * `measure` counts in each text node (`readingLength` weighs scripts by their words).
 */
export function visibleTextLength(node: Node, measure: (text: string) => number = nonSpaceLength): number {
  let count = 0;
  const walk = (n: Node): void => {
    for (let c = n.firstChild; c; c = c.nextSibling) {
      if (c.nodeType === 3) count += measure(c.nodeValue ?? '');
      else if (c.nodeType === 1 && !INVISIBLE.has(c.nodeName)) walk(c);
    }
  };
  walk(node);
  return count;
}

/** Han, kana and Hangul: one character carries about a word. */
function isWordCharacter(code: number): boolean {
  return (
    (code >= 0x3040 && code <= 0x30ff) ||
    (code >= 0x3400 && code <= 0x4dbf) ||
    (code >= 0x4e00 && code <= 0x9fff) ||
    (code >= 0xac00 && code <= 0xd7af) ||
    (code >= 0xf900 && code <= 0xfaff)
  );
}

/**
 * How much there is to read in `text`, in letters: non-space characters, where a Han,
 * kana or Hangul character (about one word) counts as three, so a length threshold
 * means the same in Chinese as in English.
 */
export function readingLength(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (!isSpace(code)) n += isWordCharacter(code) ? 3 : 1;
  }
  return n;
}

export interface ParsedDocument {
  readonly document: Document;
  /** True when linkedom's tree was wrong and the document was rebuilt through parse5. */
  readonly repaired: boolean;
}

// Below this share of the source's text found in <body>, linkedom's tree is
// taken to have dropped content (text before <html>, several bodies, no body).
const KEEP_RATIO = 0.85;
const MIN_LOSS = 200;

// A second <html> or <body> start tag, as a CMS leaves when it pastes a saved page into its content.
const DOCUMENT_TAG = /<(?:html|body)[\s>]/gi;

/** A document nested inside the document: browsers merge its tags away, linkedom keeps them as elements. */
function nestsDocument(html: string, document: Document): boolean {
  return (html.match(DOCUMENT_TAG)?.length ?? 0) > 2 && document.body?.querySelector('html, body') != null;
}

/** The page's DOM, without the elements its inline styles hide from a person. */
export async function parseDocument(html: string): Promise<ParsedDocument> {
  const parsed = await parseTree(html);
  removeHiddenByStyle(parsed.document);
  return parsed;
}

async function parseTree(html: string): Promise<ParsedDocument> {
  const parseHTML = await loadLinkedom();
  const first = parseHTML(html).document;
  const crude = crudeTextLength(html);
  const kept = first.body ? visibleTextLength(first.body) : 0;
  const lost = kept < crude * KEEP_RATIO && crude - kept >= Math.min(MIN_LOSS, crude * 0.5);
  if (!lost && !nestsDocument(html, first)) return { document: first, repaired: false };
  const p5 = await loadParse5();
  const normalised = p5.serialize(p5.parse(html));
  return { document: parseHTML(normalised).document, repaired: true };
}

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
  'TR',
  'UL',
]);

/** Plain text of `node`: one line per block, whitespace collapsed, code kept as is. */
export function blockText(node: Node): string {
  const parts: string[] = [];
  const walk = (n: Node, pre: boolean): void => {
    for (let c = n.firstChild; c; c = c.nextSibling) {
      if (c.nodeType === 3) parts.push(pre ? (c.nodeValue ?? '') : (c.nodeValue ?? '').replace(/\s+/g, ' '));
      else if (c.nodeType === 1 && !INVISIBLE.has(c.nodeName)) {
        const block = BLOCKS.has(c.nodeName);
        if (block) parts.push('\n');
        walk(c, pre || c.nodeName === 'PRE');
        if (block) parts.push('\n');
        else if (c.nodeName === 'TD' || c.nodeName === 'TH') parts.push(' ');
      }
    }
  };
  walk(node, false);
  return parts
    .join('')
    .split('\n')
    .map((l) => l.replace(/^[ \t]+|[ \t]+$/g, ''))
    .filter((l) => l !== '')
    .join('\n');
}
