// Cuts markdown into passages of bounded size that each carry their heading
// path; oversized blocks are split by lines, sentences, then halves, never dropped.

export interface Passage {
  /** `## Section › Subsection`, or '' before the first heading. */
  readonly heading: string;
  readonly body: string;
  /** heading + body: what is ranked, costed and returned. */
  readonly text: string;
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

const SENTENCE_END = /(?<=[.!?…。！？])\s+|(?<=[。！？])/u;

/** Splits `text` in two near its middle, at whitespace when there is some. */
function halves(text: string): [string, string] {
  const mid = Math.floor(text.length / 2);
  const space = text.lastIndexOf(' ', mid) > 0 ? text.lastIndexOf(' ', mid) : text.indexOf(' ', mid);
  let cut = space > 0 ? space : mid;
  const code = text.charCodeAt(cut - 1);
  if (code >= 0xd800 && code <= 0xdbff) cut += 1; // keep surrogate pairs whole
  return [text.slice(0, cut).trim(), text.slice(cut).trim()];
}

/** Packs units (lines or sentences) into pieces of at most `limit` tokens. */
function pack(units: readonly string[], joiner: string, limit: number, estimate: Estimate): string[] {
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
    else pieces.push(...shrink(unit, limit, estimate));
  }
  if (current !== '') pieces.push(current);
  return pieces;
}

function shrink(text: string, limit: number, estimate: Estimate): string[] {
  if (estimate(text) <= limit || text.length <= 1) return [text];
  if (text.includes('\n')) return pack(text.split('\n'), '\n', limit, estimate);
  const sentences = text.split(SENTENCE_END).filter((s) => s !== '');
  if (sentences.length > 1) return pack(sentences, ' ', limit, estimate);
  const [a, b] = halves(text);
  return [...shrink(a, limit, estimate), ...shrink(b, limit, estimate)].filter((s) => s !== '');
}

/** A fenced block split into pieces that are each fenced again. */
function shrinkFenced(block: string, limit: number, estimate: Estimate): string[] {
  const lines = block.split('\n');
  const open = lines[0] ?? '```';
  const close =
    FENCE.test(lines[lines.length - 1] ?? '') && lines.length > 1 ? (lines.pop() ?? '```') : '```';
  const inner = lines.slice(1);
  const overhead = estimate(`${open}\n\n${close}`);
  return pack(inner, '\n', Math.max(1, limit - overhead), estimate).map((p) => `${open}\n${p}\n${close}`);
}

export function splitPassages(markdown: string, size: number, estimate: Estimate): Passage[] {
  const passages: Passage[] = [];
  const path: { level: number; text: string }[] = [];
  let heading = '';
  let limit = size;
  let group: string[] = [];
  let groupCost = 0;
  const flush = (): void => {
    if (group.length === 0) return;
    const body = group.join('\n\n');
    passages.push({ heading, body, text: heading === '' ? body : `${heading}\n${body}` });
    group = [];
    groupCost = 0;
  };
  for (const block of blocks(markdown)) {
    const h = HEADING.exec(block);
    if (h) {
      flush();
      const level = (h[1] ?? '#').length;
      while (path.length > 0 && (path[path.length - 1]?.level ?? 0) >= level) path.pop();
      path.push({ level, text: (h[2] ?? '').trim() });
      heading = `${'#'.repeat(level)} ${path.map((p) => p.text).join(' › ')}`;
      // A heading path that eats most of a passage is cut to its last step.
      if (estimate(heading) > size / 3) heading = `${'#'.repeat(level)} ${(h[2] ?? '').trim()}`;
      if (estimate(heading) > size / 3) heading = '';
      limit = Math.max(1, size - (heading === '' ? 0 : estimate(heading) + 1));
      continue;
    }
    const cost = estimate(block);
    if (cost > limit) {
      flush();
      const pieces = FENCE.test(block)
        ? shrinkFenced(block, limit, estimate)
        : shrink(block, limit, estimate);
      for (const piece of pieces) {
        group = [piece];
        flush();
      }
      continue;
    }
    if (groupCost + cost + 1 > limit) flush();
    group.push(block);
    groupCost += cost + 1;
  }
  flush();
  return passages;
}
