// When Readability's story is the page's main content and when a fragment of it: its paragraphs,
// what surrounds it (comment threads, link lists, teaser grids) and what the page declares.

import { storyLength, threadShare } from './story-text.ts';
import { readingLength } from './text-measure.ts';

// Readability keeping less than this share of the region's text has settled on a
// fragment (a teaser, a caption, one card of a list).
const FRAGMENT_SHARE = 0.5;
// Paragraphs of real prose make a story, however short: it is never swapped for the region.
const STORY_PARAGRAPHS = 3;
// About 120 characters with their spaces.
const PROSE_CHARS = 100;
// A sentence or more: what the paragraphs of a short story hold.
const SENTENCE_CHARS = 60;

/** Paragraphs of at least `min` letters under `root`, counted up to `enough`. */
export function proseParagraphs(root: Element, min = PROSE_CHARS, enough = STORY_PARAGRAPHS): number {
  let count = 0;
  for (const p of Array.from(root.querySelectorAll('p'))) {
    if (readingLength(p.textContent ?? '') >= min && ++count >= enough) break;
  }
  return count;
}

/** A story by its paragraphs: three of prose, or one on a page that declares itself an article. */
export function keepsStory(root: Element, chars: number, declared: boolean): boolean {
  const paragraphs = proseParagraphs(root);
  return paragraphs >= STORY_PARAGRAPHS || (declared && paragraphs >= 1 && chars > 0);
}

/**
 * Readability's `chars` may be a fragment or a minor part of a region of `region.chars` or fewer:
 * under half of it. When not, neither `isFragment` nor `isMinorPart` holds.
 */
export function isPartOf(chars: number, region: { readonly chars: number }): boolean {
  return chars < region.chars * FRAGMENT_SHARE;
}

/**
 * Readability's `chars` are a fragment of the page when they fall under half of the region's text,
 * unless they hold two paragraphs of a sentence or more and are most of the page's story: what is
 * left of its content (`body`, chrome stripped) once its comment threads, link lists and teaser
 * grids are set aside (the region of a story is often its comments and related links).
 */
export function isFragment(
  root: Element,
  chars: number,
  region: { readonly chars: number; readonly body: Element | null },
): boolean {
  if (!isPartOf(chars, region)) return false;
  if (proseParagraphs(root, SENTENCE_CHARS, 2) < 2) return true;
  const story = region.body ? storyLength(region.body) : 0;
  return !(story >= chars * FRAGMENT_SHARE && chars >= story * FRAGMENT_SHARE);
}

// Readability's paragraphs under this share of the page's story, on a page that does not declare
// itself an article: a passage of a larger page (a product's description, one section of a guide).
const MINOR_SHARE = 0.3;

/** Readability's `chars` are a small part of the region and of the page's story. */
export function isMinorPart(
  chars: number,
  region: { readonly chars: number; readonly body: Element | null },
): boolean {
  if (!isPartOf(chars, region)) return false;
  return chars < (region.body ? storyLength(region.body) : 0) * MINOR_SHARE;
}

// Readability's result mostly comment thread or teaser grid, beside a story this short (in
// `readingLength` letters): Readability's longest reading, not its story.
const THREAD_SHARE = 0.5;
const SHORT_STORY_CHARS = 1500;

/** Readability's result is mostly the thread or grid beside a short story. */
export function isBesideThread(root: Element): boolean {
  const { share, story } = threadShare(root);
  return share > THREAD_SHARE && story < SHORT_STORY_CHARS;
}
