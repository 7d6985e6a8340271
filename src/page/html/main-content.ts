// Picks the page's main content by its kind: Readability for stories, the chrome-stripped
// content region for threads, docs, products and listings, and for pages that say nothing
// of their kind, whichever of the two reads the page without losing most of it.
import { cleanArticle, prepareForReadability } from './clean.ts';
import { type ParsedDocument, parseAgain, parseDocument, treeSize, visibleTextLength } from './html-dom.ts';
import {
  dropsSections,
  isSigned,
  linkedLength,
  mayDropSections,
  type RegionMeasure,
} from './landing-page.ts';
import { isListingIntro } from './listing-intro.ts';
import { revealNoscript } from './noscript.ts';
import { detectKind, type PageKind } from './page-kind.ts';
import { dropPermalinks } from './permalinks.ts';
import { readProduct } from './product-page.ts';
import {
  loadReadability,
  type ReadabilityCtor,
  type ReadabilityResult,
  runReadability,
} from './readability-run.ts';
import { contentRegion } from './region.ts';
import {
  isBesideThread,
  isFragment,
  isMinorPart,
  isPartOf,
  keepsStory,
  proseParagraphs,
} from './story-choice.ts';
import { removeThreads, storyLength } from './story-text.ts';
import { readingLength } from './text-measure.ts';
import { stripPostChrome } from './thread-chrome.ts';
import { largestPosts, postsRead } from './thread-shape.ts';

export interface MainContent {
  readonly root: Element | null;
  readonly kind: PageKind;
  readonly document: Document;
  readonly title?: string | undefined;
  readonly byline?: string | undefined;
  readonly published?: string | undefined;
  /** What the page says in <noscript>, where a script-built page says what it needs. */
  readonly shellText: string;
}

// An article this long (in `readingLength` letters) is a real one: never swapped for the region,
// whatever surrounds it.
const GOOD_ARTICLE_CHARS = 3000;

// Readability's length threshold for accepting its first reading of a story.
const FIRST_READING_CHARS = 100;

// Real pages nest a few dozen levels; a tree deeper than this is read as plain text by the caller.
const MAX_DEPTH = 400;

// Readability's time grows with the elements, more so with links (it resolves and measures
// each, about three elements' worth), and with how deep they sit (it climbs from every block
// to the top): past these, it alone takes seconds, so the page is read as a region. The
// heaviest corpus pages weigh under 17k and hold under 0.24M ancestry.
const READABILITY_MAX_WEIGHT = 18_000;
const READABILITY_MAX_ANCESTRY = 600_000;

interface Parsed {
  readonly document: Document;
  readonly shellText: string;
  /** The parse the document came from, to build it afresh. */
  readonly source: ParsedDocument;
}

/** The page's document, from its markup, or again from an earlier parse of it. */
async function fresh(from: string | ParsedDocument): Promise<Parsed> {
  const source = typeof from === 'string' ? await parseDocument(from) : from;
  const document = typeof from === 'string' ? source.document : await parseAgain(from);
  const noscripts = Array.from(document.querySelectorAll('noscript'));
  const shellText = noscripts
    .map((n) => n.textContent ?? '')
    .join(' ')
    .slice(0, 5000);
  revealNoscript(document, noscripts);
  return { document, shellText, source };
}

interface Region {
  readonly root: Element | null;
  readonly chars: number;
  /** The page's body once its chrome is stripped, where the region was found. */
  readonly body: Element | null;
}

function region(document: Document): Region {
  const root = document.body ? contentRegion(document.body) : null;
  return { root, chars: root ? visibleTextLength(root, readingLength) : 0, body: document.body };
}

function measureRegion(region: Region): RegionMeasure {
  const story = region.body ? storyLength(region.body) : 0;
  return { chars: region.chars, story, linked: region.root ? linkedLength(region.root) : 0 };
}

/**
 * The main content of `html`; `url` is the page's address, a hint to its kind.
 * Throws RangeError for markup nested too deep to walk (the caller reads it as text).
 */
export async function mainContent(html: string, url: string): Promise<MainContent> {
  const [first, Readability] = await Promise.all([fresh(html), loadReadability()]);
  const size = treeSize(first.document.body ?? first.document);
  if (size.depth > MAX_DEPTH) throw new RangeError(`markup nested deeper than ${MAX_DEPTH} elements`);
  const signals = detectKind(first.document, url);
  const shellText = first.shellText;
  const weight = size.elements + 2 * size.links;
  const affordable = weight <= READABILITY_MAX_WEIGHT && size.ancestry <= READABILITY_MAX_ANCESTRY;
  if (signals.kind !== 'article' || !affordable) {
    const root = region(first.document).root;
    if (root && signals.kind === 'forum') stripPostChrome(root);
    if (root && signals.kind === 'product') readProduct(root, signals.productDescription);
    return { root, kind: signals.kind, document: first.document, shellText };
  }
  const dated = first.document.querySelector('time') !== null;
  const posts = first.document.body ? largestPosts(first.document.body) : undefined;
  // The region is part of the page's text (it only removes elements): an upper bound on its length,
  // needed only where the page does not declare its kind.
  const body = first.document.body;
  const pageChars =
    signals.explicit || !body ? Number.POSITIVE_INFINITY : visibleTextLength(body, readingLength);
  const { root, document, ...meta } = await readStory(
    first.source,
    Readability,
    first.document,
    signals.explicit,
  );
  const read = root && posts ? postsRead(root, posts) : 'neither';
  if (read === 'one') return thread(first.source, shellText, meta);
  // A thread Readability read whole keeps its posts, without what the forum prints around each.
  if (root && read === 'all') stripPostChrome(root);
  const chars = root ? visibleTextLength(root, readingLength) : 0;
  const story = root !== null && (chars >= GOOD_ARTICLE_CHARS || keepsStory(root, chars, signals.explicit));
  const page = { dated, ...meta };
  // A long story is kept at once when dated or signed; an unsigned one may be a few sections of a
  // company's page, and is first set against the region (landing-page.ts).
  const long = story && chars >= GOOD_ARTICLE_CHARS;
  if (root && story && (signals.explicit || (long && isSigned(page)))) {
    return { root, kind: 'article', document, shellText, ...meta };
  }
  // Rules that set the story against the region cannot swap it when the whole page's text could not.
  const most = { chars: pageChars };
  if (root && (long || !isPartOf(chars, most)) && (signals.explicit || !mayDropSections(chars, most, page))) {
    return { root, kind: 'article', document, shellText, ...meta };
  }
  // Readability has rewritten the document in place; the region starts from the source.
  const second = await fresh(first.source);
  const other = region(second.document);
  if (other.root && read === 'all') stripPostChrome(other.root);
  if (root && !signals.explicit) {
    const kept = { chars, linked: linkedLength(root) };
    const measured = measureRegion(other);
    if (dropsSections(kept, measured, page)) {
      return { root: other.root, kind: signals.kind, document: second.document, shellText, ...meta };
    }
    if (isListingIntro(kept, measured, page)) {
      return { root: other.root, kind: 'listing', document: second.document, shellText, ...meta };
    }
  }
  if (root && (long || (story ? !isMinorPart(chars, other) : !isFragment(root, chars, other)))) {
    return { root, kind: 'article', document, shellText, ...meta };
  }
  return { root: other.root, kind: signals.kind, document: second.document, shellText, ...meta };
}

/** A thread Readability read as one of its posts: the region, as a forum's. */
async function thread(
  source: ParsedDocument,
  shellText: string,
  meta: Partial<MainContent>,
): Promise<MainContent> {
  const again = await fresh(source);
  const root = region(again.document).root;
  if (root) stripPostChrome(root);
  return { ...meta, root, kind: 'forum', document: again.document, shellText };
}

/**
 * Readability's story from `document`, cleaned. Under its length threshold Readability reads the page
 * again without its filters and keeps the longest reading, which for a short story can be the comment
 * thread or teaser grid beside it. On a page that declares itself an article, the page is then read
 * again without them, and Readability's first, filtered reading is taken, however short.
 */
async function readStory(
  source: ParsedDocument,
  Readability: ReadabilityCtor,
  document: Document,
  declared: boolean,
): Promise<ReadabilityResult & { readonly document: Document }> {
  if (document.body) prepareForReadability(document.body);
  const result = runReadability(Readability, document);
  if (result.root) {
    cleanArticle(result.root);
    dropPermalinks(result.root);
  }
  if (!declared || !result.root || !isBesideThread(result.root)) {
    return { ...result, document };
  }
  const again = await fresh(source);
  if (again.document.body) {
    removeThreads(again.document.body);
    prepareForReadability(again.document.body);
  }
  const first = runReadability(Readability, again.document, FIRST_READING_CHARS);
  if (first.root) {
    cleanArticle(first.root);
    dropPermalinks(first.root);
  }
  if (!first.root || proseParagraphs(first.root) === 0) return { ...result, document };
  return { ...first, document: again.document };
}
