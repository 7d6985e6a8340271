import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { O200K_TOKEN_SPLIT_REGEX } from 'gpt-tokenizer/encodingParams/constants';
import {
  countO200k,
  estimateTokens,
  estimateTokensAtLeast,
  loadTokenizer,
  tokenizerLoaded,
} from '../../src/reply/budget.ts';

const exact = (text: string): number => countTokens(text, { disallowedSpecial: new Set() });

describe('estimateTokens', () => {
  it('refuses to count before the tokenizer is loaded', () => {
    if (tokenizerLoaded()) return; // another test file in this process loaded it first
    assert.throws(() => estimateTokens('hello'), /loadTokenizer/);
  });

  describe('once loaded', () => {
    before(() => loadTokenizer());

    it('is ceil(o200k tokens × 1.3)', () => {
      const text = 'The quick brown fox jumps over the lazy dog.';
      assert.equal(estimateTokens(text), Math.ceil(exact(text) * 1.3));
      assert.equal(estimateTokens(''), 0);
    });

    it('counts long text exactly although it is counted in pieces', () => {
      const words =
        'Alpha beta, gamma: delta (epsilon) 42 zeta’s eta! 漢字と。 مرحبا 😀 https://x.test/a?b=c\n';
      const text = words.repeat(400);
      assert.ok(text.length > 4 * 4096);
      assert.equal(countO200k(text), exact(text));
    });

    it('counts special-token strings as plain text instead of throwing', () => {
      assert.equal(countO200k('a <|endoftext|> b'), exact('a <|endoftext|> b'));
    });

    it('stays close to exact on a long run with no break, without splitting surrogates', () => {
      const run = '😀'.repeat(400) + 'x'.repeat(600);
      const diff = Math.abs(countO200k(run) - exact(run));
      assert.ok(diff <= 16, `difference ${diff}`);
    });
  });
});

describe('estimateTokensAtLeast', () => {
  before(() => loadTokenizer());
  it('never exceeds the estimate and matches o200k pre-tokens', () => {
    for (const text of [
      '',
      "Hello, world! It's 12345 here.\n\n  ok",
      '漢字かな mixed 😀👍🏽 مرحبا   end',
      'a'.repeat(700),
    ]) {
      assert.ok(estimateTokensAtLeast(text) <= estimateTokens(text), text);
    }
    const text = "Hello, world! It's 12345 — 漢字かな 😀\n\n  x";
    const preTokens = [...text.matchAll(O200K_TOKEN_SPLIT_REGEX)].length;
    assert.equal(estimateTokensAtLeast(text), Math.ceil(preTokens * 1.3));
  });
});
