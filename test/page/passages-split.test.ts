// Cutting markdown into passages: sentences stay whole with their reference marks,
// headings lose their link targets, and pieces of one paragraph say so.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { withoutTargets } from '../../src/page/passages/link-text.ts';
import { splitPassages } from '../../src/page/passages/split.ts';

// One token a word or symbol: predictable sizes for the cuts below.
const words = (s: string): number => s.match(/[\p{L}\p{N}]+|[^\s\p{L}\p{N}]/gu)?.length ?? 0;

describe('withoutTargets', () => {
  it('writes links as their text, targets with parentheses and titles included', () => {
    assert.equal(
      withoutTargets('uses [Gecko](http://x/wiki/Gecko_(software) "Gecko") and ![logo](a.png).'),
      'uses [Gecko] and ![logo].',
    );
  });

  it('leaves text without links alone', () => {
    assert.equal(withoutTargets('a [note] (aside) here'), 'a [note] (aside) here');
  });
});

describe('splitPassages', () => {
  it('ends a sentence after the reference marks that follow its stop', () => {
    const sentences = Array.from(
      { length: 12 },
      (_, i) => `Sentence number ${i} says a few plain things about the topic.[${i + 10}]`,
    );
    const passages = splitPassages(sentences.join(' '), 40, words);
    assert.ok(passages.length > 2);
    for (const p of passages) {
      assert.match(p.body, /^Sentence number \d+/, p.body);
      assert.match(p.body, /\.\[\d+\]$/, p.body);
    }
  });

  it('keeps a sentence longer than the passage size whole when it fits the budget', () => {
    const long = `The ${'very '.repeat(60)}long sentence ends here.`;
    const passages = splitPassages(`Short one. ${long} Another short one.`, 30, words, 300);
    assert.ok(passages.some((p) => p.body === long));
  });

  it('still halves a sentence that would not fit the budget', () => {
    const long = `The ${'very '.repeat(60)}long sentence ends here.`;
    const passages = splitPassages(long, 30, words, 40);
    assert.ok(passages.length > 1);
    assert.ok(passages.every((p) => words(p.text) <= 30));
  });

  it('drops link targets from the heading path', () => {
    const md = '## History[[edit](http://x/w/index.php?title=A&action=edit&section=1)]\n\nText.';
    assert.equal(splitPassages(md, 100, words)[0]?.heading, '## History[[edit]]');
  });

  it('marks the pieces of a cut paragraph as continuing, and nothing else', () => {
    const paragraph = Array.from({ length: 10 }, (_, i) => `Plain sentence ${i} of one paragraph.`).join(' ');
    const passages = splitPassages(`Opening paragraph.\n\n${paragraph}\n\nClosing paragraph.`, 20, words);
    assert.deepEqual(
      passages.map((p) => p.continues),
      passages.map((p, i) => i > 1 && p.body.startsWith('Plain')),
    );
    assert.ok(passages.filter((p) => p.continues).length > 1);
  });
});
