import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import * as v from 'valibot';
import { estimateTokens, loadTokenizer } from '../../src/reply/budget.ts';
import { type Reply, ReplySchema } from '../../src/reply/contract.ts';
import { fitReply } from '../../src/reply/fit.ts';
import { renderBasic, renderJson, renderMarkdown } from '../../src/reply/render.ts';
import { meta, reply, source } from './helpers.ts';

const big = (): Reply =>
  reply({
    answer: 'First sentence cites one [1]. Second cites three [3]. Third cites two [2].',
    sources: [source(1), source(2), source(3), source(4)],
    findings: [
      { claim: 'Top claim', quote: 'top quote here', source: 0, rank: 1, verified: true },
      { claim: 'Minor claim', quote: 'minor quote', source: 3, rank: 3 },
      { claim: 'Middle claim', quote: 'middle quote', source: 1, rank: 2, verified: true },
    ],
    gaps: ['gap one', 'gap two'],
    meta: meta({ verified: 2, quotes: 3 }),
  });

/** Renderer that only lets through replies the predicate accepts (huge text otherwise). */
const gate = (ok: (r: Reply) => boolean) => (r: Reply) => (ok(r) ? 'ok' : 'x '.repeat(5000));

describe('fitReply', () => {
  before(() => loadTokenizer());

  it('returns a reply that fits unchanged, trimmed no', () => {
    const r = big();
    const out = fitReply(r, 4000, renderMarkdown);
    assert.deepEqual(out, r);
  });

  it('drops the least important finding first and the source only it cited, renumbering', () => {
    const out = fitReply(
      big(),
      4000,
      gate((r) => r.findings.length <= 2),
    );
    assert.deepEqual(
      out.findings.map((f) => f.claim),
      ['Top claim', 'Middle claim'],
    );
    assert.deepEqual(out.sources, [source(1), source(2), source(3)]);
    assert.equal(out.meta.trimmed, true);
    assert.deepEqual([out.meta.verified, out.meta.quotes], [2, 2]);
  });

  it('then drops quotes (least important first) before any gap', () => {
    const out = fitReply(
      big(),
      4000,
      gate((r) => r.findings.every((f) => f.quote === undefined)),
    );
    assert.deepEqual(out.findings, [{ claim: 'Top claim', source: 0, rank: 1 }]);
    assert.deepEqual(out.gaps, ['gap one', 'gap two']);
    assert.deepEqual([out.meta.verified, out.meta.quotes], [0, 0]);
  });

  it('then gaps from the end, then not_found', () => {
    const r = { ...big(), not_found: 'nf' };
    const one = fitReply(
      r,
      4000,
      gate((x) => x.gaps.length <= 1 && x.findings.every((f) => !f.quote)),
    );
    assert.deepEqual([one.gaps, one.not_found], [['gap one'], 'nf']);
    const none = fitReply(
      r,
      4000,
      gate((x) => x.not_found === undefined),
    );
    assert.deepEqual(none.gaps, []);
  });

  it('then trailing answer sentences, renumbering the citations that remain', () => {
    const out = fitReply(
      big(),
      4000,
      gate((r) => !r.answer.includes('Third')),
    );
    assert.equal(out.answer, 'First sentence cites one [1]. Second cites three [2].');
    assert.deepEqual(out.sources, [source(1), source(3)]);
    assert.deepEqual(out.findings, [{ claim: 'Top claim', source: 0, rank: 1 }]);
  });

  it('keeps a source nothing cited (the page itself) until the sources phase', () => {
    const r = reply({ answer: 'Plain answer. More.', sources: [source(9)] });
    const out = fitReply(
      r,
      4000,
      gate((x) => !x.answer.includes('More')),
    );
    assert.deepEqual(out.sources, [source(9)]);
  });

  it('switches to the compact meta line before dropping sources or cutting the first sentence', () => {
    const out = fitReply(
      big(),
      4000,
      gate((r) => r.meta.compact === true),
    );
    assert.equal(out.answer, 'First sentence cites one [1].');
    assert.deepEqual(out.sources, [source(1)]);
  });

  it('cuts the first sentence at a word boundary only when nothing else is left', () => {
    const r = reply({ answer: 'alpha beta gamma delta epsilon.', sources: [] });
    const out = fitReply(
      r,
      4000,
      gate((x) => x.answer.length <= 12 && x.answer.length > 0),
    );
    assert.equal(out.answer, 'alpha beta…');
    assert.equal(out.meta.compact, true);
  });

  it('drops findings whose source index does not exist', () => {
    const out = fitReply(reply({ findings: [{ claim: 'x', source: 5 }] }), 4000, renderMarkdown);
    assert.deepEqual(out.findings, []);
  });

  it('fits a 50-token cap with a huge answer, titles and many sources, in every format', () => {
    const r = reply({
      answer: `${'Ein sehr langer Satz über Dinge '.repeat(200)}. 漢字の文。${'😀'.repeat(500)}`,
      sources: Array.from({ length: 60 }, (_, i) => ({
        title: 'T'.repeat(3000),
        url: `https://e.test/${'p'.repeat(900)}${i}`,
      })),
      findings: Array.from({ length: 60 }, (_, i) => ({
        claim: `claim ${i} مرحبا`,
        quote: 'q '.repeat(200),
        source: i,
      })),
      gaps: ['g'.repeat(5000)],
      meta: meta({ model: 'claude-haiku-4-5-20251001'.repeat(20) }),
    });
    for (const render of [renderMarkdown, renderBasic]) {
      const text = render(fitReply(r, 50, render));
      assert.ok(estimateTokens(text) <= 50, text);
    }
    const json = renderJson(fitReply(r, 400, renderJson));
    assert.ok(estimateTokens(json) <= 400);
    assert.ok(v.is(ReplySchema, JSON.parse(json)));
  });
});
