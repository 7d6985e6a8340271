import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { verifyQuotes } from '../../src/reply/verify.ts';
import { meta, reply, source } from './helpers.ts';

const two = reply({
  sources: [source(1), source(2)],
  findings: [
    { claim: 'A', quote: 'the sky is “blue”', source: 0 },
    { claim: 'B', quote: 'grass is always green', source: 1 },
    { claim: 'C', source: 1 },
  ],
  meta: meta({ verified: 9, quotes: 9 }),
});

describe('verifyQuotes', () => {
  it('marks quotes found in their own source verified and counts n/m', () => {
    const held = new Map([
      [0, ['On clear days the sky is "blue" indeed.']],
      [1, ['Grass is always green.']],
    ]);
    const out = verifyQuotes(two, held);
    assert.equal(out.findings[0]?.verified, true);
    assert.equal(out.findings[1]?.verified, true);
    assert.equal(out.findings[2]?.verified, undefined);
    assert.equal(out.meta.verified, 2);
    assert.equal(out.meta.quotes, 2);
  });

  it('removes a quote found only in ANOTHER source, keeping its claim', () => {
    const held = new Map([
      [0, ['grass is always green; the sky is "blue"']],
      [1, ['nothing relevant']],
    ]);
    const out = verifyQuotes(two, held);
    assert.deepEqual(out.findings[1], { claim: 'B', source: 1 });
    assert.equal(out.findings[0]?.verified, true);
    assert.deepEqual([out.meta.verified, out.meta.quotes], [1, 1]);
  });

  it('keeps quotes unverified when their source has no held text', () => {
    const out = verifyQuotes(two, new Map([[0, []]]));
    assert.equal(out.findings[0]?.quote, 'the sky is “blue”');
    assert.equal(out.findings[0]?.verified, undefined);
    assert.deepEqual([out.meta.verified, out.meta.quotes], [0, 2]);
  });

  it('checks every held text of the source (page text and snippets)', () => {
    const out = verifyQuotes(two, new Map([[1, ['a snippet', 'the page: grass is always green']]]));
    assert.equal(out.findings[1]?.verified, true);
  });

  it('never trusts a verified flag that came with the draft', () => {
    const draft = reply({ findings: [{ claim: 'A', quote: 'made up', source: 0, verified: true }] });
    const out = verifyQuotes(draft, new Map([[0, ['real text']]]));
    assert.deepEqual(out.findings[0], { claim: 'A', source: 0 });
    const unheld = verifyQuotes(draft, new Map());
    assert.equal(unheld.findings[0]?.verified, undefined);
  });

  it('removes an empty quote', () => {
    const out = verifyQuotes(reply({ findings: [{ claim: 'A', quote: ' … ', source: 0 }] }), new Map());
    assert.deepEqual(out.findings[0], { claim: 'A', source: 0 });
    assert.equal(out.meta.quotes, 0);
  });

  it('matches against markdown page text', () => {
    const page = 'According to [the census](https://x.test), **2.1 million** people live in _Paris_.';
    const r = reply({
      findings: [
        { claim: 'pop', quote: 'According to the census, 2.1 million people live in Paris', source: 0 },
      ],
    });
    assert.equal(verifyQuotes(r, new Map([[0, [page]]])).findings[0]?.verified, true);
  });

  it('verifies only a quote long enough to prove something: four words, or twelve characters without spaces', () => {
    const page =
      'The harbour opened in 1850 and closed in 1920. 高原反应可能在很多方面类似于中毒和缺氧的症状。';
    const check = (quote: string) =>
      verifyQuotes(reply({ findings: [{ claim: 'c', quote, source: 0 }] }), new Map([[0, [page]]]))
        .findings[0];
    assert.deepEqual(
      check('harbour'),
      { claim: 'c', quote: 'harbour', source: 0 },
      'found, kept, unverified',
    );
    assert.equal(check('opened in 1850')?.verified, undefined);
    assert.equal(check('harbour opened in 1850')?.verified, true);
    assert.equal(check('高原反应可能在很多方面')?.verified, undefined, 'eleven characters');
    assert.equal(check('高原反应可能在很多方面类')?.verified, true, 'twelve characters');
    assert.deepEqual(check('harbour closed in 1850'), { claim: 'c', source: 0 }, 'not found: removed');
  });

  it('verifies an elided quote only with long enough pieces, in order, close together', () => {
    const near = 'The harbour opened in 1850 with two piers, and it closed in 1920 after the flood.';
    const far = `The harbour opened in 1850. ${'Ships came and went every day of the year. '.repeat(6)}It closed in 1920.`;
    const check = (quote: string, page: string) =>
      verifyQuotes(reply({ findings: [{ claim: 'c', quote, source: 0 }] }), new Map([[0, [page]]]))
        .findings[0];
    assert.equal(check('harbour opened in 1850 … closed in 1920', near)?.verified, true);
    assert.equal(check('harbour opened in 1850 … closed in 1920', far)?.quote, undefined, 'pieces far apart');
    assert.equal(check('closed in 1920 … harbour opened in 1850', near)?.quote, undefined, 'out of order');
    assert.equal(check('harbour … 1920', near)?.quote, undefined, 'pieces of one word');
    // Within one sentence the pieces may lie twice as far apart as across sentences.
    const long = `The harbour opened in 1850 ${'with piers and cranes and sheds, '.repeat(9)}and closed in 1920 after the flood.`;
    assert.equal(check('harbour opened in 1850 … closed in 1920', long)?.verified, true);
    assert.equal(
      check('harbour opened in 1850 … closed in 1920', long.replace('sheds, with', 'sheds. With'))?.quote,
      undefined,
    );
  });
});
