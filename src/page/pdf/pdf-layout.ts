// Positioned text runs of one PDF page → lines in reading order: runs grouped into lines
// by baseline, and a page set in two columns read column by column (a full-width line between).

/** One text run as the PDF placed it (PDF units, y grows upwards). */
export interface Run {
  readonly text: string;
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly size: number;
}

export interface Line {
  readonly text: string;
  readonly x: number;
  readonly y: number;
  readonly right: number;
  readonly size: number;
}

/** Runs on (nearly) one baseline, left to right, joined with a space where the gap shows one. */
function lineOf(runs: readonly Run[]): Line {
  const sorted = [...runs].sort((a, b) => a.x - b.x);
  let text = '';
  let end = Number.NEGATIVE_INFINITY;
  for (const run of sorted) {
    const gap = run.x - end;
    const spaced = text === '' || /\s$/.test(text) || /^\s/.test(run.text);
    if (!spaced && gap > run.size * 0.15) text += ' ';
    text += run.text;
    end = Math.max(end, run.x + run.width);
  }
  const first = sorted[0];
  return {
    text: text.replace(/\s+/g, ' ').trim(),
    x: first?.x ?? 0,
    y: Math.max(...sorted.map((r) => r.y)),
    right: end,
    size: Math.max(...sorted.map((r) => r.size)),
  };
}

const MIN_GUTTER = 6;

/**
 * The x of a gutter between two columns: an empty vertical strip in the middle half
 * of the page that at most a few lines cross, with text on both sides of it.
 */
export function findGutter(runs: readonly Run[], pageWidth: number): number | undefined {
  const lines = groupLinesKeepRuns(runs);
  if (lines.length < 6 || !(pageWidth > 0)) return undefined;
  const bins = Math.ceil(pageWidth / 2);
  const cover = new Array<number>(bins).fill(0);
  for (const line of lines) {
    const seen = new Set<number>();
    for (const run of line) {
      const from = Math.max(0, Math.floor(run.x / 2));
      const to = Math.min(bins - 1, Math.floor((run.x + run.width) / 2));
      for (let b = from; b <= to; b++) seen.add(b);
    }
    for (const b of seen) cover[b] = (cover[b] ?? 0) + 1;
  }
  const allowed = Math.max(1, Math.floor(lines.length * 0.1));
  let best: { from: number; to: number } | undefined;
  let from = -1;
  for (let b = Math.floor(bins * 0.25); b <= Math.ceil(bins * 0.75); b++) {
    const open = (cover[b] ?? 0) <= allowed;
    if (open && from < 0) from = b;
    if ((!open || b === Math.ceil(bins * 0.75)) && from >= 0) {
      const to = open ? b : b - 1;
      if (!best || to - from > best.to - best.from) best = { from, to };
      from = -1;
    }
  }
  if (!best || (best.to - best.from + 1) * 2 < MIN_GUTTER) return undefined;
  const mid = best.from + best.to + 1; // bins are 2 units wide: the middle in page units
  const sides = lines.filter(
    (line) => line.some((r) => r.x + r.width <= mid) && line.some((r) => r.x >= mid),
  ).length;
  return sides >= 3 ? mid : undefined;
}

/** Runs grouped by baseline, top of the page first. */
function groupLinesKeepRuns(runs: readonly Run[]): Run[][] {
  const sorted = runs.filter((r) => r.text.trim() !== '').sort((a, b) => b.y - a.y || a.x - b.x);
  const groups: Run[][] = [];
  for (const run of sorted) {
    const last = groups[groups.length - 1];
    const anchor = last?.[0];
    if (last && anchor && Math.abs(anchor.y - run.y) <= Math.max(anchor.size, run.size) * 0.5) last.push(run);
    else groups.push([run]);
  }
  return groups;
}

/**
 * The page's lines in reading order. With a gutter, lines that cross it stand alone;
 * between them, the left column is read to its end before the right one.
 */
export function readingOrder(runs: readonly Run[], pageWidth: number): Line[] {
  const gutter = findGutter(runs, pageWidth);
  const groups = groupLinesKeepRuns(runs);
  if (gutter === undefined) return groups.map(lineOf).filter((l) => l.text !== '');
  const out: Line[] = [];
  let left: Line[] = [];
  let right: Line[] = [];
  const flush = () => {
    out.push(...left, ...right);
    left = [];
    right = [];
  };
  for (const group of groups) {
    const crosses = group.some((r) => r.x < gutter && r.x + r.width > gutter);
    if (crosses) {
      flush();
      out.push(lineOf(group));
      continue;
    }
    const l = group.filter((r) => r.x + r.width <= gutter);
    const r = group.filter((run) => run.x >= gutter);
    if (l.length > 0) left.push(lineOf(l));
    if (r.length > 0) right.push(lineOf(r));
  }
  flush();
  return out.filter((l) => l.text !== '');
}
