import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  buildQuery,
  cutWords,
  freshnessFor,
  MAX_QUERY_CHARS,
  MAX_QUERY_WORDS,
  siteFilter,
} from '../../src/brave/query.ts';
import { isToolError } from '../../src/errors.ts';

const words = (n: number, word = 'word') => Array.from({ length: n }, (_, i) => `${word}${i}`).join(' ');

describe('brave query', () => {
  it('keeps a short query as is, with whitespace collapsed', () => {
    assert.equal(buildQuery('  node   release\nschedule '), 'node release schedule');
  });

  it('cuts to 75 words', () => {
    const q = buildQuery(words(120, 'w'));
    assert.equal(typeof q, 'string');
    assert.equal(String(q).split(' ').length, MAX_QUERY_WORDS);
    assert.ok(String(q).endsWith(' w74'));
  });

  it('cuts to the 400-character limit without breaking a word', () => {
    const long = words(70, 'abcdefghi'); // 70 words of 10–11 characters ≈ 760 characters
    const q = String(buildQuery(long));
    assert.ok(Array.from(q).length <= MAX_QUERY_CHARS);
    for (const w of q.split(' ')) assert.match(w, /^abcdefghi\d+$/);
    assert.ok(long.startsWith(q));
  });

  it('counts characters, not UTF-16 units', () => {
    const emoji = Array.from({ length: 50 }, () => '😀😀😀😀😀😀😀').join(' '); // 50 × 7 code points + 49 spaces = 399
    assert.equal(cutWords(emoji, 75, 400), emoji);
  });

  it('cuts a single over-long word only because nothing else could be sent', () => {
    assert.equal(cutWords('x'.repeat(500), 75, 400).length, 400);
  });

  it('appends OR-ed site: filters and keeps them when the question is cut', () => {
    assert.equal(siteFilter(['a.com', 'b.org']), 'site:a.com OR site:b.org');
    const q = String(buildQuery(words(100, 'w'), ['nodejs.org', 'deno.com']));
    assert.ok(q.endsWith(' site:nodejs.org OR site:deno.com'));
    assert.equal(q.split(' ').length, MAX_QUERY_WORDS);
  });

  it('refuses domains that leave no room for the question', () => {
    const many = Array.from({ length: 10 }, (_, i) => `${'x'.repeat(40)}${i}.example.com`);
    const q = buildQuery('question', many);
    assert.ok(isToolError(q) && q.code === 'invalid_input');
  });

  it('refuses an empty query', () => {
    const q = buildQuery('   ');
    assert.ok(isToolError(q) && q.code === 'invalid_input');
  });

  it('maps recency to Brave freshness', () => {
    assert.equal(freshnessFor('day'), 'pd');
    assert.equal(freshnessFor('week'), 'pw');
    assert.equal(freshnessFor('month'), 'pm');
    assert.equal(freshnessFor('year'), 'py');
    assert.equal(freshnessFor('any'), undefined);
  });
});
