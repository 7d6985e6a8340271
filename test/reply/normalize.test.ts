import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  matchesFragments,
  normalizeForMatch,
  quoteFragments,
  quoteProves,
} from '../../src/reply/normalize.ts';

const n = normalizeForMatch;
const found = (quote: string, text: string): boolean => matchesFragments(n(text), quoteFragments(quote));

describe('normalizeForMatch', () => {
  it('applies NFKC: full-width letters and ligatures become plain', () => {
    assert.equal(n('ＡＢＣ ﬁne'), 'abc fine');
  });
  it('folds case and collapses whitespace, newlines and tabs', () => {
    assert.equal(n('  The\n\tQuick   Fox '), 'the quick fox');
  });
  it('makes curly and straight quotes equal', () => {
    assert.equal(n('“It’s here”'), n('"It\'s here"'));
  });
  it('makes every dash and the minus sign a hyphen', () => {
    assert.equal(n('a–b—c‑d−e'), 'a-b-c-d-e');
  });
  it('makes the ellipsis character and spaced dots equal to three dots', () => {
    assert.equal(n('wait… what'), 'wait... what');
    assert.equal(n('wait. . . what'), 'wait... what');
  });
  it('removes soft hyphens and zero-width characters', () => {
    assert.equal(n('encyclo\u00ADpedia zero\u200Bwidth\uFEFF join\u200Ded'), 'encyclopedia zerowidth joined');
  });
  it('drops markdown emphasis, code, links, images, escapes, bullets and table pipes', () => {
    assert.equal(n('**bold** _em_ `code` ~~old~~'), 'bold em code old');
    assert.equal(n('see [the docs](https://x.test/a "t") and ![a chart](c.png)'), 'see the docs and a chart');
    assert.equal(n('a\\_b \\*c\\*'), 'ab c');
    assert.equal(n('# Title\n- one\n- two\n> quoted'), 'title one two quoted');
    assert.equal(n('| a | b |'), 'a b');
  });
});

describe('quote matching', () => {
  const page =
    'The **Eiffel Tower** was completed in 1889 — it was the world’s tallest structure until 1930.';
  it('passes a verbatim quote whatever its typography', () => {
    assert.ok(
      found('"the Eiffel Tower was completed in 1889 - it was the world\'s tallest structure"', page),
    );
  });
  it('fails a paraphrase', () => {
    assert.ok(!found('the Eiffel Tower was finished in 1889', page));
  });
  it('passes an elided quote whose parts appear in order, close together', () => {
    assert.ok(found('completed in 1889 … until 1930', page));
  });
  it('fails an elided quote whose parts say nothing on their own', () => {
    assert.ok(!found('the … of', 'the tower of london'));
    assert.ok(!found('was the … until 1930', page));
  });
  it('fails an elided quote whose parts are out of order', () => {
    assert.ok(!found('until 1930 ... completed in 1889', page));
  });
  it('fails an elided quote whose parts are far apart', () => {
    const far = `start here ${'filler words '.repeat(100)} end here`;
    assert.ok(!found('start here ... end here', far));
  });
  it('strips wrapping quote marks and edge ellipses from a quote', () => {
    assert.deepEqual(quoteFragments('“...completed in 1889…”'), ['completed in 1889']);
  });
  it('gives no fragments for an empty or dots-only quote', () => {
    assert.deepEqual(quoteFragments(' … '), []);
    assert.ok(!matchesFragments('anything', []));
  });

  it('quoteProves: four words in all, every elided piece two words and one three; twelve characters without spaces', () => {
    const proves = (quote: string) => quoteProves(quoteFragments(quote));
    assert.ok(!proves('completed in 1889'));
    assert.ok(proves('was completed in 1889'));
    assert.ok(proves('completed in 1889 … until 1930'));
    assert.ok(!proves('tower was … in'));
    assert.ok(!proves('他认为高原反应'));
    assert.ok(proves('他认为高原反应可能类似于'));
    assert.ok(!proves('他认为高原反应可能类似于 … 中毒'), 'a piece of two characters');
    assert.ok(proves('他认为高原反应可能 … 类似于中毒'));
    assert.ok(proves('ภูเขาอากาศหายใจลำบาก'));
  });
});
