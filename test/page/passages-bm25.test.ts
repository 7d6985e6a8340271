// The lexical ranker: script-aware tokens and BM25 ordering.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { bm25, tokenize } from '../../src/page/passages/bm25.ts';

describe('tokenize', () => {
  it('lower-cases, drops English stop words and cuts words to a prefix', () => {
    assert.deepEqual(tokenize('The Releases of Données'), ['relea', 'donné']);
  });

  it('keeps words with digits whole', () => {
    assert.deepEqual(tokenize('value150 and 2026'), ['value150', '2026']);
  });

  it('cuts Chinese and Japanese runs into character bigrams', () => {
    assert.deepEqual(tokenize('熊猫住在四川'), ['熊猫', '猫住', '住在', '在四', '四川']);
    assert.deepEqual(tokenize('東京タワー'), ['東京', '京タ', 'タワ', 'ワー']);
    assert.deepEqual(tokenize('猫'), ['猫']);
  });

  it('splits mixed runs into words and bigrams', () => {
    assert.deepEqual(tokenize('iPhone版の説明'), ['iphon', '版の', 'の説', '説明']);
  });
});

describe('bm25', () => {
  it('ranks the document holding the rare query term first', () => {
    const docs = ['common words here', 'common words zebra here', 'common common words'].map(tokenize);
    const scores = bm25(docs, tokenize('zebra words'));
    assert.equal(scores.indexOf(Math.max(...scores)), 1);
    assert.ok(scores.every((s) => s > 0));
  });

  it('scores every document zero for an empty query', () => {
    assert.deepEqual(bm25([tokenize('a b c')], []), [0]);
  });
});
