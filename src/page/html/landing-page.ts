// A page that names no kind, date or author and whose story Readability reads as most, but not
// all, of the content region: a company's or product's page of short sections (features, services,
// plans), of which Readability keeps the longest run of prose and drops the sections around it.

import { visibleTextLength } from './html-dom.ts';
import { readingLength } from './text-measure.ts';

// Readability keeping this share of the region's text or more has read the whole of it.
const WHOLE_SHARE = 0.9;
// Under this share it has picked one part of the region, and the fragment rules decide.
const PART_SHARE = 0.5;
// What it dropped must be prose: the page's story (its text outside link lists, comment threads and
// teaser grids) holds this much more than Readability kept. Share widgets, comments and related
// links beside a story are not.
const STORY_SHARE = 0.95;
// ...and mostly not link text: sections of a page, not its menus, share bars and related links.
const DROPPED_LINKED = 0.7;

export interface Authorship {
  /** The page marks a date with <time>. */
  readonly dated: boolean;
  readonly byline?: string | undefined;
  readonly published?: string | undefined;
}

/** A story is dated or signed: news, posts and guides are; landing pages are not. */
export function isSigned(page: Authorship): boolean {
  return page.dated || Boolean(page.byline?.trim()) || Boolean(page.published?.trim());
}

/** What Readability kept: its reading length, and that inside links. */
export interface Kept {
  readonly chars: number;
  readonly linked: number;
}

export interface RegionMeasure {
  /** The region's reading length. */
  readonly chars: number;
  /** The page's story: its reading length outside link lists, comment threads and teaser grids. */
  readonly story: number;
  /** The region's reading length inside links. */
  readonly linked: number;
}

/**
 * Readability's `chars` are some of the sections of an unsigned page: between half and nine tenths
 * of its region, and short of its story, so the region reads the page whole.
 */
export function dropsSections(kept: Kept, region: RegionMeasure, page: Authorship): boolean {
  if (isSigned(page)) return false;
  const { chars, linked } = kept;
  if (chars < region.chars * PART_SHARE || chars >= region.chars * WHOLE_SHARE) return false;
  if (chars >= region.story * STORY_SHARE) return false;
  return region.linked - linked < (region.chars - chars) * DROPPED_LINKED;
}

/**
 * Whether `dropsSections` may hold for `chars` against a region of `region.chars` or fewer: never on a
 * signed page, nor when the chars are nine tenths of it.
 */
export function mayDropSections(
  chars: number,
  region: { readonly chars: number },
  page: Authorship,
): boolean {
  return !isSigned(page) && chars < region.chars * WHOLE_SHARE;
}

/** Reading length of the link text under `root`. */
export function linkedLength(root: Element): number {
  let n = 0;
  for (const a of Array.from(root.querySelectorAll('a'))) n += visibleTextLength(a, readingLength);
  return n;
}
