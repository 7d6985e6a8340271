// Inline styles that keep an element's text from a person's eyes: transparent, zero-sized
// or pushed off the screen. Such text is where prompt injection in a page hides.

/** An inline style's declarations, property → value (lower case, `!important` dropped). */
function declarations(style: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const part of style.replace(/\/\*[\s\S]*?\*\//g, '').split(';')) {
    const colon = part.indexOf(':');
    if (colon < 0) continue;
    const name = part.slice(0, colon).trim().toLowerCase();
    const value = part
      .slice(colon + 1)
      .replace(/!\s*important\s*$/i, '')
      .trim()
      .toLowerCase();
    if (name !== '' && value !== '') found.set(name, value);
  }
  return found;
}

const LENGTH = /^([+-]?(?:\d+\.?\d*|\.\d+))([a-z%]*)$/;

/** A CSS length as a number and unit, or undefined for keywords and expressions. */
function length(value: string | undefined): { n: number; unit: string } | undefined {
  const m = value === undefined ? null : LENGTH.exec(value);
  return m?.[1] === undefined ? undefined : { n: Number(m[1]), unit: m[2] ?? '' };
}

const isZero = (value: string | undefined): boolean => length(value)?.n === 0;

// Far enough off the screen that no window shows it, per unit.
const OFF_SCREEN: Readonly<Record<string, number>> = {
  px: 1000,
  pt: 750,
  em: 60,
  rem: 60,
  vw: 100,
  vh: 100,
  '%': 100,
};

function farOff(value: string | undefined): boolean {
  const l = length(value);
  if (l === undefined || l.n >= 0) return false;
  const bound = OFF_SCREEN[l.unit];
  return bound !== undefined && -l.n >= bound;
}

function offScreen(d: Map<string, string>): boolean {
  const position = d.get('position');
  if (position !== 'absolute' && position !== 'fixed') return false;
  return farOff(d.get('left')) || farOff(d.get('top')) || farOff(d.get('right'));
}

function clipped(d: Map<string, string>): boolean {
  const overflow = [d.get('overflow'), d.get('overflow-x'), d.get('overflow-y')];
  if (!overflow.some((o) => o !== undefined && /^(hidden|clip)\b/.test(o))) return false;
  return ['width', 'height', 'max-width', 'max-height'].some((p) => isZero(d.get(p)));
}

// Pages fade content in with script from an inline `opacity: 0`: a block that moves as it
// fades, or one this large (a whole <main>), is the page's own text, which a person sees.
const FADE_IN_CHARS = 1000;
const ANIMATED = ['transform', 'transition', 'animation', 'will-change', 'translate'];

/** Transparent, and not a script's fade-in (which a person sees once the page has loaded). */
function transparent(d: Map<string, string>, textLength: () => number): boolean {
  if (!isZero(d.get('opacity'))) return false;
  return !ANIMATED.some((p) => d.has(p)) && textLength() < FADE_IN_CHARS;
}

/**
 * True when an element with this inline style shows no text to a person; `textLength`
 * (non-space characters inside) tells a hidden note from a block a script fades in.
 */
export function hiddenByStyle(style: string, textLength: () => number = () => 0): boolean {
  const d = declarations(style);
  return (
    d.get('display') === 'none' ||
    d.get('visibility') === 'hidden' ||
    d.get('visibility') === 'collapse' ||
    isZero(d.get('font-size')) ||
    offScreen(d) ||
    clipped(d) ||
    transparent(d, textLength)
  );
}

/** Non-space characters of the text under `el`. */
function textLength(el: Element): number {
  return (el.textContent ?? '').replace(/\s+/g, '').length;
}

/** Removes every element under `root` whose inline style hides it. */
export function removeHiddenByStyle(root: ParentNode): void {
  for (const el of Array.from(root.querySelectorAll('[style]'))) {
    if (!el.isConnected) continue;
    if (hiddenByStyle(el.getAttribute('style') ?? '', () => textLength(el))) el.remove();
  }
}
