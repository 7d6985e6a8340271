// Cuts markdown into passages of bounded size that each carry their heading
// path; oversized blocks are split by lines, sentences, then halves, never dropped.
import { withoutTargets } from './link-text.ts';

export interface Passage {
  /** `## Section › Subsection`, or '' before the first heading. */
  readonly heading: string;
  readonly body: string;
  /** heading + body: what is ranked, costed and returned. */
  readonly text: string;
  /** The body goes on from the passage before it: one paragraph, cut where it grew too long. */
  readonly continues: boolean;
}

type Estimate = (text: string) => number;

const HEADING = /^(#{1,6})\s+(.+?)\s*#*\s*$/;
const FENCE = /^\s*(`{3,}|~{3,})/;

/** Blank-line separated blocks; a fenced code block stays one block. */
function blocks(markdown: string): string[] {
  const out: string[] = [];
  let current: string[] = [];
  let fence: string | undefined;
  const flush = (): void => {
    if (current.length > 0) out.push(current.join('\n'));
    current = [];
  };
  for (const line of markdown.split('\n')) {
    const mark = FENCE.exec(line)?.[1];
    if (fence === undefined && mark) fence = mark[0];
    else if (fence !== undefined && mark?.[0] === fence) fence = undefined;
    else if (fence === undefined && line.trim() === '') {
      flush();
      continue;
    } else if (fence === undefined && HEADING.test(line)) {
      flush();
      out.push(line);
      continue;
    }
    current.push(line);
  }
  flush();
  return out;
}

// A sentence ends at its stop, after any closing quote or bracket and any
// reference marks that follow it ("… in 1876.[122] The …").
export const SENTENCE_END = /(?<=[.!?…。！？][)"'”’»]*(?:\[[\p{L}\p{N} ]{1,12}\])*)\s+|(?<=[。！？])/u;

/** Splits `text` in two near its middle, at whitespace when there is some. */
function halves(text: string): [string, string] {
  const mid = Math.floor(text.length / 2);
  const space = text.lastIndexOf(' ', mid) > 0 ? text.lastIndexOf(' ', mid) : text.indexOf(' ', mid);
  let cut = space > 0 ? space : mid;
  const code = text.charCodeAt(cut - 1);
  if (code >= 0xd800 && code <= 0xdbff) cut += 1; // keep surrogate pairs whole
  return [text.slice(0, cut).trim(), text.slice(cut).trim()];
}

/**
 * How big pieces should be, and how big one may be: a sentence over `limit` stays
 * whole up to `most`, since half a sentence rarely answers anything.
 */
interface Limits {
  readonly limit: number;
  readonly most: number;
}

/** Packs units (lines or sentences) into pieces of at most `limit` tokens. */
function pack(
  units: readonly string[],
  joiner: string,
  { limit, most }: Limits,
  estimate: Estimate,
): string[] {
  const pieces: string[] = [];
  let current = '';
  for (const unit of units) {
    const candidate = current === '' ? unit : current + joiner + unit;
    if (estimate(candidate) <= limit) {
      current = candidate;
      continue;
    }
    if (current !== '') pieces.push(current);
    current = '';
    if (estimate(unit) <= limit) current = unit;
    else pieces.push(...shrink(unit, { limit, most }, estimate));
  }
  if (current !== '') pieces.push(current);
  return pieces;
}

function shrink(text: string, limits: Limits, estimate: Estimate): string[] {
  const cost = estimate(text);
  if (cost <= limits.limit || text.length <= 1) return [text];
  if (text.includes('\n')) return pack(text.split('\n'), '\n', limits, estimate);
  const sentences = text.split(SENTENCE_END).filter((s) => s !== '');
  if (sentences.length > 1) return pack(sentences, ' ', limits, estimate);
  if (cost <= limits.most) return [text];
  const [a, b] = halves(text);
  const strict = { limit: limits.limit, most: limits.limit };
  return [...shrink(a, strict, estimate), ...shrink(b, strict, estimate)].filter((s) => s !== '');
}

/** A fenced block split into pieces that are each fenced again. */
function shrinkFenced(block: string, { limit, most }: Limits, estimate: Estimate): string[] {
  const lines = block.split('\n');
  const open = lines[0] ?? '```';
  const close =
    FENCE.test(lines[lines.length - 1] ?? '') && lines.length > 1 ? (lines.pop() ?? '```') : '```';
  const inner = lines.slice(1);
  const overhead = estimate(`${open}\n\n${close}`);
  const room = { limit: Math.max(1, limit - overhead), most: Math.max(1, most - overhead) };
  return pack(inner, '\n', room, estimate).map((p) => `${open}\n${p}\n${close}`);
}

/**
 * Passages of about `size` tokens, heading included; a single sentence may run to
 * `most` tokens rather than be cut.
 */
export function splitPassages(markdown: string, size: number, estimate: Estimate, most = size): Passage[] {
  const passages: Passage[] = [];
  const path: { level: number; text: string }[] = [];
  let heading = '';
  let limit = size;
  let longest = Math.max(size, most);
  let group: string[] = [];
  let groupCost = 0;
  const flush = (continues = false): void => {
    if (group.length === 0) return;
    const body = group.join('\n\n');
    passages.push({ heading, body, text: heading === '' ? body : `${heading}\n${body}`, continues });
    group = [];
    groupCost = 0;
  };
  for (const block of blocks(markdown)) {
    const h = HEADING.exec(block);
    if (h) {
      flush();
      const level = (h[1] ?? '#').length;
      while (path.length > 0 && (path[path.length - 1]?.level ?? 0) >= level) path.pop();
      // A heading names its section; a link in it (an edit link, an anchor) is no part of that name.
      const name = withoutTargets((h[2] ?? '').trim());
      path.push({ level, text: name });
      heading = `${'#'.repeat(level)} ${path.map((p) => p.text).join(' › ')}`;
      // A heading path that eats most of a passage is cut to its last step.
      if (estimate(heading) > size / 3) heading = `${'#'.repeat(level)} ${name}`;
      if (estimate(heading) > size / 3) heading = '';
      const headingCost = heading === '' ? 0 : estimate(heading) + 1;
      limit = Math.max(1, size - headingCost);
      longest = Math.max(limit, most - headingCost);
      continue;
    }
    const cost = estimate(block);
    if (cost > limit) {
      flush();
      const limits = { limit, most: longest };
      const pieces = FENCE.test(block)
        ? shrinkFenced(block, limits, estimate)
        : shrink(block, limits, estimate);
      pieces.forEach((piece, k) => {
        group = [piece];
        flush(k > 0);
      });
      continue;
    }
    if (groupCost + cost + 1 > limit) flush();
    group.push(block);
    groupCost += cost + 1;
  }
  flush();
  return passages;
}
