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

/** Zero-sized with its overflow hidden, and not a panel that opens by a transition. */
function clipped(d: Map<string, string>): boolean {
  if (animated(d)) return false;
  const overflow = [d.get('overflow'), d.get('overflow-x'), d.get('overflow-y')];
  if (!overflow.some((o) => o !== undefined && /^(hidden|clip)\b/.test(o))) return false;
  return ['width', 'height', 'max-width', 'max-height'].some((p) => isZero(d.get(p)));
}

// Pages fade sections in, and open collapsed panels, with script from an inline `opacity: 0`
// or zero height: a block that moves or changes as it appears, one with a heading of its
// own, or one this large (a whole <main>) is the page's own content, which a person sees.
const FADE_IN_CHARS = 1000;
const ANIMATED = ['transform', 'transition', 'animation', 'will-change', 'translate'];

/** What a hiding rule needs of the element beyond its style. */
export interface HiddenProbe {
  /** Non-space characters of the text inside. */
  textLength(): number;
  /** Whether a heading (h1–h6) is inside. */
  hasHeading(): boolean;
}

const NO_PROBE: HiddenProbe = { textLength: () => 0, hasHeading: () => false };

const animated = (d: Map<string, string>): boolean => ANIMATED.some((p) => d.has(p));

/** Transparent, and not a section a script fades in (which a person sees once the page has loaded). */
function transparent(d: Map<string, string>, probe: HiddenProbe): boolean {
  if (!isZero(d.get('opacity')) || animated(d)) return false;
  return probe.textLength() < FADE_IN_CHARS && !probe.hasHeading();
}

// Every rule above reads one of these properties: a style naming none of them (nor holding a comment,
// which could split a name) hides nothing, and most page styles are spared their parse.
const NAMES_A_HIDING_PROPERTY = /font-size|position|overflow|opacity|\/\*/i;

/**
 * True when an element with this inline style shows no text to a person although it is laid
 * out: transparent, zero-sized or off screen. (`display: none` and `visibility: hidden` are
 * in the page's MARKED_HIDDEN list, read after Readability has weighed the page as it is.)
 * `probe` tells a hidden note from a section a script fades in.
 */
export function hiddenByStyle(style: string, probe: HiddenProbe = NO_PROBE): boolean {
  if (!NAMES_A_HIDING_PROPERTY.test(style)) return false;
  const d = declarations(style);
  return isZero(d.get('font-size')) || offScreen(d) || clipped(d) || transparent(d, probe);
}

/** Non-space characters of the text under `el`. */
function textLength(el: Element): number {
  return (el.textContent ?? '').replace(/\s+/g, '').length;
}

/** Removes every element under `root` whose inline style hides it. */
export function removeHiddenByStyle(root: ParentNode): void {
  for (const el of Array.from(root.querySelectorAll('[style]'))) {
    const style = el.getAttribute('style') ?? '';
    if (!NAMES_A_HIDING_PROPERTY.test(style) || !el.isConnected) continue;
    const probe = {
      textLength: () => textLength(el),
      hasHeading: () => el.querySelector('h1, h2, h3, h4, h5, h6') !== null,
    };
    if (hiddenByStyle(style, probe)) el.remove();
  }
}
