// What a product page's region keeps: the product, said in full. Its customers' long review
// section is their talk, and the other products it sells beside it are other pages; a description
// the page builds only by script (and gives in its structured data) is put back.
import { nameOf, visibleTextLength } from './html-dom.ts';

// Class or id words that name a review or rating block.
const REVIEW_NAME = /(^|[\s_-])(reviews?|ratings?)([\s_-]|$)/i;

// A rating summary and a line or two of a review stay under this (in visible characters); a section
// holding page after page of customers' reviews passes it.
const REVIEW_SECTION_CHARS = 1000;

// This many review blocks of some length make the reviews the page's own items (a round-up).
const ROUNDUP_REVIEWS = 3;
const ROUNDUP_REVIEW_CHARS = 300;

// A review block holding this share of the region is the page itself (an editorial review).
const MOST_OF_REGION = 0.75;

// Class or id words that name the shop's other products offered beside this one.
const OTHER_PRODUCTS_NAME =
  /(^|[\s_-])(up-?sells?|cross-?sells?|recently-?viewed|also-?(bought|liked?|viewed))([\s_-]|$)/i;

/** Removes the customers' review section under `root`, a product page's region, in place. */
export function dropReviewSection(root: Element): void {
  const named = Array.from(root.querySelectorAll('[class], [id]')).filter((el) =>
    REVIEW_NAME.test(nameOf(el)),
  );
  const outermost = named.filter((el) => !named.some((other) => other !== el && other.contains(el)));
  const sized = outermost.map((el) => ({ el, chars: visibleTextLength(el) }));
  if (sized.filter((r) => r.chars >= ROUNDUP_REVIEW_CHARS).length >= ROUNDUP_REVIEWS) return;
  const total = visibleTextLength(root);
  for (const { el, chars } of sized) {
    if (chars < REVIEW_SECTION_CHARS || chars >= total * MOST_OF_REGION) continue;
    if (el.querySelector('h1') === null) el.remove();
  }
}

// A description shorter than this many words says too little to add.
const MIN_DESCRIPTION_WORDS = 25;

// The region "has" the description when it holds this share of the description's distinct words.
const SAID_SHARE = 0.5;

const WORD = /[\p{L}\p{N}]+/gu;

function wordsOf(text: string): Set<string> {
  return new Set((text.toLowerCase().match(WORD) ?? []).filter((w) => w.length > 2));
}

/** The description's plain text, a line per paragraph; markup and entities read as a browser would. */
function plainDescription(document: Document, description: string): string[] {
  const holder = document.createElement('div');
  holder.innerHTML = description.replace(/<br\s*\/?>|<\/(p|li|div|h[1-6])>/gi, '\n');
  for (const el of Array.from(holder.querySelectorAll('script, style, template'))) el.remove();
  return (holder.textContent ?? '')
    .split(/\n/)
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter((line) => line !== '');
}

/**
 * Adds the product's structured-data `description` to `root` (after its title) when the region
 * lacks most of it: the page renders it only by script, or not at all.
 */
export function restoreDescription(root: Element, description: string): void {
  const document = root.ownerDocument;
  const lines = plainDescription(document, description);
  const text = lines.join(' ');
  const said = wordsOf(text);
  if (text.split(' ').length < MIN_DESCRIPTION_WORDS || said.size === 0) return;
  const region = wordsOf(root.textContent ?? '');
  let shared = 0;
  for (const w of said) if (region.has(w)) shared++;
  if (shared >= said.size * SAID_SHARE) return;
  const block = document.createElement('div');
  for (const line of lines) {
    const p = document.createElement('p');
    p.textContent = line;
    block.appendChild(p);
  }
  const title = root.querySelector('h1');
  if (title) title.after(block);
  else root.prepend(block);
}

/** Removes the blocks under `root` that offer other products: up-sells, cross-sells, recently viewed. */
export function dropOtherProducts(root: Element): void {
  for (const el of Array.from(root.querySelectorAll('[class], [id]'))) {
    if (el.isConnected && OTHER_PRODUCTS_NAME.test(nameOf(el)) && el.querySelector('h1') === null)
      el.remove();
  }
}

/** A product page's region as its reader needs it, in place. */
export function readProduct(root: Element, description: string): void {
  dropReviewSection(root);
  dropOtherProducts(root);
  if (description !== '') restoreDescription(root, description);
}
