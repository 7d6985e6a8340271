// The server's own copies of research pages (R-V1): a few reads at a time, each URL
// once, collect() bounded by its deadline, and an abort that stops everything.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Cache } from '../../src/cache/cache.ts';
import { type ToolError, toolError } from '../../src/errors.ts';
import {
  createPageReader,
  type PageReader,
  type PageText,
  type ReadOptions,
} from '../../src/page/page-text.ts';
import { collectorFailure, createPageCollector } from '../../src/research/page-collector.ts';

interface PendingRead {
  readonly url: string;
  readonly options: ReadOptions;
  resolve(value: PageText | ToolError): void;
}

/** A PageReader whose reads finish only when the test says so. */
function fakeReader() {
  const reads: PendingRead[] = [];
  let active = 0;
  let maxActive = 0;
  const reader: PageReader = {
    read(url, options) {
      active += 1;
      maxActive = Math.max(maxActive, active);
      return new Promise<PageText | ToolError>((resolve) => {
        reads.push({
          url,
          options,
          resolve: (value) => {
            active -= 1;
            resolve(value);
          },
        });
      });
    },
  };
  return {
    reader,
    reads,
    get active() {
      return active;
    },
    get maxActive() {
      return maxActive;
    },
    find: (url: string) => reads.find((r) => r.url === url),
  };
}

const page = (url: string, text: string, thin = false): PageText => ({
  url,
  title: 'T',
  markdown: text,
  text,
  thin,
});

/** Lets queued promise callbacks (slot hand-over, next read) run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 5));
const urls = (n: number) => Array.from({ length: n }, (_, i) => `https://site.example/${i + 1}`);

describe('createPageCollector', () => {
  it('reads at most `parallel` pages at once, starting the next as one finishes', async () => {
    const fake = fakeReader();
    const collector = createPageCollector({
      reader: fake.reader,
      signal: new AbortController().signal,
      parallel: 2,
    });
    for (const url of urls(5)) collector.want(url);
    await settle();
    assert.equal(fake.reads.length, 2);
    assert.equal(fake.active, 2);
    fake.reads[0]?.resolve(page('https://site.example/1', 'one'));
    await settle();
    assert.equal(fake.reads.length, 3);
    for (const read of [...fake.reads]) read.resolve(page(read.url, 'x'));
    await settle();
    for (const read of [...fake.reads].slice(3)) read.resolve(page(read.url, 'x'));
    await settle();
    assert.equal(fake.reads.length, 5);
    assert.equal(fake.maxActive, 2);
  });

  it('asks the reader for fresh copies only when refreshing', async () => {
    for (const refresh of [false, true]) {
      const fake = fakeReader();
      const collector = createPageCollector({
        reader: fake.reader,
        signal: new AbortController().signal,
        refresh,
      });
      collector.want('https://site.example/1');
      await settle();
      assert.equal(fake.reads[0]?.options.refresh, refresh);
      fake.reads[0]?.resolve(page('https://site.example/1', 'x'));
    }
  });

  it('passes a per-page timeout to every read', async () => {
    const fake = fakeReader();
    const collector = createPageCollector({
      reader: fake.reader,
      signal: new AbortController().signal,
      perPageMs: 1234,
    });
    collector.want('https://site.example/a');
    await settle();
    assert.equal(fake.reads[0]?.options.timeoutMs, 1234);
  });

  it('fetches each URL once, however often (and however spelled) it is wanted', async () => {
    const fake = fakeReader();
    const collector = createPageCollector({ reader: fake.reader, signal: new AbortController().signal });
    collector.want('https://site.example/a?y=2&x=1');
    collector.want('https://site.example/a?y=2&x=1');
    collector.want('https://SITE.example/a?x=1&y=2#part');
    await settle();
    assert.equal(fake.reads.length, 1);
    fake.reads[0]?.resolve(page('https://site.example/a?x=1&y=2', 'the text'));
    const held = await collector.collect(['https://site.example/a?y=2&x=1'], Date.now() + 5000, Date.now);
    assert.equal(fake.reads.length, 1, 'collect reuses the read already made');
    assert.deepEqual([...held], [['https://site.example/a?y=2&x=1', 'the text']]);
  });

  it('collect() starts reads for URLs nobody wanted yet and waits for them until `until`', async () => {
    const fake = fakeReader();
    const collector = createPageCollector({ reader: fake.reader, signal: new AbortController().signal });
    const pending = collector.collect(['https://site.example/new'], Date.now() + 10_000, Date.now);
    await settle();
    assert.equal(fake.reads.length, 1);
    fake.find('https://site.example/new')?.resolve(page('https://site.example/new', 'late but in time'));
    assert.deepEqual([...(await pending)], [['https://site.example/new', 'late but in time']]);
  });

  it('returns by `until` with only the texts ready, whatever a stalled read does', {
    timeout: 5000,
  }, async () => {
    const fake = fakeReader();
    const collector = createPageCollector({ reader: fake.reader, signal: new AbortController().signal });
    collector.want('https://site.example/fast');
    collector.want('https://site.example/stalled');
    await settle();
    fake.find('https://site.example/fast')?.resolve(page('https://site.example/fast', 'fast text'));
    // The stalled read never finishes: collect must still come back, at `until`.
    const held = await collector.collect(
      ['https://site.example/fast', 'https://site.example/stalled'],
      Date.now() + 50,
      Date.now,
    );
    assert.deepEqual([...held], [['https://site.example/fast', 'fast text']]);
  });

  it('does not wait at all when `until` has already passed', { timeout: 5000 }, async () => {
    const fake = fakeReader();
    const collector = createPageCollector({ reader: fake.reader, signal: new AbortController().signal });
    collector.want('https://site.example/stalled');
    const held = await collector.collect(['https://site.example/stalled'], 0, () => 1_000_000);
    assert.equal(held.size, 0);
  });

  it('leaves thin pages and failed reads out', async () => {
    const fake = fakeReader();
    const collector = createPageCollector({ reader: fake.reader, signal: new AbortController().signal });
    const [good, thin, failed] = [
      'https://site.example/good',
      'https://site.example/thin',
      'https://site.example/bad',
    ];
    const pending = collector.collect([good, thin, failed], Date.now() + 10_000, Date.now);
    await settle();
    fake.find(good)?.resolve(page(good, 'plenty of text'));
    fake.find(thin)?.resolve(page(thin, 'Please enable JavaScript', true));
    fake.find(failed)?.resolve(toolError('fetch_failed', 'fetch_failed: the page answered 503'));
    assert.deepEqual([...(await pending)], [[good, 'plenty of text']]);
  });

  it('on abort, passes the abort to running reads and never starts queued ones', async () => {
    const fake = fakeReader();
    const control = new AbortController();
    const collector = createPageCollector({ reader: fake.reader, signal: control.signal, parallel: 1 });
    collector.want('https://site.example/running');
    collector.want('https://site.example/queued');
    await settle();
    assert.equal(fake.reads.length, 1);
    const running = fake.reads[0];
    assert.equal(running?.options.signal.aborted, false);

    control.abort();
    assert.equal(running?.options.signal.aborted, true, 'the running read sees the abort');
    running?.resolve(toolError('cancelled', 'cancelled: stopped'));
    await settle();
    assert.equal(fake.reads.length, 1, 'the queued read never started');

    collector.want('https://site.example/after');
    await settle();
    assert.equal(fake.reads.length, 1, 'nothing new starts after the abort');
    const held = await collector.collect(['https://site.example/queued'], Date.now() + 5000, Date.now);
    assert.equal(held.size, 0);
  });

  it('a read that throws, here from a page cache that fails, is a page not held: no rejection escapes', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const broken: Cache = {
        enabled: true,
        get: async () => {
          throw new Error('the page cache failed');
        },
        set: async () => {},
        settled: async () => {},
        sweep: async () => {},
      };
      const reader = createPageReader({
        fetch: async () => new Response('unused'),
        resolve: async () => ['127.0.0.1'],
        allowHosts: [],
        cache: broken,
      });
      const errors: string[] = [];
      const collector = createPageCollector({
        reader,
        signal: new AbortController().signal,
        onError: (url) => errors.push(url),
      });
      collector.want('https://a.example/never-collected');
      const held = await collector.collect(['https://b.example/quoted'], Date.now() + 1000, Date.now);
      await new Promise((resolve) => setTimeout(resolve, 20));
      assert.equal(held.size, 0);
      assert.deepEqual(errors.sort(), ['https://a.example/never-collected', 'https://b.example/quoted']);
      assert.deepEqual(unhandled, []);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});

describe('collectorFailure', () => {
  it('is one line: the page and the first line of the error, each cut short and escaped', () => {
    const error = new TypeError(`bad\rthing ${'x'.repeat(500)}\n    at secret (/home/me/stack.ts:1:1)`);
    const line = collectorFailure(`https://a.example/${'p'.repeat(500)}\u2028`, error);
    assert.doesNotMatch(line, /[\n\r\u2028]/);
    assert.doesNotMatch(line, /stack\.ts/);
    assert.match(
      line,
      /^research: reading https:\/\/a\.example\/p+… to check its quotes failed unexpectedly \(TypeError: bad\\u000dthing x+…\); its quotes stay unverified/,
    );
    assert.ok(line.length < 600, `${line.length} characters`);
  });

  it('names a thrown non-Error by its text', () => {
    assert.match(collectorFailure('https://a.example/', 'gone'), /\(gone\)/);
  });
});
