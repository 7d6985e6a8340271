// Fitting a reply under max_tokens (R-R5): search the trimming ladder with exact counts
// of the RENDERED text, then cut the answer itself if even the ladder's end is over.
import { estimateTokens, estimateTokensAtLeast } from './budget.ts';
import type { Reply } from './contract.ts';
import { buildState, cutAfter, ladderOf } from './ladder.ts';
import { clip, collapse, cutAt, cutPoints } from './text.ts';

export type Renderer = (reply: Reply) => string;

// No field longer than this many characters per token of cap could fit (natural text runs
// 3–6 characters a token), so longer ones are clipped up front: keeps huge inputs fast.
const CHARS_PER_TOKEN_CEILING = 24;

/**
 * The least-trimmed reply whose `render` is ≤ `maxTokens` by `estimateTokens`.
 * Synchronous: `await loadTokenizer()` first. Trims, in order: less important findings,
 * quotes, gaps, trailing answer sentences, the last findings, the full meta line, sources;
 * then cuts the first sentence at a word (else grapheme) boundary, then the model name.
 * Only a format whose EMPTY reply is over the cap (JSON below ~100 tokens) can stay over:
 * check the rendered result (finishReply does).
 */
export function fitReply(reply: Reply, maxTokens: number, render: Renderer): Reply {
  const fits = (r: Reply): boolean => withinCap(render(r), maxTokens);
  const { base, clipped } = sanitize(reply, maxTokens * CHARS_PER_TOKEN_CEILING);
  const ladder = ladderOf(base, clipped);
  const first = buildState(ladder, cutAfter(ladder, 0));
  if (fits(first)) return first;

  const smallest = buildState(ladder, cutAfter(ladder, ladder.steps));
  if (!fits(smallest)) return cutAnswer(smallest, fits);
  // Binary search for the least trimming that fits: step lo is over the cap, step hi fits.
  let lo = 0;
  let hi = ladder.steps;
  let best = smallest;
  while (hi - lo > 1) {
    const mid = (lo + hi) >>> 1;
    const candidate = buildState(ladder, cutAfter(ladder, mid));
    if (fits(candidate)) {
      hi = mid;
      best = candidate;
    } else {
      lo = mid;
    }
  }
  return best;
}

/** `estimateTokens(text) <= maxTokens`, skipping the tokenizer when even a token per UTF-8 byte fits. */
export function withinCap(text: string, maxTokens: number): boolean {
  // A UTF-16 code unit is at most 3 UTF-8 bytes, and an o200k token is at least one byte.
  if (Math.ceil(text.length * 3 * 1.3) <= maxTokens) return true;
  // Far-over probes are the big ones: settle them without BPE.
  if (estimateTokensAtLeast(text) > maxTokens) return false;
  return estimateTokens(text) <= maxTokens;
}

/** One-line fields, no finding pointing at a missing source, no field absurdly over the cap. */
function sanitize(reply: Reply, maxChars: number): { base: Reply; clipped: boolean } {
  let clipped = false;
  const field = (text: string): string => {
    const flat = collapse(text);
    const short = clip(flat, maxChars);
    if (short !== flat) clipped = true;
    return short;
  };
  const findings = reply.findings
    .filter((f) => f.source < reply.sources.length)
    .map((f) =>
      f.quote === undefined
        ? { ...f, claim: field(f.claim) }
        : { ...f, claim: field(f.claim), quote: field(f.quote) },
    );
  const base: Reply = {
    ...reply,
    answer: field(reply.answer),
    findings,
    sources: reply.sources.map((s) => ({ title: field(s.title), url: field(s.url) })),
    gaps: reply.gaps.map(field).filter((g) => g !== ''),
  };
  if (reply.not_found !== undefined) {
    const notFound = field(reply.not_found);
    if (notFound === '') delete base.not_found;
    else base.not_found = notFound;
  }
  return { base, clipped };
}

/** Past the ladder's end: cut the answer at a word, else a grapheme, else shorten the model name. */
function cutAnswer(smallest: Reply, fits: (r: Reply) => boolean): Reply {
  const { answer } = smallest;
  const withAnswer = (text: string): Reply => ({ ...smallest, answer: text });
  for (const unit of ['word', 'grapheme'] as const) {
    const best = longestFitting(cutPoints(answer, unit), (at) => withAnswer(cutAt(answer, at)), fits);
    if (best !== undefined) return best;
  }
  const bare = withAnswer('');
  if (fits(bare)) return bare;
  const { model } = bare.meta;
  const withModel = (text: string): Reply => ({ ...bare, meta: { ...bare.meta, model: text } });
  return (
    longestFitting(cutPoints(model, 'grapheme'), (at) => withModel(cutAt(model, at)), fits) ?? withModel('')
  );
}

/** Binary search over ascending cut points for the longest cut that fits; none if even the first is over. */
function longestFitting(
  points: readonly number[],
  make: (at: number) => Reply,
  fits: (r: Reply) => boolean,
): Reply | undefined {
  let lo = -1;
  let hi = points.length;
  let best: Reply | undefined;
  while (hi - lo > 1) {
    const mid = (lo + hi) >>> 1;
    const candidate = make(points[mid] ?? 0);
    if (fits(candidate)) {
      lo = mid;
      best = candidate;
    } else {
      hi = mid;
    }
  }
  return best;
}
