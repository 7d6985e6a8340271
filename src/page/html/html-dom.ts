// Parses HTML into a DOM that Readability can walk (linkedom for speed, and a parse5
// round trip when linkedom's tree visibly lost content or kept a pasted document's
// <html>/<body> as elements), with the element names and tree measures its readers share.

import type { parse as Parse5Parse, serialize as Parse5Serialize } from 'parse5';
import { removeHiddenByStyle } from './hidden-style.ts';
import { crudeTextLength, nonSpaceLength } from './text-measure.ts';

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
 * `names` as an element's `localName` spells them: lower case from the parser, upper case where
 * Readability created the element ("DIV"). Tree walks test `localName`: linkedom upper-cases
 * `nodeName` afresh at every read, which costs a walk half its time.
 */
export function asLocalNames(names: Iterable<string>): Set<string> {
  return new Set([...names].flatMap((n) => [n.toLowerCase(), n.toUpperCase()]));
}

const INVISIBLE_NAMES = asLocalNames(INVISIBLE);

/** True for an element whose text a reader never sees (`INVISIBLE`), tested without `nodeName`. */
export function isInvisible(el: Element): boolean {
  return INVISIBLE_NAMES.has(el.localName);
}

/** An element's class and id, the words pages name their blocks by. */
export function nameOf(el: Element): string {
  return `${el.getAttribute('class') ?? ''} ${el.getAttribute('id') ?? ''}`;
}

/** True for a link (`<a>`), tested without `nodeName`. */
export function isLink(el: Element): boolean {
  return LINKS.has(el.localName);
}

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

const HEADINGS = asLocalNames(['H2', 'H3', 'H4', 'H5', 'H6']);

function hasAncestor(el: Element, names: ReadonlySet<string>): boolean {
  for (let p = el.parentElement; p !== null; p = p.parentElement) if (names.has(p.localName)) return true;
  return false;
}

const LINKS = asLocalNames(['A']);

/**
 * True when an element under `root` is a linked heading: a link inside an h2–h6, or an h2–h6 inside
 * a link, as `root.querySelector('h2 a, …, a h2, …')` finds (a <template>'s content is not entered),
 * without compiling that selector at each call.
 */
export function hasLinkedHeading(root: Element): boolean {
  const stack: Element[] = [];
  for (let c = root.firstElementChild; c !== null; c = c.nextElementSibling) stack.push(c);
  while (stack.length > 0) {
    const el = stack.pop() as Element;
    const name = el.localName;
    const linked = LINKS.has(name) ? hasAncestor(el, HEADINGS) : HEADINGS.has(name) && hasAncestor(el, LINKS);
    if (linked) return true;
    if (name === 'template' || name === 'TEMPLATE') continue;
    for (let c = el.firstElementChild; c !== null; c = c.nextElementSibling) stack.push(c);
  }
  return false;
}

/** Removes every element under `root` that matches `selector`. */
export function removeAll(root: Element, selector: string): void {
  for (const el of Array.from(root.querySelectorAll(selector))) el.remove();
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
      if (isLink(at as Element)) links++;
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
      else if (c.nodeType === 1 && !isInvisible(c as Element)) walk(c);
    }
  };
  walk(node);
  return count;
}

export interface ParsedDocument {
  readonly document: Document;
  /** True when linkedom's tree was wrong and the document was rebuilt through parse5. */
  readonly repaired: boolean;
  /** The markup the tree was built from: the page's, or parse5's rewrite of it. */
  readonly markup: string;
}

// Below this share of the source's text found in <body>, linkedom's tree is
// taken to have dropped content (text before <html>, several bodies, no body).
const KEEP_RATIO = 0.85;
const MIN_LOSS = 200;

// A second <html> or <body> start tag, as a CMS leaves when it pastes a saved page into its content.
const DOCUMENT_TAG = /<(?:html|body)[\s>]/gi;

/** A document nested inside the document: browsers merge its tags away, linkedom keeps them as elements. */
function nestsDocument(html: string, document: Document): boolean {
  return documentTags(html) > 2 && document.body?.querySelector('html, body') != null;
}

/** How many <html>/<body> start tags `html` holds, counted up to three without listing them. */
function documentTags(html: string): number {
  DOCUMENT_TAG.lastIndex = 0;
  let n = 0;
  while (n < 3 && DOCUMENT_TAG.test(html)) n++;
  return n;
}

/** The page's DOM, without the elements its inline styles hide from a person. */
export async function parseDocument(html: string): Promise<ParsedDocument> {
  const parsed = await parseTree(html);
  removeHiddenByStyle(parsed.document);
  return parsed;
}

/**
 * The same DOM as `parsed` once more, built afresh (for a reader that rewrites it) from the markup
 * it came from: the checks of the first parse, and parse5's rewrite, are not repeated.
 */
export async function parseAgain(parsed: ParsedDocument): Promise<Document> {
  const parseHTML = await loadLinkedom();
  const { document } = parseHTML(parsed.markup);
  removeHiddenByStyle(document);
  return document;
}

async function parseTree(html: string): Promise<ParsedDocument> {
  const parseHTML = await loadLinkedom();
  const first = parseHTML(html).document;
  const crude = crudeTextLength(html);
  const kept = first.body ? visibleTextLength(first.body) : 0;
  const lost = kept < crude * KEEP_RATIO && crude - kept >= Math.min(MIN_LOSS, crude * 0.5);
  if (!lost && !nestsDocument(html, first)) return { document: first, repaired: false, markup: html };
  const p5 = await loadParse5();
  const normalised = p5.serialize(p5.parse(html));
  return { document: parseHTML(normalised).document, repaired: true, markup: normalised };
}
