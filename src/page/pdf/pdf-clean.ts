// PDF lines → clean prose: running headers, footers and page numbers dropped, lines joined
// into paragraphs (words hyphenated at a line end made whole), headings told by their size.
import type { Line } from './pdf-layout.ts';

export interface PdfPage {
  /** 1-based page number in the file. */
  readonly number: number;
  /** Lines in reading order, y measured from the page's bottom edge. */
  readonly lines: readonly Line[];
  readonly height: number;
}

export interface Block {
  readonly text: string;
  readonly heading: boolean;
}

const PAGE_NUMBER =
  /^[-–—\s]*(?:(?:page|p\.|pp\.|seite|página|pagina)\s*)?(?:\d{1,5}|[ivxlcdm]{1,7})(?:\s*(?:of|\/|von|de|sur)\s*\d{1,5})?[-–—\s]*$/i;
const EDGE_LINES = 2;
/** Running heads and feet sit in the outer tenth of the page. */
const MARGIN = 0.1;

/** A line's identity across pages: page numbers and dates vary, the rest repeats. */
const keyOf = (text: string) => text.toLowerCase().replace(/\d+/g, '#').replace(/\s+/g, ' ').trim();

/** The top and bottom lines of a page that sit in its margins (by position, whatever the reading order). */
function edges(page: PdfPage): Set<Line> {
  const byY = [...page.lines].sort((a, b) => b.y - a.y);
  const outer = (l: Line) => l.y > page.height * (1 - MARGIN) || l.y < page.height * MARGIN;
  return new Set([...byY.slice(0, EDGE_LINES), ...byY.slice(-EDGE_LINES)].filter(outer));
}

/**
 * Drops lines at a page's top or bottom that repeat on many pages, and bare page numbers
 * there. Running lines are set no larger than the body: "Chapter 3" at the top stays.
 */
export function dropRunningLines(pages: readonly PdfPage[]): PdfPage[] {
  const small = bodySize(pages.flatMap((p) => p.lines)) * 1.1;
  const counts = new Map<string, number>();
  const pageEdges = pages.map(edges);
  for (const edge of pageEdges) {
    for (const key of new Set([...edge].map((l) => keyOf(l.text))))
      counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const needed = Math.max(2, Math.floor(pages.length * 0.4));
  return pages.map((page, i) => {
    const edge = pageEdges[i] ?? new Set<Line>();
    const lines = page.lines.filter((line) => {
      if (!edge.has(line) || line.size > small) return true;
      if (PAGE_NUMBER.test(line.text)) return false;
      return (counts.get(keyOf(line.text)) ?? 0) < needed;
    });
    return { ...page, lines };
  });
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/** The size most of the page's text is set in. */
export function bodySize(lines: readonly Line[]): number {
  const sizes: number[] = [];
  for (const line of lines)
    for (let i = 0; i < Math.min(line.text.length, 200); i += 10) sizes.push(line.size);
  return median(sizes);
}

/** `a` and `b` joined across a line break: a word hyphenated at the break is made whole. */
export function joinBroken(a: string, b: string): string {
  if (a === '') return b;
  if (/\p{L}\u00ad$/u.test(a)) return a.slice(0, -1) + b;
  if (/\p{L}-$/u.test(a) && /^\p{Ll}/u.test(b)) return a.slice(0, -1) + b;
  return `${a} ${b}`;
}

/** Lines → paragraphs and headings. A wide vertical gap, a jump back up (next column) or a size change starts a new block. */
export function toBlocks(lines: readonly Line[], body: number): Block[] {
  const gaps: number[] = [];
  for (let i = 1; i < lines.length; i++) {
    const gap = (lines[i - 1]?.y ?? 0) - (lines[i]?.y ?? 0);
    if (gap > 0 && gap < (lines[i]?.size ?? 0) * 3) gaps.push(gap);
  }
  const spacing = median(gaps) || body * 1.2;
  const blocks: Block[] = [];
  let text = '';
  let heading = false;
  let prev: Line | undefined;
  const flush = () => {
    if (text.trim() !== '') blocks.push({ text: text.trim(), heading });
    text = '';
  };
  for (const line of lines) {
    const isHeading = body > 0 && line.size >= body * 1.25 && line.text.length <= 150;
    const gap = prev === undefined ? 0 : prev.y - line.y;
    const breaks = prev === undefined || isHeading !== heading || gap > spacing * 1.5 || gap < -line.size;
    if (breaks) {
      flush();
      heading = isHeading;
    }
    text = joinBroken(text, line.text);
    prev = line;
  }
  flush();
  return blocks;
}

// Characters that extraction yields when a font maps its codes to nothing readable.
const NOISE = /[\u0000-\u0008\u000e-\u001f\ufffd\ue000-\uf8ff]/gu;
const SYMBOLS = /[!-/:-@[-`{-~]/g;

/**
 * Text from fonts without a Unicode map reads as noise: control and private-use
 * characters, or runs of ASCII symbols where words should be.
 */
export function looksLikeNoise(text: string): boolean {
  const chars = text.replace(/\s+/g, '');
  if (chars.length < 40) return false;
  const noise = chars.match(NOISE)?.length ?? 0;
  if (noise / chars.length > 0.1) return true;
  const symbols = chars.match(SYMBOLS)?.length ?? 0;
  return symbols / chars.length > 0.3;
}

const JUNK_TITLE = /^(untitled|document\d*|microsoft word - .*|slide \d+|\s*)$/i;

/** The metadata title when it names the document, else the first heading of page 1. */
export function pickTitle(metaTitle: string | undefined, firstPage: readonly Line[]): string | undefined {
  const meta = metaTitle?.replace(/\s+/g, ' ').trim();
  if (meta && !JUNK_TITLE.test(meta) && !/\.(pdf|docx?|indd|tex)$/i.test(meta)) return meta;
  const body = bodySize(firstPage);
  const top = firstPage.slice(0, 15);
  const largest = top.reduce<Line | undefined>(
    (best, l) => (!best || l.size > best.size ? l : best),
    undefined,
  );
  if (largest && largest.size >= body * 1.2 && largest.text.length <= 200) return largest.text;
  return undefined;
}
