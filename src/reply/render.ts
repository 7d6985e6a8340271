// Reply text as the client receives it: compact markdown (R-R1), the basic form (R-R2),
// the JSON object (R-R3) and error text (R-R6); plus finishReply, which fits then renders.

import { type ToolError, toolError } from '../errors.ts';
import { estimateTokens, loadTokenizer } from './budget.ts';
import type { Finding, Meta, Reply, Source } from './contract.ts';
import { fitReply, withinCap } from './fit.ts';
import { citedIn, collapse, renumber } from './text.ts';

export type ReplyFormat = 'markdown' | 'json' | 'basic';

/** R-R1: answer, confidence, findings, sources, gaps (not_found first), meta line; empty sections left out. */
export function renderMarkdown(reply: Reply): string {
  const blocks = [`Answer: ${collapse(reply.answer)}\nConfidence: ${reply.confidence}`];
  if (reply.findings.length > 0) blocks.push(['Findings', ...reply.findings.map(findingLine)].join('\n'));
  if (reply.sources.length > 0) blocks.push(sourcesBlock(reply.sources));
  const gaps = gapList(reply);
  if (gaps.length > 0) blocks.push(['Gaps', ...gaps.map((g) => `- ${g}`)].join('\n'));
  blocks.push(metaLine(reply.meta));
  return blocks.join('\n\n');
}

/** The basic form's mark of a reply cut short: it comes from meta, so no trimming removes it. */
export const PARTIAL_LINE = 'Partial: cut short; this answer rests only on what was read by then.';

/** R-R2: only the answer, the sources, a `Not found:` line and, when cut short, the `Partial:` line; no meta line. */
export function renderBasic(reply: Reply): string {
  const blocks = [collapse(reply.answer)];
  if (reply.sources.length > 0) blocks.push(sourcesBlock(reply.sources));
  const gaps = gapList(reply);
  if (gaps.length > 0) blocks.push(`Not found: ${gaps.join('; ')}`);
  if (reply.meta.partial === true) blocks.push(PARTIAL_LINE);
  return blocks.join('\n\n');
}

/** R-R3: the reply object itself, compact, keys in contract order. */
export function renderJson(reply: Reply): string {
  const { answer, confidence, findings, sources, gaps, not_found, meta } = reply;
  const ordered = {
    answer,
    confidence,
    findings: findings.map(({ claim, quote, source, rank, verified }) => ({
      claim,
      quote,
      source,
      rank,
      verified,
    })),
    sources: sources.map(({ title, url }) => ({ title, url })),
    gaps,
    not_found,
    meta: orderedMeta(meta),
  };
  // JSON.stringify leaves out the undefined optionals.
  return JSON.stringify(ordered);
}

/** R-R6: one line starting with the code. */
export function renderError(error: ToolError): string {
  const message = collapse(error.message);
  return message.startsWith(`${error.code}:`) ? message : `${error.code}: ${message}`;
}

const RENDERERS = { markdown: renderMarkdown, json: renderJson, basic: renderBasic } as const;

// The smallest reply the trimmer can reach, every meta number at its widest and marked
// partial: whether a reply will be cut short is known only after the run.
const SMALLEST: Reply = {
  answer: '',
  confidence: 'medium',
  findings: [],
  sources: [],
  gaps: [],
  meta: {
    model: '',
    searches: 999,
    pages: 999,
    brave: false,
    verified: 999,
    quotes: 999,
    cached: true,
    trimmed: true,
    partial: true,
    seconds: 99_999.9,
    age: 9_999_999,
    compact: true,
  },
};
const floors = new Map<ReplyFormat, number>();

/** The fewest tokens any reply in `format` can take, its partial mark included. */
export async function replyFloor(format: ReplyFormat): Promise<number> {
  await loadTokenizer();
  const known = floors.get(format);
  if (known !== undefined) return known;
  const floor = estimateTokens(RENDERERS[format](SMALLEST));
  floors.set(format, floor);
  return floor;
}

/**
 * Decided before any run is spent: a cap too small for the smallest reply in `format`,
 * with its partial mark, is `invalid_input`. JSON's floor is about 95 tokens (its fixed keys);
 * markdown's and basic's lie under the 50 that max_tokens allows at least.
 */
export async function capTooSmall(maxTokens: number, format: ReplyFormat): Promise<ToolError | undefined> {
  const floor = await replyFloor(format);
  if (maxTokens >= floor) return undefined;
  return toolError(
    'invalid_input',
    `max_tokens ${maxTokens} is too small for format ${format}, which needs at least ${floor}; raise max_tokens${format === 'json' ? ' or use markdown' : ''}`,
  );
}

/**
 * What tools call: loads the tokenizer (once), fits the reply under `maxTokens` and renders it.
 * The one reply that cannot fit is JSON under ~100 tokens (its fixed keys alone are more):
 * tools refuse that cap before any run (`capTooSmall`); here it stays a last safety net.
 */
export async function finishReply(
  reply: Reply,
  options: { readonly maxTokens: number; readonly format: ReplyFormat },
): Promise<string | ToolError> {
  await loadTokenizer();
  const render = RENDERERS[options.format];
  const shown = options.format === 'basic' ? basicView(reply) : reply;
  const text = render(fitReply(shown, options.maxTokens, render));
  if (withinCap(text, options.maxTokens)) return text;
  return toolError(
    'invalid_input',
    `max_tokens ${options.maxTokens} is too small for format ${options.format}, which needs ${estimateTokens(text)}; raise max_tokens or use markdown`,
  );
}

/**
 * The meta line. Full: `meta: haiku, searches 2, pages 3, brave, verified 2/3, cached no, trimmed no, 8.4 s`;
 * a cached reply with a known age says `cached yes (age 2h)` (s, m, h or d, rounded down); a reply
 * from research cut short adds `partial yes` before the time (both forms).
 * Compact (set by the trimmer when nothing else is left to cut): `meta: haiku, verified 2/3, trimmed yes`.
 */
export function metaLine(meta: Meta): string {
  const model = collapse(meta.model);
  const verified = `verified ${meta.verified}/${meta.quotes}`;
  const trimmed = `trimmed ${meta.trimmed ? 'yes' : 'no'}`;
  const partial = meta.partial === true ? ', partial yes' : '';
  if (meta.compact === true) return `meta: ${model}, ${verified}, ${trimmed}${partial}`;
  const age = meta.cached && meta.age !== undefined ? ` (age ${formatAge(meta.age)})` : '';
  const parts = [
    `searches ${meta.searches}`,
    `pages ${meta.pages}`,
    meta.brave ? 'brave' : 'no brave',
    verified,
    `cached ${meta.cached ? 'yes' : 'no'}${age}`,
    trimmed,
    ...(meta.partial === true ? ['partial yes'] : []),
    `${Math.round(meta.seconds * 10) / 10} s`,
    ...(meta.note === undefined ? [] : [`note: ${collapse(meta.note)}`]),
  ];
  return `meta: ${model}, ${parts.join(', ')}`;
}

export function formatAge(seconds: number): string {
  if (seconds < 60) return `${Math.floor(seconds)}s`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)}m`;
  if (seconds < 86_400) return `${Math.floor(seconds / 3600)}h`;
  return `${Math.floor(seconds / 86_400)}d`;
}

function findingLine(finding: Finding): string {
  const quote = finding.quote === undefined ? '' : ` "${collapse(finding.quote)}"`;
  return `- ${collapse(finding.claim)} [${finding.source + 1}]${quote}`;
}

function sourcesBlock(sources: readonly Source[]): string {
  return ['Sources', ...sources.map((s, i) => `[${i + 1}] ${sourceText(s)}`)].join('\n');
}

function sourceText(source: Source): string {
  const title = collapse(source.title);
  const url = collapse(source.url);
  if (title === '') return url;
  return /[.!?…。！？]$/u.test(title) ? `${title} ${url}` : `${title}. ${url}`;
}

function gapList(reply: Reply): string[] {
  const gaps = reply.gaps.map(collapse).filter((g) => g !== '');
  const notFound = reply.not_found === undefined ? '' : collapse(reply.not_found);
  return notFound === '' ? gaps : [notFound, ...gaps];
}

/**
 * The basic form shows no findings, so they must not hold sources (or space) the answer
 * needs: drop them, and the sources only they cited (unless the answer cites none at all).
 */
export function basicView(reply: Reply): Reply {
  const cited = citedIn(reply.answer);
  const keep = reply.sources.map((_, i) => cited.size === 0 || cited.has(i));
  const map = new Map<number, number>();
  keep.forEach((k, i) => {
    if (k) map.set(i, map.size);
  });
  return {
    ...reply,
    answer: renumber(reply.answer, map),
    findings: [],
    sources: reply.sources.filter((_, i) => keep[i]),
  };
}

function orderedMeta(meta: Meta): Meta {
  const { model, searches, pages, brave, verified, quotes, cached, trimmed, partial, seconds, age, compact } =
    meta;
  const ordered: Meta = { model, searches, pages, brave, verified, quotes, cached, trimmed, seconds };
  if (partial !== undefined) ordered.partial = partial;
  if (age !== undefined) ordered.age = age;
  if (compact !== undefined) ordered.compact = compact;
  else if (meta.note !== undefined) ordered.note = meta.note;
  return ordered;
}
