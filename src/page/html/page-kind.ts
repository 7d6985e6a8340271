// What kind of page this is (article, forum, documentation, product, listing), read
// from what the page says of its main entity (JSON-LD, Open Graph, itemtype) and its URL's shape.
import { readStructuredData } from './structured-data.ts';

export type PageKind = 'article' | 'forum' | 'documentation' | 'product' | 'listing';

export interface KindSignals {
  readonly kind: PageKind;
  /** True when the page or its URL names the kind; false for the default, article. */
  readonly explicit: boolean;
  /** Text the page's structured data gives as its body (JSON-LD articleBody/text), if any. */
  readonly structuredBody: string;
  /** The description the page's structured data gives its product, if any (it may hold markup). */
  readonly productDescription: string;
}

const LD_KIND: Record<string, PageKind> = {
  qapage: 'forum',
  discussionforumposting: 'forum',
  socialmediaposting: 'forum',
  product: 'product',
  productgroup: 'product',
  itemlist: 'listing',
  collectionpage: 'listing',
  searchresultspage: 'listing',
  techarticle: 'documentation',
  apireference: 'documentation',
  article: 'article',
  newsarticle: 'article',
  blogposting: 'article',
  reportagenewsarticle: 'article',
  analysisnewsarticle: 'article',
  opinionnewsarticle: 'article',
  scholarlyarticle: 'article',
  recipe: 'article',
};

export interface UrlRule {
  readonly name: string;
  readonly kind: PageKind;
  /** Tested against the address's host and path, lowercased: `host/seg/seg`. */
  readonly pattern: RegExp;
}

/** A rule per path segment (whole, between slashes). */
const segments = (kind: PageKind, ...words: string[]): UrlRule[] =>
  words.map((word) => ({ name: `/${word}/`, kind, pattern: new RegExp(`/${word}(/|$)`) }));

// Address shapes shared by many sites of one kind, never one site's. Each is kept only while it
// wins on the development pages (the extract bench shows each rule's effect); shapes that lost
// or never decided a page (/t/, /topics/, /p/, /dp/, /shop/, /guide/, /handbook/, showthread,
// viewtopic, /man…, /learn-…, ?s=, ?q=, and /Category:…, whose page the listing rule of
// listing-intro.ts reads alike) are gone.
export const URL_RULES: readonly UrlRule[] = [
  ...segments('forum', 'topic', 'threads', 'comments'),
  ...segments('documentation', 'docs', 'doc', 'learn', 'api'),
  { name: 'docs./doc./developer. host', kind: 'documentation', pattern: /^(docs?|developer)\./ },
  ...segments('product', 'product'),
  ...segments('listing', 'collections', 'categories'),
];

/** The first URL rule `url` matches, if any. */
export function urlRule(url: string): UrlRule | undefined {
  let target: string;
  try {
    const u = new URL(url);
    target = `${u.hostname}${u.pathname}`.toLowerCase();
  } catch {
    return undefined;
  }
  return URL_RULES.find((rule) => rule.pattern.test(target));
}

/** Kinds named by the types of the page's main entities. */
function kindsOf(types: readonly string[]): PageKind[] {
  return types.map((t) => LD_KIND[t]).filter((k): k is PageKind => k !== undefined);
}

function metaContent(document: Document, selector: string): string {
  return (document.querySelector(selector)?.getAttribute('content') ?? '').toLowerCase();
}

// Structured data outranks the URL, and an explicit non-article type outranks a
// generic Article node (product pages often carry both).
const PRIORITY: readonly PageKind[] = ['forum', 'product', 'documentation', 'listing', 'article'];

// schema.org microdata types, matched anywhere in itemtype as the page writes it.
const MICRODATA_KIND: readonly (readonly [string, PageKind])[] = [
  ['schema.org/Question', 'forum'],
  ['schema.org/QAPage', 'forum'],
  ['schema.org/DiscussionForumPosting', 'forum'],
  ['schema.org/Product', 'product'],
];

// This many items marked up as schema.org comments make a thread, whatever the page calls itself
// (forum software marks each reply so; a story's comment section rarely carries microdata).
const THREAD_COMMENTS = 3;

/** Kinds named by the page's top-level microdata items (not properties of another item). */
function microdataKinds(document: Document): Set<PageKind> {
  const kinds = new Set<PageKind>();
  let comments = 0;
  for (const el of Array.from(document.querySelectorAll('[itemtype]'))) {
    const type = el.getAttribute('itemtype') ?? '';
    if (type.endsWith('schema.org/Comment')) comments++;
    // Filtered here rather than by `:not([itemprop])`, which costs the selector twice its time.
    if (el.hasAttribute('itemprop')) continue;
    for (const [name, kind] of MICRODATA_KIND) if (type.includes(name)) kinds.add(kind);
  }
  if (comments >= THREAD_COMMENTS) kinds.add('forum');
  return kinds;
}

export function detectKind(document: Document, url: string): KindSignals {
  const data = readStructuredData(document);
  const og = metaContent(document, 'meta[property="og:type"]');
  const found = new Set<PageKind>(kindsOf(data.types));
  if (og === 'product' || og.startsWith('product.')) found.add('product');
  for (const kind of microdataKinds(document)) found.add(kind);
  const named = PRIORITY.find((k) => found.has(k));
  // Sites set og:type "article" on every page: a page whose JSON-LD calls it a plain web page is not
  // thereby declared an article.
  const ogArticle = og === 'article' && !data.page;
  const kind = named ?? (ogArticle ? 'article' : urlRule(url)?.kind);
  return {
    kind: kind ?? 'article',
    explicit: kind !== undefined,
    structuredBody: data.body,
    productDescription: data.description,
  };
}
