import assert from 'node:assert/strict';
import { after, afterEach, before, describe, it } from 'node:test';
import * as v from 'valibot';
import { createBrave } from '../../../src/brave/client.ts';
import type { ToolError } from '../../../src/errors.ts';
import { createLog } from '../../../src/log.ts';
import type { CallContext } from '../../../src/mcp/tool.ts';
import { fitResults, webSearchTool } from '../../../src/mcp/tools/web-search.ts';
import { type FakeBrave, resultsFor, startFakeBrave, webBody } from '../../helpers/fake-brave.ts';

const KEY = 'BSA-tool-test-key-987654321';
// A simple stand-in for the real estimate: about four characters per token.
const estimateTokens = (s: string) => Math.ceil(s.length / 4);

let fake: FakeBrave;
before(async () => {
  fake = await startFakeBrave();
});
after(() => fake.close());
afterEach(() => {
  fake.requests.length = 0;
});

const ctx = (): CallContext => ({
  signal: new AbortController().signal,
  arrivedAt: 0,
  hearsProgress: true,
  progress() {},
  setStatus() {},
});

function tool() {
  const brave = createBrave({
    key: KEY,
    baseUrl: fake.baseUrl,
    fetch,
    log: createLog(() => {}),
    ratePerSecond: 100,
  });
  return webSearchTool({ brave, estimate: async () => estimateTokens });
}

async function call(def: ReturnType<typeof tool>, args: unknown): Promise<string | ToolError> {
  return def.run(v.parse(def.input, args), ctx());
}

describe('web_search tool', () => {
  it('is an advanced tool with a short description', () => {
    const def = tool();
    assert.equal(def.name, 'web_search');
    assert.equal(def.tier, 'advanced');
    assert.ok(def.description.length <= 160);
  });

  it('validates its input and applies defaults', () => {
    const def = tool();
    const parsed = v.parse(def.input, { query: 'x' });
    assert.deepEqual(
      { count: parsed.count, recency: parsed.recency, format: parsed.format, max_tokens: parsed.max_tokens },
      { count: 10, recency: 'any', format: 'markdown', max_tokens: 800 },
    );
    for (const bad of [
      { query: '' },
      { query: 'x', count: 21 },
      { query: 'x', count: 0 },
      { query: 'x', recency: 'hour' },
      { query: 'x', domains: ['https://a.com/path'] },
      { query: 'x', domains: Array.from({ length: 11 }, (_, i) => `d${i}.com`) },
      { query: 'x', max_tokens: 10 },
      { query: 'x', format: 'html' },
    ]) {
      assert.equal(v.safeParse(def.input, bad).success, false, JSON.stringify(bad));
    }
  });

  it('answers compact markdown: numbered title link, date, snippet', async () => {
    fake.queue({
      body: webBody([
        {
          title: 'Node [LTS]',
          url: 'https://nodejs.org/en/about (x)',
          description: 'The <b>schedule</b>',
          page_age: '2024-04-01T00:00:00',
        },
        { title: 'Second', url: 'https://two.example/' },
      ]),
    });
    const out = await call(tool(), { query: 'node lts', recency: 'month', domains: ['nodejs.org'] });
    assert.equal(
      out,
      '1. [Node \\[LTS\\]](https://nodejs.org/en/about%20%28x%29) · 2024-04-01\n   The schedule\n2. [Second](https://two.example/)',
    );
    assert.equal(fake.requests[0]?.params.get('freshness'), 'pm');
    assert.equal(fake.requests[0]?.params.get('q'), 'node lts site:nodejs.org');
  });

  it('answers JSON with format: "json"', async () => {
    fake.queue({ body: webBody([{ title: 'T', url: 'https://t.example/', description: 'S' }]) });
    const out = await call(tool(), { query: 'q', format: 'json' });
    assert.deepEqual(JSON.parse(String(out)), {
      results: [{ title: 'T', url: 'https://t.example/', snippet: 'S' }],
    });
  });

  it('says so when there are no results', async () => {
    fake.queue({ body: webBody([]) });
    assert.equal(await call(tool(), { query: 'zzz' }), 'No web results for "zzz".');
  });

  it('fits max_tokens by shortening snippets, then dropping trailing results', async () => {
    const long = Array.from({ length: 20 }, (_, i) => ({
      title: `Title ${i + 1}`,
      url: `https://e.example/${i + 1}`,
      description: 'word '.repeat(200),
    }));
    fake.script(() => ({ body: webBody(long) }));
    const def = tool();
    for (const max_tokens of [50, 200, 800, 4000]) {
      for (const format of ['markdown', 'json']) {
        const out = String(await call(def, { query: `fit ${max_tokens}`, count: 20, max_tokens, format }));
        assert.ok(estimateTokens(out) <= max_tokens, `${format} ${max_tokens}: ${estimateTokens(out)}`);
        if (format === 'json') JSON.parse(out);
      }
    }
    const small = String(await call(def, { query: 'fit small', count: 20, max_tokens: 200 }));
    assert.match(small, /^1\. \[Title 1\]/);
    assert.match(small, /more results left out to fit max_tokens\)$/);
    const roomy = String(await call(def, { query: 'fit roomy', count: 20, max_tokens: 4000 }));
    assert.equal(roomy.match(/^\d+\. /gm)?.length, 20, 'all results kept with shorter snippets');
    fake.script((req) => ({ body: webBody(resultsFor(req.params.get('q') ?? '', 10)) }));
  });

  it('keeps everything when it already fits', () => {
    const results = [{ title: 'a', url: 'https://a.example/', snippet: 'short' }];
    const text = fitResults(results, (r) => JSON.stringify(r), 800, estimateTokens);
    assert.equal(text, JSON.stringify(results));
  });

  it('answers a clear error once Brave is switched off', async () => {
    fake.queue({ status: 401, body: { error: { code: 'UNAUTHORIZED' } } });
    const def = tool();
    const first = await call(def, { query: 'a' });
    assert.ok(typeof first !== 'string' && first.code === 'no_backend');
    const later = await call(def, { query: 'b' });
    assert.ok(typeof later !== 'string' && later.code === 'no_backend');
    assert.match(later.message, /^no_backend: Brave search is off until restart/);
    assert.ok(!JSON.stringify([first, later]).includes(KEY));
  });

  it('passes other Brave errors through', async () => {
    fake.queue({ status: 422, body: { error: { code: 'VALIDATION', detail: 'bad query' } } });
    const out = await call(tool(), { query: 'a' });
    assert.ok(typeof out !== 'string' && out.code === 'invalid_input');
  });
});
