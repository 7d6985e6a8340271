import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import {
  isKeyOrPlanError,
  parseError,
  parseResults,
  perSecondLimit,
  retryAfterMs,
} from '../../src/brave/response.ts';
import { loadSnippetParser } from '../../src/brave/snippet.ts';

describe('brave response reading', () => {
  before(loadSnippetParser);

  it('maps results to plain title, url, snippet (description + extra snippets) and date', () => {
    const results = parseResults(
      {
        web: {
          results: [
            {
              title: '<strong>Node</strong> &amp; Deno',
              url: 'https://a.example/x',
              description: 'Runs <strong>JS</strong>',
              extra_snippets: ['More &quot;text&quot;', 'Runs JS'],
              page_age: '2024-03-01T12:00:00',
            },
          ],
        },
      },
      10,
    );
    assert.deepEqual(results, [
      {
        title: 'Node & Deno',
        url: 'https://a.example/x',
        snippet: 'Runs JS … More "text"',
        date: '2024-03-01',
      },
    ]);
  });

  it('drops malformed results and non-http URLs but keeps the rest', () => {
    const results = parseResults(
      {
        web: {
          results: [
            { title: 'bad', url: 'javascript:alert(1)' },
            { title: 42, url: 'https://x.example/' },
            { title: 'good', url: 'https://ok.example/' },
          ],
        },
      },
      10,
    );
    assert.deepEqual(results, [{ title: 'good', url: 'https://ok.example/', snippet: '' }]);
  });

  it('treats a missing web section as no results and a non-object as unreadable', () => {
    assert.deepEqual(parseResults({ type: 'search' }, 10), []);
    assert.equal(parseResults('nope', 10), undefined);
    assert.equal(parseResults({ web: { results: 'x' } }, 10), undefined);
  });

  it('keeps absolute ages and drops relative ones', () => {
    const [a, b] =
      parseResults(
        {
          web: {
            results: [
              { title: 'a', url: 'https://a.example/', age: 'March 1, 2024' },
              { title: 'b', url: 'https://b.example/', age: '2 days ago' },
            ],
          },
        },
        10,
      ) ?? [];
    assert.equal(a?.date, 'March 1, 2024');
    assert.equal(b?.date, undefined);
  });

  it('stops at count', () => {
    const many = Array.from({ length: 5 }, (_, i) => ({ title: `t${i}`, url: `https://e.example/${i}` }));
    assert.equal(parseResults({ web: { results: many } }, 2)?.length, 2);
  });

  it('reads both error body shapes', () => {
    assert.deepEqual(
      parseError('{"type":"ErrorResponse","error":{"code":"SUBSCRIPTION_TOKEN_INVALID","detail":"bad"}}'),
      {
        code: 'SUBSCRIPTION_TOKEN_INVALID',
        detail: 'bad',
      },
    );
    assert.deepEqual(parseError('{"errors":[{"code":"RATE_LIMITED","detail":"slow down"}]}'), {
      code: 'RATE_LIMITED',
      detail: 'slow down',
    });
    assert.deepEqual(parseError('<html>oops</html>'), { code: '', detail: '' });
  });

  it('waits per Retry-After (seconds or date), else per the exhausted X-RateLimit-Reset window', () => {
    assert.equal(retryAfterMs(new Headers({ 'retry-after': '3' }), 0), 3000);
    assert.equal(retryAfterMs(new Headers({ 'retry-after': new Date(10_000).toUTCString() }), 4000), 6000);
    const perSecond = new Headers({ 'x-ratelimit-remaining': '0, 900', 'x-ratelimit-reset': '1, 1419704' });
    assert.equal(retryAfterMs(perSecond, 0), 1000);
    const monthly = new Headers({ 'x-ratelimit-remaining': '1, 0', 'x-ratelimit-reset': '1, 7200' });
    assert.equal(retryAfterMs(monthly, 0), 7_200_000);
    assert.equal(retryAfterMs(new Headers(), 0), 1000);
  });

  it('reads the per-second limit from X-RateLimit-Policy', () => {
    assert.equal(perSecondLimit(new Headers({ 'x-ratelimit-policy': '20;w=1, 20000000;w=2592000' })), 20);
    assert.equal(perSecondLimit(new Headers({ 'x-ratelimit-policy': '15000;w=2592000' })), undefined);
    assert.equal(perSecondLimit(new Headers()), undefined);
  });

  it('knows key and plan errors, including the 422 Brave sends for a bad key', () => {
    assert.ok(isKeyOrPlanError(401, ''));
    assert.ok(isKeyOrPlanError(403, ''));
    assert.ok(isKeyOrPlanError(422, 'SUBSCRIPTION_TOKEN_INVALID'));
    assert.ok(isKeyOrPlanError(404, 'SUBSCRIPTION_NOT_FOUND'));
    assert.ok(!isKeyOrPlanError(422, 'VALIDATION'));
    assert.ok(!isKeyOrPlanError(400, ''));
  });
});
