// A page that names no kind, date or author, of which Readability reads a small part: the intro
// above a listing's grid of cards (courses, programs, products), where the grid is the content.
import { type Authorship, isSigned, type Kept } from './landing-page.ts';

// Readability keeping under this share of the region's text has read the text above the grid, not
// the page: a story's related links run a few times its length, a listing's grid more.
const INTRO_SHARE = 0.2;
// What it dropped is cards, each a link to its item: this share of it or more sits inside links. A
// comment thread is prose (and dated).
const DROPPED_LINKED = 0.25;

/**
 * Readability's reading (`kept`) is the intro of an unsigned listing: under a fifth of the region,
 * which is otherwise linked cards. A story is dated or signed, and keeps its reading however long
 * its surroundings.
 */
export function isListingIntro(
  kept: Kept,
  region: { readonly chars: number; readonly linked: number },
  page: Authorship,
): boolean {
  if (isSigned(page) || kept.chars >= region.chars * INTRO_SHARE) return false;
  return region.linked - kept.linked >= (region.chars - kept.chars) * DROPPED_LINKED;
}
