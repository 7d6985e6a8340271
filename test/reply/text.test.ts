import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { citedIn, clip, cutAt, cutPoints, renumber, splitSentences } from '../../src/reply/text.ts';

describe('reply text helpers', () => {
  it('splits sentences and keeps a citation after the full stop with its sentence', () => {
    assert.deepEqual(splitSentences('One is here. [1] Two is there [2]. Three.'), [
      'One is here. [1]',
      ' Two is there [2]. ',
      'Three.',
    ]);
  });
  it('splits CJK sentences', () => {
    assert.equal(splitSentences('東京は首都です。人口は多い。').length, 2);
  });
  it('finds cited sources, 0-based, including lists', () => {
    assert.deepEqual([...citedIn('a [1] b [3, 2]')].sort(), [0, 1, 2]);
  });
  it('renumbers citations and removes those whose source is gone', () => {
    const map = new Map([
      [0, 0],
      [2, 1],
    ]);
    assert.equal(renumber('a [1] b [2] c [3] d [2, 3].', map), 'a [1] b c [2] d [2].');
  });
  it('cuts with an ellipsis at cut points and clips without splitting surrogates', () => {
    assert.deepEqual(cutPoints('hello big world', 'word'), [5, 9, 15]);
    assert.equal(cutAt('hello big world', 9), 'hello big…');
    assert.equal(cutAt('hello', 0), '');
    assert.equal(clip('ab😀cd', 3), 'ab…');
  });
});
