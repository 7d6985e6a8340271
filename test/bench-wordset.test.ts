// The extract bench's word-set F1 reproduces WCXB's scripts/03_run_benchmark.py: Python's
// lower().split() as sets, per-page figures, the script's rules for empty texts, means over pages.
// Beside it, the word-bag F1 of the evaluate.py published with the data (word_f1).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { meanWordScore, wordBagScore, wordScore, wordSet } from '../bench/lib/wordset.ts';

describe('word-set F1', () => {
  it('splits where Python str.split() does, and nowhere else', () => {
    assert.deepEqual([...wordSet('A\u00a0b\u3000c\x1cd\x85e\u2009f')], ['a', 'b', 'c', 'd', 'e', 'f']);
    // U+FEFF is whitespace to JavaScript's \s but not to Python; punctuation stays on its word.
    assert.deepEqual([...wordSet('x\ufeffy Word, word')], ['x\ufeffy', 'word,', 'word']);
  });

  it('scores sets: repetition and order do not count', () => {
    const s = wordScore('the cat the cat sat', 'sat the dog');
    assert.equal(s.precision, 2 / 3);
    assert.equal(s.recall, 2 / 3);
    assert.ok(Math.abs(s.f1 - 2 / 3) < 1e-12);
  });

  it('follows the script on empty texts', () => {
    assert.deepEqual(wordScore('', ''), { precision: 1, recall: 1, f1: 1 });
    assert.deepEqual(wordScore('', 'words'), { precision: 0, recall: 0, f1: 0 });
    assert.deepEqual(wordScore('words', ''), { precision: 0, recall: 0, f1: 0 });
    // Only spaces is not empty to the script: no words, so nothing in common.
    assert.deepEqual(wordScore('   ', 'words'), { precision: 0, recall: 0, f1: 0 });
  });

  it('averages each figure over the pages', () => {
    const m = meanWordScore([wordScore('a b', 'a b'), wordScore('a', 'a b')]);
    assert.equal(m.precision, 1);
    assert.equal(m.recall, 0.75);
    assert.ok(Math.abs(m.f1 - (1 + 2 / 3) / 2) < 1e-12);
  });
});

describe("evaluate.py's word-bag F1", () => {
  it('counts runs of letters, digits and _ with repetition; punctuation and spacing do not count', () => {
    // "foo()" against "foo ( )": the same one word, where whitespace words differ.
    assert.deepEqual(wordBagScore('foo()', 'foo\n(\n)'), { precision: 1, recall: 1, f1: 1 });
    assert.equal(wordScore('foo()', 'foo\n(\n)').f1, 0);
    const s = wordBagScore('the cat the cat', 'the cat sat');
    assert.equal(s.precision, 2 / 4);
    assert.equal(s.recall, 2 / 3);
  });

  it('follows the script on empty texts', () => {
    assert.deepEqual(wordBagScore('', ''), { precision: 1, recall: 1, f1: 1 });
    assert.deepEqual(wordBagScore('words', ''), { precision: 0, recall: 0, f1: 0 });
    assert.deepEqual(wordBagScore('...', 'words'), { precision: 0, recall: 0, f1: 0 });
  });
});
