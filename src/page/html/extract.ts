// The page's main text, chosen by page kind (main-content.ts), as compact markdown and
// plain text, with the title and a verdict on whether it is too thin to answer from.

import { blockText } from './block-text.ts';
import { separateCodeLines } from './code-lines.ts';
import type { Extracted, Unsupported } from './extracted.ts';
import { treeSize } from './html-dom.ts';
import { mainContent } from './main-content.ts';
import { toMarkdown } from './markdown.ts';
import { extractPlain, mimeOf, readsAsHtml } from './plain.ts';
import { crudeText } from './text-measure.ts';
import { judgeThin } from './thin.ts';
import { separateAdjacentInlines } from './word-breaks.ts';

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

export async function extractPage(html: string, url: string): Promise<Extracted> {
  try {
    return await extractTree(html, url);
  } catch (error) {
    // Markup nested deeper than a tree walk can afford (or than the call stack): read it as text.
    if (!(error instanceof RangeError)) throw error;
    const text = crudeText(html);
    const verdict = judgeThin(text, '');
    return {
      title: titleFromUrl(url),
      markdown: paragraphs(text),
      text,
      thin: verdict.thin,
      ...optional('thinReason', verdict.reason),
    };
  }
}

async function extractTree(html: string, url: string): Promise<Extracted> {
  const main = await mainContent(html, url);
  const { document, root } = main;
  if (root) separateAdjacentInlines(root);
  const base = baseUrl(document, url);
  if (root) separateCodeLines(root);
  const text = root ? blockText(root) : '';
  const markdown = root ? await markdownOf(root, base, text) : '';
  const verdict = judgeThin(text, main.shellText);
  return {
    title: nonEmpty(main.title) ?? nonEmpty(document.title) ?? titleFromUrl(url),
    ...optional('byline', nonEmpty(main.byline)),
    ...optional('published', nonEmpty(main.published)),
    kind: main.kind,
    markdown,
    text,
    thin: verdict.thin,
    ...optional('thinReason', verdict.reason),
  };
}

// Markdown costs tens of microseconds an element: past this many (a table of thousands of
// rows, a page of bare blocks), the content is given as its text, a paragraph per block.
const MARKDOWN_MAX_ELEMENTS = 20_000;

function markdownOf(root: Element, base: string, text: string): Promise<string> | string {
  return treeSize(root).elements > MARKDOWN_MAX_ELEMENTS ? paragraphs(text) : toMarkdown(root, base);
}

const paragraphs = (text: string): string => text.replace(/\n/g, '\n\n');

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
