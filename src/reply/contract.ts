// The reply contract: ONE valibot definition of what every tool answers with.
// The Claude JSON Schema, the verifier, the trimmer and both renderers all use it.
import * as v from 'valibot';

export const CONFIDENCE = ['high', 'medium', 'low'] as const;

/** A claim, optionally backed by a verbatim quote from `sources[source]`. */
export const FindingSchema = v.strictObject({
  claim: v.pipe(v.string(), v.minLength(1)),
  quote: v.optional(v.string()),
  /** 0-based index into `sources`. */
  source: v.pipe(v.number(), v.integer(), v.minValue(0)),
  /** 1 = most important; trimming drops the highest ranks first. */
  rank: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))),
  /** Set by the server only: the quote was found in text the server holds. */
  verified: v.optional(v.boolean()),
});

export const SourceSchema = v.strictObject({
  title: v.string(),
  url: v.pipe(v.string(), v.minLength(1)),
});

/** What the model is asked to produce (the server adds `meta` and `verified`). */
export const DraftSchema = v.strictObject({
  answer: v.string(),
  confidence: v.picklist(CONFIDENCE),
  findings: v.array(FindingSchema),
  sources: v.array(SourceSchema),
  gaps: v.array(v.string()),
  not_found: v.optional(v.string()),
});

export const MetaSchema = v.strictObject({
  model: v.string(),
  searches: v.pipe(v.number(), v.integer(), v.minValue(0)),
  pages: v.pipe(v.number(), v.integer(), v.minValue(0)),
  brave: v.boolean(),
  /** Quotes checked and found in held text. */
  verified: v.pipe(v.number(), v.integer(), v.minValue(0)),
  /** Quotes left in the reply. */
  quotes: v.pipe(v.number(), v.integer(), v.minValue(0)),
  cached: v.boolean(),
  trimmed: v.boolean(),
  /** Wall time of the call that produced the reply. */
  seconds: v.pipe(v.number(), v.minValue(0)),
  /** The research was cut short (time budget or depth cap): the reply rests on what was read by then. */
  partial: v.optional(v.boolean()),
  /** For cached replies: how old the answer is, in seconds. */
  age: v.optional(v.pipe(v.number(), v.minValue(0))),
  /** Set by the trimmer only when the full meta line could not fit: renderers print the short one. */
  compact: v.optional(v.boolean()),
  /** A word from the server to the calling agent, e.g. that the Claude plan nears its limit. */
  note: v.optional(v.pipe(v.string(), v.maxLength(200))),
});

export const ReplySchema = v.strictObject({
  ...DraftSchema.entries,
  meta: MetaSchema,
});

export type Finding = v.InferOutput<typeof FindingSchema>;
export type Source = v.InferOutput<typeof SourceSchema>;
export type Draft = v.InferOutput<typeof DraftSchema>;
export type Meta = v.InferOutput<typeof MetaSchema>;
export type Reply = v.InferOutput<typeof ReplySchema>;
export type Confidence = (typeof CONFIDENCE)[number];

/** The meta of a reply just produced: nothing verified, cached or trimmed yet. */
export function freshMeta(
  fields: Pick<Meta, 'model' | 'searches' | 'pages' | 'brave'>,
  seconds: number,
): Meta {
  return {
    ...fields,
    verified: 0,
    quotes: 0,
    cached: false,
    trimmed: false,
    seconds: Math.round(seconds * 10) / 10,
  };
}
