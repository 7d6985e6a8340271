// What kind of page this is (article, forum, documentation, product, listing), read
// from what the page says of itself (JSON-LD, Open Graph, itemprop) and its URL's shape.

export type PageKind = 'article' | 'forum' | 'documentation' | 'product' | 'listing';

export interface KindSignals {
  readonly kind: PageKind;
  /** True when the page or its URL names the kind; false for the default, article. */
  readonly explicit: boolean;
  /** Text the page's structured data gives as its body (JSON-LD articleBody/text), if any. */
  readonly structuredBody: string;
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

// Path shapes shared by many sites of one kind, not any one site.
const URL_KIND: readonly (readonly [RegExp, PageKind])[] = [
  [
    /\/(questions|threads?|topics?|forums?|discussions?|community|t)\/|\/comments\/|showthread|viewtopic/i,
    'forum',
  ],
  [
    /\/(docs?|documentation|reference|manual|api|guides?|learn|tutorials?|handbook|man)\b|^docs?\.|\.readthedocs\./i,
    'documentation',
  ],
  [/\/(products?|dp|p|item|shop\/p)\//i, 'product'],
  [
    /\/(search|categor(y|ies)|collections?|tags?|topics|browse|list|lists|jobs|shop)\b|[?&](q|query|s|search)=/i,
    'listing',
  ],
];

type Json = unknown;

function* nodesOf(value: Json): Generator<Record<string, Json>> {
  if (Array.isArray(value)) {
    for (const v of value) yield* nodesOf(v);
  } else if (typeof value === 'object' && value !== null) {
    const rec = value as Record<string, Json>;
    yield rec;
    for (const key of ['@graph', 'mainEntity', 'mainEntityOfPage', 'itemListElement']) {
      if (key in rec) yield* nodesOf(rec[key]);
    }
  }
}

function typesOf(node: Record<string, Json>): string[] {
  const t = node['@type'];
  const list = Array.isArray(t) ? t : [t];
  return list.filter((x): x is string => typeof x === 'string').map((x) => x.toLowerCase());
}

interface StructuredData {
  readonly kinds: readonly PageKind[];
  readonly body: string;
}

/** Kinds named by the page's JSON-LD blocks, and the longest body text they carry. */
export function readStructuredData(document: Document): StructuredData {
  const kinds: PageKind[] = [];
  let body = '';
  for (const script of Array.from(document.querySelectorAll('script[type="application/ld+json"]'))) {
    const raw = script.textContent ?? '';
    if (raw.length > 500_000) continue;
    let data: Json;
    try {
      data = JSON.parse(raw);
    } catch {
      continue;
    }
    for (const node of nodesOf(data)) {
      for (const t of typesOf(node)) {
        const kind = LD_KIND[t];
        if (kind) kinds.push(kind);
      }
      for (const key of ['articleBody', 'text']) {
        const value = node[key];
        if (typeof value === 'string' && value.length > body.length) body = value;
      }
    }
  }
  return { kinds, body };
}

function metaContent(document: Document, selector: string): string {
  return (document.querySelector(selector)?.getAttribute('content') ?? '').toLowerCase();
}

function urlKind(url: string): PageKind | undefined {
  let target: string;
  try {
    const u = new URL(url);
    target = `${u.hostname}${u.pathname}${u.search}`;
  } catch {
    return undefined;
  }
  return URL_KIND.find(([pattern]) => pattern.test(target))?.[1];
}

// Structured data outranks the URL, and an explicit non-article type outranks a
// generic Article node (product pages often carry both).
const PRIORITY: readonly PageKind[] = ['forum', 'product', 'documentation', 'listing', 'article'];

// schema.org microdata types, matched anywhere in itemtype as the page writes it.
const MICRODATA_KIND: readonly (readonly [string, PageKind])[] = [
  ['schema.org/Question', 'forum'],
  ['schema.org/QAPage', 'forum'],
  ['schema.org/Product', 'product'],
];

/** Kinds named by the page's microdata (`itemtype`), in one pass over the tree. */
function microdataKinds(document: Document): Set<PageKind> {
  const kinds = new Set<PageKind>();
  for (const el of Array.from(document.querySelectorAll('[itemtype]'))) {
    const type = el.getAttribute('itemtype') ?? '';
    for (const [name, kind] of MICRODATA_KIND) if (type.includes(name)) kinds.add(kind);
  }
  return kinds;
}

export function detectKind(document: Document, url: string): KindSignals {
  const data = readStructuredData(document);
  const og = metaContent(document, 'meta[property="og:type"]');
  const found = new Set<PageKind>(data.kinds);
  if (og === 'product' || og.startsWith('product.')) found.add('product');
  for (const kind of microdataKinds(document)) found.add(kind);
  const named = PRIORITY.find((k) => found.has(k));
  const kind = named ?? (og === 'article' ? 'article' : urlKind(url));
  return { kind: kind ?? 'article', explicit: kind !== undefined, structuredBody: data.body };
}
