// Turns an extracted DOM subtree into compact markdown: no images or media,
// no empty or script links, fenced code, pipe tables, links resolved to absolute.
import type TurndownService from 'turndown';
import { asLocalNames } from './html-dom.ts';
import { addTableRules } from './markdown-tables.ts';

type Turndown = typeof TurndownService;
let turndownClass: Promise<Turndown> | undefined;

function loadTurndown(): Promise<Turndown> {
  turndownClass ??= import('turndown').then((m) => m.default);
  return turndownClass;
}

const DROP = asLocalNames([
  'IMG',
  'PICTURE',
  'SVG',
  'VIDEO',
  'AUDIO',
  'IFRAME',
  'CANVAS',
  'OBJECT',
  'EMBED',
  'SCRIPT',
  'STYLE',
  'NOSCRIPT',
  'TEMPLATE',
  'BUTTON',
  'INPUT',
  'SELECT',
  'TEXTAREA',
  'FORM',
]);

// Rules test each element's `localName` against these (see asLocalNames): every rule is tried on
// every element, and reading `nodeName` allocates its upper-case copy each time.
const LINKS = asLocalNames(['A']);
const PRES = asLocalNames(['PRE']);
const CODES = asLocalNames(['CODE']);

/** True when `n`'s first child is a <code> element. */
function opensWithCode(n: Node): boolean {
  const first = n.firstChild;
  return first?.nodeType === 1 && CODES.has((first as Element).localName);
}

const withoutHash = (u: URL): string => u.href.slice(0, u.href.length - u.hash.length);

/** An absolute http(s)/mailto href, or undefined for script, empty and same-page links. */
function resolveHref(href: string, base: URL | undefined, page: string): string | undefined {
  const trimmed = href.trim();
  if (base === undefined || trimmed === '' || trimmed.startsWith('#')) return undefined;
  try {
    const url = new URL(trimmed, base);
    if (url.hash !== '' && withoutHash(url) === page) return undefined;
    return url.protocol === 'http:' || url.protocol === 'https:' || url.protocol === 'mailto:'
      ? url.href
      : undefined;
  } catch {
    return undefined;
  }
}

/** Where the links being rendered point from: set for each call, read by the link rule. */
interface LinkBase {
  url: URL | undefined;
  page: string;
}

function createService(Turndown: Turndown, at: LinkBase): TurndownService {
  const td = new Turndown({
    headingStyle: 'atx',
    codeBlockStyle: 'fenced',
    bulletListMarker: '-',
    emDelimiter: '_',
    strongDelimiter: '**',
    br: '',
    hr: '---',
  });
  // Backslash escapes would make the markdown differ from the page's words,
  // and quotes are checked against those words.
  td.escape = (s: string) => s;
  td.addRule('link', {
    filter: (n) => LINKS.has(n.localName),
    replacement: (content, n) => {
      const text = content.replace(/\s+/g, ' ').trim();
      if (text === '') return '';
      const href = resolveHref((n as Element).getAttribute('href') ?? '', at.url, at.page);
      return href === undefined || href === text ? text : `[${text}](${href})`;
    },
  });
  td.addRule('bareCodeBlock', {
    filter: (n) => PRES.has(n.localName) && !opensWithCode(n),
    replacement: (_c, n) => fence(n.textContent ?? '', ''),
  });
  td.addRule('codeBlock', {
    filter: (n) => PRES.has(n.localName) && opensWithCode(n),
    replacement: (_c, n) => {
      const code = n.firstChild as Element;
      const lang = /(?:lang|language)-(\S+)/.exec(code.getAttribute('class') ?? '')?.[1] ?? '';
      return fence(code.textContent ?? '', lang);
    },
  });
  addTableRules(td);
  // Added last so it outranks turndown's own image rule.
  td.addRule('drop', { filter: (n) => DROP.has(n.localName), replacement: () => '' });
  return td;
}

// One service for every call (building its rules costs more than a short page's rendering);
// a call sets the link base, then renders synchronously.
const linkBase: LinkBase = { url: undefined, page: '' };
let service: TurndownService | undefined;

function fence(code: string, lang: string): string {
  const body = code.replace(/^\n+|\s+$/g, '');
  if (body === '') return '';
  const longest = Math.max(2, ...(body.match(/`+/g) ?? []).map((t) => t.length));
  const ticks = '`'.repeat(longest + 1);
  return `\n\n${ticks}${lang}\n${body}\n${ticks}\n\n`;
}

// What compacting a line changes: tabs, no-break spaces and runs of spaces. Most lines hold none.
const LOOSE_SPACING = /[\t\u00a0]| {2}/;

function compactLine(raw: string): string {
  if (!LOOSE_SPACING.test(raw)) {
    const indent = raw.startsWith(' ') ? ' ' : '';
    const rest = raw.slice(indent.length).trimEnd();
    return rest === '' ? '' : indent + rest;
  }
  const indent = /^[ \t]*/.exec(raw)?.[0] ?? '';
  const rest = raw
    .slice(indent.length)
    .replace(/^([-*+]|\d+\.) {2,}/, '$1 ')
    .replace(/[ \t\u00a0]+/g, ' ')
    .trimEnd();
  return rest === '' ? '' : indent + rest;
}

/** Collapses blank runs and trailing spaces that turndown leaves behind. */
export function tidyMarkdown(md: string): string {
  const out: string[] = [];
  let inFence = false;
  for (const raw of md.split('\n')) {
    const line = inFence ? raw.trimEnd() : compactLine(raw);
    if (/^\s*(`{3,}|~{3,})/.test(line)) inFence = !inFence;
    if (line === '' && (out.length === 0 || out[out.length - 1] === '')) continue;
    out.push(line);
  }
  return out.join('\n').trim();
}

/**
 * Markdown for `root`, links resolved against `base`. The tree is rendered in place: turndown
 * trims its whitespace and drops its comments, so `root` is read for nothing else afterwards.
 */
export async function toMarkdown(root: Element, base: string): Promise<string> {
  const Turndown = await loadTurndown();
  service ??= createService(Turndown, linkBase);
  linkBase.url = URL.canParse(base) ? new URL(base) : undefined;
  linkBase.page = linkBase.url ? withoutHash(linkBase.url) : '';
  // Turndown converts a copy of the node it is given (cloneNode); handed this stand-in, it converts
  // `root` itself, which spares a copy of every node. Its types want an HTMLElement; it reads only
  // nodeType and cloneNode here, then walks generic DOM nodes.
  const inPlace = { nodeType: root.nodeType, cloneNode: () => root };
  return tidyMarkdown(service.turndown(inPlace as unknown as HTMLElement));
}
