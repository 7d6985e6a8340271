// The JSON Schema handed to `claude --json-schema`: the reply contract's Draft,
// with length limits sized to the caller's max_tokens so most replies fit untrimmed.
import { toJsonSchema } from '@valibot/to-json-schema';
import * as v from 'valibot';
import { DraftSchema, FindingSchema, SourceSchema } from '../reply/contract.ts';

/**
 * Sizing rule (R-C2). The server's token estimate is ceil(o200k × 1.3), and
 * English runs ~4 characters per o200k token, so one token of the cap buys
 * about 3 characters of reply. `RESERVED_TOKENS` pays for the fixed parts of
 * the rendered reply (headings, meta line, citation marks). Of the rest
 * (`chars`):
 *   answer      30 % of chars            (100 … 3000 characters)
 *   findings    one per 70 tokens        (1 … 12 items), each
 *     claim     12 % of chars            (80 … 300)
 *     quote     12 % of chars            (100 … 300) — one sentence verifies best
 *   sources     findings + 1             (2 … 12 items; titles ≤ 150, URLs ≤ 2000)
 *   gaps        one per 120 tokens       (1 … 5 items), each 8 % of chars (60 … 200)
 *   not_found   ≤ 200
 * The limits are maxima the model rarely fills at once; the fitter trims the
 * rare reply that still runs over. CLI-side checks make the model rewrite
 * anything longer, so the limits also stop runaway answers early.
 */
export const CHARS_PER_TOKEN = 3;
export const RESERVED_TOKENS = 40;

export interface SchemaLimits {
  readonly answer: number;
  readonly findings: number;
  readonly claim: number;
  readonly quote: number;
  readonly sources: number;
  readonly title: number;
  readonly url: number;
  readonly gaps: number;
  readonly gap: number;
  readonly notFound: number;
}

const clamp = (n: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, Math.round(n)));

export function schemaLimits(maxTokens: number): SchemaLimits {
  const usable = Math.max(maxTokens - RESERVED_TOKENS, 40);
  const chars = usable * CHARS_PER_TOKEN;
  const findings = clamp(Math.floor(usable / 70), 1, 12);
  return {
    answer: clamp(chars * 0.3, 100, 3000),
    findings,
    claim: clamp(chars * 0.12, 80, 300),
    quote: clamp(chars * 0.12, 100, 300),
    sources: clamp(findings + 1, 2, 12),
    title: 150,
    url: 2000,
    gaps: clamp(Math.floor(usable / 120), 1, 5),
    gap: clamp(chars * 0.08, 60, 200),
    notFound: 200,
  };
}

/** The Draft contract with the limits applied; `verified` is left out (only the server sets it). */
function sizedDraft(l: SchemaLimits) {
  const f = FindingSchema.entries;
  const finding = v.strictObject({
    claim: v.pipe(f.claim, v.maxLength(l.claim)),
    quote: v.optional(v.pipe(v.string(), v.maxLength(l.quote))),
    source: f.source,
    rank: f.rank,
  });
  const source = v.strictObject({
    title: v.pipe(SourceSchema.entries.title, v.maxLength(l.title)),
    url: v.pipe(SourceSchema.entries.url, v.maxLength(l.url)),
  });
  const d = DraftSchema.entries;
  return v.strictObject({
    answer: v.pipe(d.answer, v.maxLength(l.answer)),
    confidence: d.confidence,
    findings: v.pipe(v.array(finding), v.maxLength(l.findings)),
    sources: v.pipe(v.array(source), v.maxLength(l.sources)),
    gaps: v.pipe(v.array(v.pipe(v.string(), v.maxLength(l.gap))), v.maxLength(l.gaps)),
    not_found: v.optional(v.pipe(v.string(), v.maxLength(l.notFound))),
  });
}

function toSchema(limits: SchemaLimits): Record<string, unknown> {
  // `$schema` adds bytes to argv and nothing the CLI uses.
  const { $schema: _drop, ...schema } = toJsonSchema(sizedDraft(limits));
  return schema;
}

/** Schema for a research run (WebSearch + WebFetch). */
export function researchSchema(maxTokens: number): Record<string, unknown> {
  return toSchema(schemaLimits(maxTokens));
}

/** Schema for a page run: the one page given is the only source. */
export function pageSchema(maxTokens: number): Record<string, unknown> {
  return toSchema({ ...schemaLimits(maxTokens), sources: 1 });
}
