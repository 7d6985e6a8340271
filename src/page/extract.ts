// The page's main text: Readability on linkedom, cleaned, then compact
// markdown and plain text; falls back to the cleaned body when Readability finds little.
import type { Readability as ReadabilityClass } from '@mozilla/readability';
import { cleanArticle, cleanBody } from './clean.ts';
import { blockText, parseDocument, visibleTextLength } from './html-dom.ts';
import { toMarkdown } from './markdown.ts';
import { extractPlain, mimeOf, readsAsHtml } from './plain.ts';
import { judgeThin } from './thin.ts';

export interface Extracted {
  readonly title: string;
  readonly byline?: string;
  readonly published?: string;
  readonly markdown: string;
  /** Plain text of the same content, one line per block: what quotes are checked against. */
  readonly text: string;
  readonly thin: boolean;
  readonly thinReason?: string;
}

/** A body this service cannot read (PDF, images, archives…), by media type. */
export interface Unsupported {
  readonly unsupported: string;
}

type ReadabilityCtor = typeof ReadabilityClass;
let readability: Promise<ReadabilityCtor> | undefined;

function loadReadability(): Promise<ReadabilityCtor> {
  readability ??= import('@mozilla/readability').then((m) => {
    // Bundled, this CommonJS module arrives as a default export only.
    const mod: { Readability?: ReadabilityCtor; default?: { Readability: ReadabilityCtor } } = m;
    const ctor = mod.Readability ?? mod.default?.Readability;
    if (ctor === undefined) throw new Error('@mozilla/readability exports no Readability');
    return ctor;
  });
  return readability;
}

function baseUrl(document: Document, url: string): string {
  const href = document.querySelector('base[href]')?.getAttribute('href');
  if (!href) return url;
  try {
    const base = new URL(href, url);
    return base.protocol === 'http:' || base.protocol === 'https:' ? base.href : url;
  } catch {
    return url;
  }
}

function nonEmpty(value: string | null | undefined): string | undefined {
  const v = value?.replace(/[ \t\n\r\f\v\u00a0]+/g, ' ').trim();
  return v ? v : undefined;
}

// Readability sometimes settles on a fragment (a caption, a teaser) of a page
// whose text lives elsewhere, e.g. listings and docs indexes: then the body wins.
function foundTooLittle(articleChars: number, bodyChars: number): boolean {
  return articleChars < 500 && articleChars < bodyChars * 0.2;
}

export async function extractPage(html: string, url: string): Promise<Extracted> {
  const [parsed, Readability] = await Promise.all([parseDocument(html), loadReadability()]);
  const { document } = parsed;
  const base = baseUrl(document, url);
  const bodyChars = document.body ? visibleTextLength(document.body) : 0;
  const noscript = Array.from(document.querySelectorAll('noscript'), (n) => n.textContent ?? '')
    .join(' ')
    .slice(0, 5000);
  const pageTitle = nonEmpty(document.title);
  const article = new Readability(document, {
    keepClasses: true,
    serializer: (node: Node) => node,
  }).parse();
  const content = article?.content;
  let root = content?.nodeType === 1 ? (content as Element) : null;
  if (root) cleanArticle(root);
  if (!root || foundTooLittle(visibleTextLength(root), bodyChars)) {
    // Readability has rewritten the document in place; start again from the source.
    const fresh = (await parseDocument(html)).document;
    root = fresh.body ? cleanBody(fresh.body) : null;
  }
  const markdown = root ? await toMarkdown(root, base) : '';
  const text = root ? blockText(root) : '';
  const verdict = judgeThin(text, noscript);
  return {
    title: nonEmpty(article?.title) ?? pageTitle ?? titleFromUrl(url),
    ...optional('byline', nonEmpty(article?.byline)),
    ...optional('published', nonEmpty(article?.publishedTime)),
    markdown,
    text,
    thin: verdict.thin,
    ...optional('thinReason', verdict.reason),
  };
}

function optional<K extends string>(key: K, value: string | undefined): { [P in K]?: string } {
  return value === undefined ? {} : ({ [key]: value } as { [P in K]?: string });
}

export function titleFromUrl(url: string): string {
  try {
    const u = new URL(url);
    const last = u.pathname.split('/').filter(Boolean).pop();
    return last ? decodeURIComponent(last) : u.hostname;
  } catch {
    return url;
  }
}

/**
 * Extracts any decoded body by its Content-Type: HTML through `extractPage`,
 * text and markdown as they are, JSON pretty-printed; anything else is unsupported.
 */
export async function extractByType(
  text: string,
  contentType: string,
  url: string,
): Promise<Extracted | Unsupported> {
  const mime = mimeOf(contentType);
  if (readsAsHtml(mime, text)) return extractPage(text, url);
  return extractPlain(text, mime, titleFromUrl(url));
}
