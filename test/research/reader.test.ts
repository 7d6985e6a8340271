// The research reader (read_page): passages for the question within the budget, every
// one kept in the run's record, the read cap kept before any fetch, and failures as
// tool errors that tell the model what to do.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { toolError } from '../../src/errors.ts';
import type { PageReader, PageText } from '../../src/page/page-text.ts';
import { createReader, type ReaderOptions } from '../../src/research/reader.ts';
import { createReaderRecord } from '../../src/research/reader-record.ts';

const words = (text: string) => text.split(/\s+/).length;
const MARKDOWN = [
  '# Quokkas',
  'The quokka is a small marsupial found on Rottnest Island near Perth.',
  '## Diet',
  'Quokkas eat grasses, leaves and stems, and can go long without water.',
  '## Unrelated',
  ...Array.from(
    { length: 40 },
    (_, i) => `Paragraph ${i} talks about ferries, tickets and bicycles for hire.`,
  ),
].join('\n\n');

function page(url: string, overrides: Partial<PageText> = {}): PageText {
  return { url, title: 'Quokka facts', markdown: MARKDOWN, text: MARKDOWN, thin: false, ...overrides };
}

function setup(reader: PageReader, extra: Partial<ReaderOptions> = {}) {
  const record = createReaderRecord();
  const seen: string[] = [];
  const r = createReader({
    pages: reader,
    record,
    question: 'What do quokkas eat?',
    goal: undefined,
    cap: 2,
    budgetTokens: 60,
    signal: new AbortController().signal,
    estimate: words,
    onRead: (url, n) => seen.push(`${n} ${url}`),
    ...extra,
  });
  return { r, record, seen };
}

describe('research reader', () => {
  it('hands over the passages that serve the question, and records exactly them', async () => {
    const fetched: string[] = [];
    const { r, record, seen } = setup({
      read: async (url) => {
        fetched.push(url);
        return page('https://quokka.example/facts');
      },
    });
    const out = await r.read({ url: 'https://quokka.example/old', look_for: 'diet' });
    assert.equal(out.isError, false);
    assert.match(
      out.text,
      /^URL: https:\/\/quokka\.example\/facts\n<untrusted kind="page passages">\nTitle: Quokka facts\n/,
    );
    assert.match(out.text, /Quokkas eat grasses, leaves and stems/);
    assert.doesNotMatch(out.text, /Paragraph 39/);
    assert.deepEqual(fetched, ['https://quokka.example/old']);
    assert.deepEqual(seen, ['1 https://quokka.example/old']);
    // Both the URL asked for and the one after redirects find the record.
    const held = record.textFor('https://quokka.example/facts#diet');
    assert.ok(held?.includes('Quokkas eat grasses, leaves and stems'));
    assert.equal(record.textFor('https://quokka.example/old'), held);
    assert.ok(out.text.includes(held ?? '∅'));
    assert.equal(record.textFor('https://other.example/'), undefined);
  });

  it('has the reader workers choose the passages when it is given them, and records what they chose', async () => {
    const jobs: string[] = [];
    const { r, record } = setup(
      { read: async () => page('https://quokka.example/facts') },
      {
        choose: async (job) => {
          jobs.push(job.query);
          return ['Chosen off the main thread: quokkas eat grasses.'];
        },
      },
    );
    const out = await r.read({ url: 'https://quokka.example/facts', look_for: 'diet' });
    assert.deepEqual(jobs, ['What do quokkas eat?\ndiet']);
    assert.match(out.text, /Chosen off the main thread/);
    assert.doesNotMatch(out.text, /Paragraph/);
    assert.equal(
      record.textFor('https://quokka.example/facts'),
      'Chosen off the main thread: quokkas eat grasses.',
    );
  });

  it("hands over the page's start when the workers could not choose its passages", async () => {
    const { r } = setup(
      { read: async () => page('https://quokka.example/facts') },
      { choose: async () => undefined },
    );
    const out = await r.read({ url: 'https://quokka.example/facts' });
    assert.equal(out.isError, false);
    assert.match(out.text, /# Quokkas\n\nThe quokka is a small marsupial/);
  });

  it('answers a read past the cap with the cap error and fetches nothing', async () => {
    let fetches = 0;
    const { r } = setup({
      read: async (url) => {
        fetches += 1;
        return page(url);
      },
    });
    await r.read({ url: 'https://a.example/' });
    await r.read({ url: 'https://b.example/' });
    const third = await r.read({ url: 'https://c.example/' });
    assert.equal(third.isError, true);
    assert.match(third.text, /^read cap reached: .*2 pages.*answer from what you have$/);
    assert.equal(fetches, 2);
    assert.equal(r.reads(), 2);
  });

  it('reports fetch failures, blocked addresses and thin pages as errors that say what to do', async () => {
    const answers: Record<string, ReturnType<PageReader['read']>> = {
      'https://down.example/': Promise.resolve(
        toolError(
          'fetch_failed',
          'fetch_failed: the page at https://down.example/ answered 503; try again later',
        ),
      ),
      'http://10.0.0.1/': Promise.resolve(
        toolError('blocked_url', 'blocked_url: 10.0.0.1 is a private address; give a public URL'),
      ),
      'https://shell.example/': Promise.resolve(
        page('https://shell.example/', { thin: true, thinReason: 'a JavaScript app shell', markdown: '' }),
      ),
    };
    const { r, record } = setup(
      { read: (url) => answers[url] ?? Promise.reject(new Error(url)) },
      { cap: 5 },
    );
    const down = await r.read({ url: 'https://down.example/' });
    assert.deepEqual(down, {
      isError: true,
      text: 'could not read https://down.example/: fetch_failed: the page at https://down.example/ answered 503; try again later',
    });
    assert.match((await r.read({ url: 'http://10.0.0.1/' })).text, /blocked_url: 10\.0\.0\.1 is a private/);
    const thin = await r.read({ url: 'https://shell.example/' });
    assert.equal(thin.isError, true);
    assert.match(thin.text, /thin page: .*JavaScript app shell.*read another result/);
    const thrown = await r.read({ url: 'https://throws.example/' });
    assert.equal(thrown.isError, true);
    assert.match(thrown.text, /^could not read https:\/\/throws\.example\/: internal_error: /);
    assert.equal(record.pages().size, 0);
    // Tried and failed: a quote of it is not checked against a second fetch.
    assert.ok(record.wasTried('https://down.example'));
    assert.ok(!record.wasTried('https://never.example/'));
  });

  it('reads nothing once the run is over', async () => {
    const stop = new AbortController();
    stop.abort();
    let fetches = 0;
    const read: PageReader['read'] = async (url) => {
      fetches += 1;
      return page(url);
    };
    const { r } = setup({ read }, { signal: stop.signal });
    const out = await r.read({ url: 'https://a.example/' });
    assert.equal(out.isError, true);
    assert.equal(fetches, 0);
  });
});
