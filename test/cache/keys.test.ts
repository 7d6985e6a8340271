// Cache keys: what makes two calls the same answer, and what keeps them apart.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { describe, it } from 'node:test';
import { type CacheKeyParts, cacheKey, canonicalKeyJson } from '../../src/cache/keys.ts';
import { canonicalUrl } from '../../src/url.ts';

const base: CacheKeyParts = {
  tool: 'research',
  question: 'What is the capital of France?',
  goal: 'answer a quiz',
  depth: 'standard',
  recency: 'any',
  domains: ['example.com', 'wikipedia.org'],
  maxTokens: 400,
  model: 'haiku',
};

const same = async (a: CacheKeyParts, b: CacheKeyParts) => assert.equal(await cacheKey(a), await cacheKey(b));
const differ = async (a: CacheKeyParts, b: CacheKeyParts) =>
  assert.notEqual(await cacheKey(a), await cacheKey(b));

describe('cacheKey', () => {
  it('is the lower-case hex SHA-256 of the canonical JSON', async () => {
    const key = await cacheKey(base);
    assert.match(key, /^[0-9a-f]{64}$/);
    assert.equal(key, createHash('sha256').update(canonicalKeyJson(base)).digest('hex'));
  });

  it('ignores the render format', async () => {
    const withFormat = { ...base, format: 'json' };
    await same(base, withFormat);
  });

  it('ignores whitespace-only differences and Unicode normalisation form', async () => {
    await same(base, {
      ...base,
      question: '  What is   the capital\n of\tFrance? ',
      goal: 'answer  a quiz\n',
    });
    await same({ ...base, question: 'caf\u00e9 hours' }, { ...base, question: 'cafe\u0301 hours' });
  });

  it('keeps apart questions that differ in more than whitespace', async () => {
    await differ(base, { ...base, question: 'What is the capital of Spain?' });
    await differ(base, { ...base, goal: 'write an essay' });
    await differ(base, { ...base, question: 'what is the capital of france?' });
  });

  it('depends on depth, recency, max_tokens, model and tool', async () => {
    await differ(base, { ...base, depth: 'deep' });
    await differ(base, { ...base, recency: 'week' });
    await differ(base, { ...base, maxTokens: 401 });
    await differ(base, { ...base, model: 'sonnet' });
    await differ(
      { tool: 'page', url: 'https://a.example/' },
      { tool: 'page-text', url: 'https://a.example/' },
    );
  });

  it('treats domains as a set: order, case and duplicates do not matter, members do', async () => {
    await same(base, { ...base, domains: ['Wikipedia.org', 'example.com', 'example.com'] });
    await differ(base, { ...base, domains: ['example.com'] });
    await differ(base, { ...base, domains: ['example.com', 'wikipedia.com'] });
    const { domains: _domains, ...noDomains } = base;
    await same({ ...base, domains: [] }, noDomains);
  });

  it('tells an absent field from an empty one', async () => {
    const { goal: _goal, ...noGoal } = base;
    await differ(noGoal, { ...base, goal: '' });
  });
});

describe('canonicalUrl', () => {
  it('lower-cases the host, drops the fragment and the default port, sorts the query', () => {
    assert.equal(
      canonicalUrl('HTTPS://Example.COM:443/Path?b=2&a=1#top'),
      'https://example.com/Path?a=1&b=2',
    );
    assert.equal(canonicalUrl('http://example.com:80'), 'http://example.com/');
    assert.equal(canonicalUrl('http://example.com/?'), 'http://example.com/');
  });

  it('keeps what can change the page: path case, other ports, values, repeated-name order', () => {
    assert.equal(canonicalUrl('http://example.com:8080/A'), 'http://example.com:8080/A');
    assert.notEqual(canonicalUrl('https://x.example/?a=1&a=2'), canonicalUrl('https://x.example/?a=2&a=1'));
  });

  it('gives page keys that hit across spellings of one URL', async () => {
    await same(
      { tool: 'page', url: 'https://Docs.Example.com/guide?v=2&lang=en#install', goal: 'install steps' },
      { tool: 'page', url: 'https://docs.example.com:443/guide?lang=en&v=2', goal: 'install  steps' },
    );
    await differ(
      { tool: 'page', url: 'https://docs.example.com/guide' },
      { tool: 'page', url: 'https://docs.example.com/Guide' },
    );
  });
});
