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

// What a reader never sees in raw HTML, and character references (counted as one character each).
// COMMENTS has no group, so RAW_BLOCKS' back-reference stays \1.
const UNSEEN = new RegExp(
  [COMMENTS.source, RAW_BLOCKS.source, TAGS.source, '&(?:#x?[0-9a-f]+|[a-z]+[0-9]*);?'].join('|'),
  'gi',
);

/** A crude count of visible characters in raw HTML, immune to parser quirks (an entity counts one). */
export function crudeTextLength(html: string): number {
  let count = 0;
  let last = 0;
  UNSEEN.lastIndex = 0;
  for (let m = UNSEEN.exec(html); m !== null; m = UNSEEN.exec(html)) {
    count += nonSpaceLength(html, last, m.index) + (m[0].charCodeAt(0) === 0x26 ? 1 : 0);
    last = UNSEEN.lastIndex;
  }
  return count + nonSpaceLength(html, last);
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
