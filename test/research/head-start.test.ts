// The head start's page reads: only the top results, in their order, each page's passages
// kept in the run's record; a page that fails or is still loading at the bound is left out.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { BraveResult } from '../../src/brave/client.ts';
import { toolError } from '../../src/errors.ts';
import type { PageReader } from '../../src/page/page-text.ts';
import { readHeadStart } from '../../src/research/head-start.ts';
import { createReaderRecord } from '../../src/research/reader-record.ts';

const words = (text: string) => text.split(/\s+/).length;
const results: BraveResult[] = ['a', 'b', 'c', 'd'].map((k) => ({
  title: k,
  url: `https://${k}.example/`,
  snippet: `about ${k}`,
}));
const text = (k: string) => `# Page ${k}\n\nThe ferry to island ${k} leaves at nine every morning.`;

describe('head start page reads', () => {
  it('reads the top three only, keeps their passages, and leaves out a failed page', async () => {
    const asked: string[] = [];
    const pages: PageReader = {
      read: async (url) => {
        asked.push(url);
        if (url.startsWith('https://b.')) return toolError('fetch_failed', 'fetch_failed: 503');
        const k = new URL(url).hostname[0] ?? '?';
        return { url, title: `Page ${k}`, markdown: text(k), text: text(k), thin: false };
      },
    };
    const record = createReaderRecord();
    const blocks = await readHeadStart(results, {
      pages,
      record,
      query: 'when does the ferry leave',
      signal: new AbortController().signal,
      budgetMs: 60_000,
      estimate: words,
    });
    assert.deepEqual(asked.sort(), ['https://a.example/', 'https://b.example/', 'https://c.example/']);
    assert.equal(blocks.length, 2);
    assert.match(blocks[0] ?? '', /^URL: https:\/\/a\.example\/\n<untrusted kind="page passages">/);
    assert.match(blocks[1] ?? '', /island c leaves at nine/);
    assert.match(record.textFor('https://a.example') ?? '', /island a leaves at nine/);
    assert.equal(record.textFor('https://b.example/'), undefined);
    assert.equal(record.textFor('https://d.example/'), undefined);
  });

  it('does not wait past its bound (a tenth of the budget here) for a page still loading', async () => {
    const pages: PageReader = {
      read: (url, options) =>
        url.startsWith('https://a.')
          ? new Promise((resolve) =>
              options.signal.addEventListener('abort', () =>
                resolve(toolError('timeout', 'timeout: stopped')),
              ),
            )
          : Promise.resolve({ url, title: 't', markdown: text('x'), text: text('x'), thin: false }),
    };
    // AbortSignal.timeout does not hold the process open; a server always has something that does.
    const alive = setTimeout(() => {}, 10_000);
    const started = Date.now();
    const blocks = await readHeadStart(results, {
      pages,
      record: createReaderRecord(),
      query: 'ferry',
      signal: new AbortController().signal,
      budgetMs: 3000,
      estimate: words,
    });
    clearTimeout(alive);
    assert.equal(blocks.length, 2);
    assert.ok(Date.now() - started < 2500, `took ${Date.now() - started} ms`);
  });
});
