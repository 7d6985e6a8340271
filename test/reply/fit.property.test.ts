// Property: for random replies in several scripts and caps 50–4000, every format fits the cap,
// JSON round-trips through ReplySchema, and the answer's first sentence survives when it can.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import fc from 'fast-check';
import * as v from 'valibot';
import { estimateTokens, loadTokenizer } from '../../src/reply/budget.ts';
import { type Reply, ReplySchema } from '../../src/reply/contract.ts';
import { fitReply } from '../../src/reply/fit.ts';
import { finishReply, renderJson, renderMarkdown } from '../../src/reply/render.ts';
import { collapse, splitSentences } from '../../src/reply/text.ts';

const SCRIPTS = [
  'abcdefghijklmnopqrstuvwxyzABCDEFG0123456789',
  '的一是不了人我在有他这为之大来以个中上们東京都',
  'ابتثجحخدذرزسشصضطظعغفقكلمنهوي',
  'абвгдежзийклмнопрстуфхцчшщъыьэюя',
  '😀😂👍🏽🌆🚀❤️🇯🇵',
].map((s) => [...s]);

const word = fc
  .nat({ max: SCRIPTS.length - 1 })
  .chain((script) =>
    fc.array(fc.constantFrom(...SCRIPTS[script]!), { minLength: 1, maxLength: 14 }).map((cs) => cs.join('')),
  );
const text = (maxWords: number) =>
  fc.array(word, { minLength: 1, maxLength: maxWords }).map((ws) => ws.join(' '));
const sentence = fc
  .tuple(
    text(25),
    fc.constantFrom('.', '!', '?', '。', ''),
    fc.option(fc.nat({ max: 12 }), { nil: undefined }),
  )
  .map(([t, stop, cite]) => `${t}${cite === undefined ? '' : ` [${cite + 1}]`}${stop}`);

const replyArb: fc.Arbitrary<Reply> = fc
  .record({
    answer: fc.array(sentence, { minLength: 1, maxLength: 12 }).map((s) => s.join(' ')),
    confidence: fc.constantFrom('high', 'medium', 'low'),
    sources: fc.array(fc.record({ title: text(30), url: fc.webUrl({ size: 'large' }) }), {
      minLength: 0,
      maxLength: 12,
    }),
    findingsRaw: fc.array(
      fc.record({
        claim: text(30),
        quote: fc.option(text(40), { nil: undefined }),
        source: fc.nat({ max: 11 }),
        rank: fc.option(fc.integer({ min: 1, max: 5 }), { nil: undefined }),
        verified: fc.option(fc.constant(true as const), { nil: undefined }),
      }),
      { maxLength: 15 },
    ),
    gaps: fc.array(text(20), { maxLength: 5 }),
    notFound: fc.option(text(10), { nil: undefined }),
    model: fc.constantFrom('haiku', 'claude-haiku-4-5-20251001', 'sonnet'),
    nums: fc.tuple(fc.nat({ max: 20 }), fc.nat({ max: 20 }), fc.nat({ max: 3000 })),
    flags: fc.tuple(fc.boolean(), fc.boolean(), fc.option(fc.nat({ max: 900_000 }), { nil: undefined })),
  })
  .map((x) => {
    const findings = x.findingsRaw.map((f) => {
      const out: Reply['findings'][number] = { claim: f.claim, source: f.source };
      if (f.quote !== undefined) out.quote = f.quote;
      if (f.rank !== undefined) out.rank = f.rank;
      if (f.verified !== undefined && f.quote !== undefined) out.verified = f.verified;
      return out;
    });
    const r: Reply = {
      answer: x.answer,
      confidence: x.confidence,
      findings,
      sources: x.sources,
      gaps: x.gaps,
      meta: {
        model: x.model,
        searches: x.nums[0],
        pages: x.nums[1],
        brave: x.flags[0],
        verified: 0,
        quotes: 0,
        cached: x.flags[1],
        trimmed: false,
        seconds: x.nums[2] / 10,
      },
    };
    if (x.notFound !== undefined) r.not_found = x.notFound;
    if (x.flags[2] !== undefined) r.meta.age = x.flags[2];
    return r;
  });

const cap = fc.oneof(fc.integer({ min: 50, max: 120 }), fc.integer({ min: 50, max: 4000 }));
const CITES = /\s?\[\d+(?:\s*,\s*\d+)*\]/g;
const firstSentence = (answer: string): string =>
  (splitSentences(collapse(answer))[0] ?? '').replace(CITES, '').trim();

describe('fitReply property', () => {
  before(() => loadTokenizer());

  it('fits every format under every cap, round-trips JSON, keeps the first sentence when possible', async () => {
    await fc.assert(
      fc.asyncProperty(replyArb, cap, async (r, max) => {
        const basic = await finishReply(r, { maxTokens: max, format: 'basic' });
        assert.ok(typeof basic === 'string' && estimateTokens(basic) <= max, `basic over ${max}`);

        const fitted = fitReply(r, max, renderMarkdown);
        assert.ok(estimateTokens(renderMarkdown(fitted)) <= max, `markdown over ${max}`);
        const first = firstSentence(r.answer);
        if (!fitted.answer.replace(CITES, '').startsWith(first)) {
          const bare: Reply = { ...fitted, answer: first, findings: [], sources: [], gaps: [] };
          delete bare.not_found;
          bare.meta = { ...bare.meta, compact: true, verified: 0, quotes: 0 };
          assert.ok(estimateTokens(renderMarkdown(bare)) > max, 'first sentence lost although it fits');
        }

        // JSON has a floor (its fixed keys): below it finishReply refuses, tested in render tests.
        const asJson = fitReply(r, max, renderJson);
        const json = renderJson(asJson);
        if (estimateTokens(json) <= max) {
          assert.deepEqual(v.parse(ReplySchema, JSON.parse(json)), asJson);
        } else {
          assert.ok(max < 120, `json over ${max}`);
          assert.deepEqual([asJson.answer, asJson.findings, asJson.sources, asJson.gaps], ['', [], [], []]);
        }
      }),
      { numRuns: 800 },
    );
  });
});
