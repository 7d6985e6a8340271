// Text measured without a tree or cheaply over one: the visible text of raw HTML (a last resort
// for markup no parser survives), non-space lengths, and reading length across scripts.

const RAW_BLOCKS = /<(script|style|noscript|template|title|textarea)\b[^>]*>[\s\S]*?<\/\1\s*>/gi;
const COMMENTS = /<!--[\s\S]*?-->/g;
const TAGS = /<\/?[a-zA-Z!?][^>]*>/g;

const BLOCK_TAGS =
  /<\/?(p|div|br|li|tr|h[1-6]|section|article|main|pre|blockquote|table|ul|ol|dd|dt)\b[^>]*>/gi;
const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/**
 * The visible text of raw HTML without building a tree, one line per block: the
 * last resort for markup no parser survives (nesting deeper than the call stack).
 */
export function crudeText(html: string): string {
  return html
    .replace(COMMENTS, ' ')
    .replace(RAW_BLOCKS, ' ')
    .replace(BLOCK_TAGS, '\n')
    .replace(TAGS, '')
    .replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (m, e: string) => {
      if (e[0] !== '#') return NAMED[e.toLowerCase()] ?? m;
      const code = e[1] === 'x' || e[1] === 'X' ? Number.parseInt(e.slice(2), 16) : Number(e.slice(1));
      return code > 0 && code < 0x110000 ? String.fromCodePoint(code) : m;
    })
    .split('\n')
    .map((l) => l.replace(/\s+/g, ' ').trim())
    .filter((l) => l !== '')
    .join('\n');
}

/** Whitespace as `\s` sees it. */
function isSpace(code: number): boolean {
  return code <= 0x20
    ? code === 0x20 || (code >= 0x09 && code <= 0x0d)
    : code === 0xa0 ||
        code === 0x1680 ||
        (code >= 0x2000 && code <= 0x200a) ||
        code === 0x2028 ||
        code === 0x2029 ||
        code === 0x202f ||
        code === 0x205f ||
        code === 0x3000 ||
        code === 0xfeff;
}

/** Characters of `text` from `start` to `end` that are not whitespace, without allocating. */
export function nonSpaceLength(text: string, start = 0, end = text.length): number {
  let n = 0;
  for (let i = start; i < end; i++) if (!isSpace(text.charCodeAt(i))) n++;
  return n;
}

// What a reader never sees in raw HTML, read at a `<` (a comment, a raw-text element with its
// content, a tag) or an `&` (a character reference, counted as one character).
const RAW_OPEN = /<(script|style|noscript|template|title|textarea)\b[^>]*>/iy;
const rawClose = new Map<string, RegExp>();
const ENTITY = /&(?:#x?[0-9a-f]+|[a-z]+[0-9]*);?/iy;

/** Whether `code` may open a tag after `<` (or `</`): a letter, `!` or `?`. */
function opensTag(code: number): boolean {
  return ((code | 0x20) >= 0x61 && (code | 0x20) <= 0x7a) || code === 0x21 || code === 0x3f;
}

/** Where the markup opening at `html[at]` (a `<`) ends, or -1 when that `<` is text. */
function markupEnd(html: string, at: number): number {
  const first = html.charCodeAt(at + 1);
  if (first === 0x21 && html.startsWith('<!--', at)) {
    const end = html.indexOf('-->', at + 4);
    if (end >= 0) return end + 3;
  }
  // Raw-text elements all start with s, t or n: other tags are spared the pattern.
  const lower = first | 0x20;
  if (lower === 0x73 || lower === 0x74 || lower === 0x6e) {
    RAW_OPEN.lastIndex = at;
    const open = RAW_OPEN.exec(html);
    if (open !== null) {
      const name = (open[1] ?? '').toLowerCase();
      let close = rawClose.get(name);
      if (close === undefined) {
        close = new RegExp(`</${name}\\s*>`, 'gi');
        rawClose.set(name, close);
      }
      close.lastIndex = RAW_OPEN.lastIndex;
      if (close.exec(html) !== null) return close.lastIndex;
    }
  }
  const named = first === 0x2f ? opensTag(html.charCodeAt(at + 2)) : opensTag(first);
  const end = named ? html.indexOf('>', at + 2) : -1;
  return end < 0 ? -1 : end + 1;
}

/**
 * A crude count of visible characters in raw HTML, immune to parser quirks (an entity counts one):
 * one pass over the characters, skipping comments, raw-text elements (script, style…) and tags.
 */
export function crudeTextLength(html: string): number {
  let count = 0;
  let i = 0;
  while (i < html.length) {
    const code = html.charCodeAt(i);
    if (code === 0x3c) {
      const end = markupEnd(html, i);
      if (end < 0) count++;
      i = end < 0 ? i + 1 : end;
    } else if (code === 0x26) {
      count++;
      ENTITY.lastIndex = i;
      i = ENTITY.test(html) ? ENTITY.lastIndex : i + 1;
    } else {
      if (!isSpace(code)) count++;
      i++;
    }
  }
  return count;
}

/** Han, kana and Hangul: one character carries about a word. */
function isWordCharacter(code: number): boolean {
  return (
    (code >= 0x3040 && code <= 0x30ff) ||
    (code >= 0x3400 && code <= 0x4dbf) ||
    (code >= 0x4e00 && code <= 0x9fff) ||
    (code >= 0xac00 && code <= 0xd7af) ||
    (code >= 0xf900 && code <= 0xfaff)
  );
}

/**
 * How much there is to read in `text`, in letters: non-space characters, where a Han,
 * kana or Hangul character (about one word) counts as three, so a length threshold
 * means the same in Chinese as in English.
 */
export function readingLength(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (!isSpace(code)) n += isWordCharacter(code) ? 3 : 1;
  }
  return n;
}
