// What a body costs to lay out, told from its raw text before any parser sees it: markup
// with hundreds of thousands of elements, nesting hundreds deep, or a flood of entities
// (repairs that take a parser minutes) is read as plain text instead, as is JSON nested too deep.
import type { Extracted, Unsupported } from './extracted.ts';
import { extractPlain } from './plain.ts';

export const MARKUP_LIMITS = {
  /** Tags a page may hold; large real pages hold tens of thousands. */
  elements: 60_000,
  /** Open elements at once, counting only those that need an end tag (real pages: under 100). */
  depth: 400,
  /** Character references (`&amp;`…). */
  entities: 60_000,
  /** Brackets open at once in a JSON document. */
  jsonDepth: 1_000,
} as const;

type Limits = { readonly [K in keyof typeof MARKUP_LIMITS]: number };

/** Elements that close themselves or are closed by what follows; they never deepen the tree for long. */
const SHALLOW = new Set(
  'p li dt dd option optgroup tr td th tbody thead tfoot colgroup caption rb rt rp area base br col embed hr img input link meta param source track wbr'.split(
    ' ',
  ),
);
const RAW_TEXT = /<(script|style|title)\b[\s\S]*?<\/\1\s*>|<!--[\s\S]*?-->/gi;
const TOKEN = /<(\/?)([A-Za-z][^\s/>]*)[^>]*>|&#?[A-Za-z0-9]+;/g;

/** Why the markup is too heavy to lay out, or undefined when a parser may have it. */
export function heavyMarkup(html: string, limits: Limits = MARKUP_LIMITS): string | undefined {
  let [elements, depth, entities] = [0, 0, 0];
  for (const match of html.replace(RAW_TEXT, '').matchAll(TOKEN)) {
    const [token, close, name] = match;
    if (name === undefined) {
      if (++entities > limits.entities) return `over ${limits.entities} character references`;
      continue;
    }
    if (close === '/') depth = Math.max(0, depth - 1);
    else if (++elements > limits.elements) return `over ${limits.elements} elements`;
    else if (!SHALLOW.has(name.toLowerCase()) && !token.endsWith('/>') && ++depth > limits.depth)
      return `elements nested over ${limits.depth} deep`;
  }
  return undefined;
}

/** Whether a JSON text opens more than `limit` brackets at once (strings skipped). */
export function jsonTooDeep(text: string, limit: number = MARKUP_LIMITS.jsonDepth): boolean {
  let depth = 0;
  for (const match of text.matchAll(/"(?:[^"\\]|\\.)*"|[[{]|[\]}]/g)) {
    const c = match[0];
    if (c === '[' || c === '{') {
      if (++depth > limit) return true;
    } else if (c === ']' || c === '}') depth--;
  }
  return false;
}

const ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, ref: string) => {
    if (ref[0] !== '#') return ENTITIES[ref.toLowerCase()] ?? whole;
    const code = ref[1] === 'x' || ref[1] === 'X' ? Number.parseInt(ref.slice(2), 16) : Number(ref.slice(1));
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

const BLOCK = /<\/?(p|div|br|li|tr|h[1-6]|section|article|blockquote|pre|table|ul|ol|dd|dt)\b[^>]*>/gi;

/** A page too heavy to lay out, read as the text between its tags, with a note that says so. */
export function markupAsText(
  html: string,
  title: string,
  why: string,
): (Extracted & { gaps: string[] }) | Unsupported {
  const found = /<title[^>]*>([^<]*)<\/title>/i.exec(html.slice(0, 65_536))?.[1]?.trim();
  const text = decodeEntities(
    html
      .replace(RAW_TEXT, ' ')
      .replace(BLOCK, '\n')
      .replace(/<[^>]*>/g, ''),
  )
    .replace(/[ \t]+/g, ' ')
    .replace(/\s*\n\s*/g, '\n');
  const read = extractPlain(text, 'text/plain', title);
  if ('unsupported' in read) return read;
  return {
    ...read,
    title: found ? decodeEntities(found) : read.title,
    gaps: [`The page's markup is too heavy to lay out (${why}); it was read as plain text.`],
  };
}
