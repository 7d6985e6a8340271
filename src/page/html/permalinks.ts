// Headings' permalink anchors: documentation generators put one in every heading (and API entry),
// a link to the place itself drawn as a symbol, an icon-font glyph or nothing visible at all
// (a zero-width space the style sheet paints an icon over). Read as text, they stick to the heading.

// Text that draws a permalink: ¶ § # 🔗, zero-width characters, and icon-font glyphs (private use).
const PERMALINK_TEXT = /^[\s¶§#🔗\u200b-\u200d\u2060\ufeff\ue000-\uf8ff]+$/u;

// Class words generators give the anchor (`headerlink`, `hash-link`, `header-anchor`, `anchor-link`,
// `permalink`): with them, any text of a few characters is the symbol, however mis-decoded ("Â¶").
const PERMALINK_NAME =
  /(^|[\s_-])(headerlink|hash-?link|(header|heading)-?anchor|anchor-?link|permalink)([\s_-]|$)/i;
const NAMED_MAX_CHARS = 3;

function isPermalink(a: Element): boolean {
  const text = a.textContent ?? '';
  if (text === '') return false;
  if (PERMALINK_TEXT.test(text)) return true;
  return text.trim().length <= NAMED_MAX_CHARS && PERMALINK_NAME.test(a.getAttribute('class') ?? '');
}

/** Removes headings' permalink anchors under `root`, in place. */
export function dropPermalinks(root: Element): void {
  for (const a of Array.from(root.querySelectorAll('a[href^="#"]'))) {
    if (isPermalink(a)) a.remove();
  }
}
