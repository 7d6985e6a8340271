// The --json-schema: derived from the Draft contract, convertible, and sized to max_tokens.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import * as v from 'valibot';
import { pageSchema, researchSchema, schemaLimits } from '../../src/claude/schema.ts';

const Sized = v.looseObject({
  type: v.literal('object'),
  additionalProperties: v.literal(false),
  required: v.array(v.string()),
  properties: v.looseObject({
    answer: v.looseObject({ maxLength: v.number() }),
    findings: v.looseObject({
      maxItems: v.number(),
      items: v.looseObject({
        additionalProperties: v.literal(false),
        properties: v.record(v.string(), v.looseObject({ maxLength: v.optional(v.number()) })),
      }),
    }),
    sources: v.looseObject({ maxItems: v.number() }),
    gaps: v.looseObject({ maxItems: v.number(), items: v.looseObject({ maxLength: v.number() }) }),
  }),
});

describe('researchSchema', () => {
  it('converts to a strict JSON Schema of the Draft, without the server-only verified flag', () => {
    const schema = v.parse(Sized, JSON.parse(JSON.stringify(researchSchema(400))));
    assert.deepEqual([...schema.required].sort(), ['answer', 'confidence', 'findings', 'gaps', 'sources']);
    const finding = schema.properties.findings.items.properties;
    assert.equal(finding.verified, undefined);
    assert.ok(finding.claim?.maxLength);
    assert.ok(finding.quote?.maxLength);
    assert.equal('$schema' in researchSchema(400), false);
  });

  it('grows every limit with max_tokens and stays within its floors and ceilings', () => {
    const caps = [50, 300, 400, 1000, 4000].map(schemaLimits);
    for (let i = 1; i < caps.length; i++) {
      const [a, b] = [caps[i - 1], caps[i]];
      assert.ok(a && b);
      for (const key of ['answer', 'findings', 'claim', 'quote', 'sources', 'gaps', 'gap'] as const) {
        assert.ok(b[key] >= a[key], `${key} shrank`);
      }
    }
    assert.ok((caps[4]?.answer ?? 0) > (caps[0]?.answer ?? 0));
    assert.ok((caps[4]?.findings ?? 0) > (caps[1]?.findings ?? 0));
    assert.ok((caps[0]?.findings ?? 0) >= 1);
    assert.ok((caps[4]?.findings ?? 99) <= 12);
    const small = v.parse(Sized, researchSchema(300));
    const big = v.parse(Sized, researchSchema(4000));
    assert.ok(big.properties.answer.maxLength > small.properties.answer.maxLength);
    assert.ok(big.properties.findings.maxItems > small.properties.findings.maxItems);
  });

  it('page schemas allow one source', () => {
    assert.equal(v.parse(Sized, pageSchema(400)).properties.sources.maxItems, 1);
  });
});
