import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { verifyQuotes } from '../../src/reply/verify.ts';
import { meta, reply, source } from './helpers.ts';

const two = reply({
  sources: [source(1), source(2)],
  findings: [
    { claim: 'A', quote: 'the sky is “blue”', source: 0 },
    { claim: 'B', quote: 'grass is green', source: 1 },
    { claim: 'C', source: 1 },
  ],
  meta: meta({ verified: 9, quotes: 9 }),
});

describe('verifyQuotes', () => {
  it('marks quotes found in their own source verified and counts n/m', () => {
    const held = new Map([
      [0, ['On clear days the sky is "blue" indeed.']],
      [1, ['Grass is green.']],
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
      [0, ['grass is green; the sky is "blue"']],
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
    const out = verifyQuotes(two, new Map([[1, ['a snippet', 'the page: grass is green']]]));
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
});
