// PDFs through the page pipeline, served on loopback: each generated document gives its
// expected text or reply kind; the bytes decide what a body is, whatever its Content-Type;
// the cache holds the extracted text; limits on pages, size, time and inflated streams hold.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import memoryDriver from 'unstorage/drivers/memory';
import { createCache } from '../../src/cache/cache.ts';
import { isToolError, type ToolError } from '../../src/errors.ts';
import { silentLog } from '../../src/log.ts';
import type { Resolver } from '../../src/page/fetch/address.ts';
import { safeFetch } from '../../src/page/fetch/safe-fetch.ts';
import { createPageReader, type PageText } from '../../src/page/page-text.ts';
import { selectPassages } from '../../src/page/passages/passages.ts';
import { extractPdf } from '../../src/page/pdf/pdf-text.ts';
import { matchesFragments, normalizeForMatch, quoteFragments } from '../../src/reply/normalize.ts';
import { type LoopbackServer, startLoopbackServer } from '../helpers/loopback-server.ts';
import * as pdf from '../helpers/pdf-fixtures.ts';

const noDns: Resolver = async (name) => {
  throw new Error(`test resolver refuses ${name}`);
};

const ARTICLE = `<!doctype html><html><head><title>Served as PDF</title></head><body><article><h1>Served as PDF</h1>
<p>${'This page is HTML although its server calls it a PDF, and it is read as the HTML it is. '.repeat(16)}</p>
</article></body></html>`;

const files = new Map<string, { body: Uint8Array | string; type: string }>();
let server: LoopbackServer;

before(async () => {
  const add = (path: string, body: Uint8Array | string, type = 'application/pdf') =>
    files.set(path, { body, type });
  for (const [path, body] of await pdf.servedPdfs()) add(path, body);
  add('/noise.pdf', pdf.garbageFontPdf());
  add('/script.pdf', pdf.javascriptPdf());
  add('/bomb.pdf', pdf.zipBombPdf(64));
  add('/as-html', await pdf.onePagePdf(), 'text/html; charset=utf-8');
  add('/html-as-pdf', ARTICLE);
  server = await startLoopbackServer((req, res) => {
    const file = files.get(req.url ?? '');
    res.writeHead(file ? 200 : 404, { 'content-type': file?.type ?? 'text/plain', connection: 'close' });
    res.end(file?.body ?? 'not found');
  });
});
after(() => server.close());

function reader(extra: { maxPdfBytes?: number } = {}) {
  const driver = memoryDriver();
  const cache = createCache({ driver, maxBytes: 10 * 1024 * 1024, log: silentLog });
  const pages = createPageReader({
    fetch: globalThis.fetch.bind(globalThis),
    resolve: noDns,
    allowHosts: [`127.0.0.1:${server.port}`],
    cache,
    ...extra,
  });
  return { pages, driver, cache };
}
const live = () => ({ signal: new AbortController().signal });
const read = (path: string, extra: { maxPdfBytes?: number } = {}) =>
  reader(extra).pages.read(`${server.url}${path}`, live());

function asPage(value: PageText | ToolError): PageText {
  if (isToolError(value)) assert.fail(`unexpected error ${value.message}`);
  return value;
}
const has = (haystack: string, quote: string) =>
  matchesFragments(normalizeForMatch(haystack), quoteFragments(quote));

describe('PDF text', () => {
  it('one page: its text, its first heading as title, a p. 1 heading', async () => {
    const page = asPage(await read('/one.pdf'));
    assert.equal(page.thin, false);
    assert.equal(page.title, 'A Short Note on Tides');
    assert.match(page.markdown, /^## p\. 1\n/);
    assert.ok(has(page.text, 'Early barrages blocked whole estuaries, which changed the habitats of birds'));
  });

  it('several pages: metadata title, running header and page numbers dropped, pages marked', async () => {
    const page = asPage(await read('/multi.pdf'));
    assert.equal(page.title, 'Tidal Power: A Field Report');
    assert.doesNotMatch(page.text, /Coastal Energy Office/, 'the running header is gone');
    assert.doesNotMatch(page.text, /Page \d of 5/, 'the page-number footer is gone');
    assert.match(page.text, /Section 3/, 'a heading at the top of each page stays');
    for (let n = 1; n <= 5; n++) assert.match(page.markdown, new RegExp(`^## p\\. ${n}$`, 'm'));
    assert.ok(has(page.text, pdf.MULTI_PAGE_QUOTE));
    const passages = await selectPassages(page.markdown, 'Pentland turbine megawatt hours', 200);
    const withQuote = passages.find((p) => p.includes('Pentland'));
    assert.match(withQuote ?? '', /p\. 3/, 'the passage says which page it comes from');
  });

  it('two columns drawn line by line across the page come back column by column', async () => {
    const page = asPage(await read('/columns.pdf'));
    assert.ok(has(page.text, pdf.LEFT_COLUMN), 'the left column reads whole');
    assert.ok(has(page.text, pdf.RIGHT_COLUMN), 'the right column reads whole');
    assert.ok(page.text.indexOf('The left column') < page.text.indexOf('The right column'));
    assert.ok(page.text.indexOf('Measuring Currents') < page.text.indexOf('The left column'));
  });

  it('words hyphenated at a line end are joined; real hyphens stay', async () => {
    const page = asPage(await read('/hyphens.pdf'));
    assert.match(
      page.text,
      /The measurement of coastal currents needs careful instruments and a well-known method/,
    );
  });

  it('a scan is thin and says so (no OCR)', async () => {
    const page = asPage(await read('/scan.pdf'));
    assert.equal(page.thin, true);
    assert.match(page.thinReason ?? '', /scan.*no OCR/);
  });

  it('a password-protected PDF is thin and says it is encrypted', async () => {
    const page = asPage(await read('/encrypted.pdf'));
    assert.equal(page.thin, true);
    assert.match(page.thinReason ?? '', /encrypted/);
  });

  it('fonts without a Unicode map give noise, reported thin', async () => {
    const page = asPage(await read('/noise.pdf'));
    assert.equal(page.thin, true);
    assert.match(page.thinReason ?? '', /no Unicode map/);
  });

  it('a truncated file is fetch_failed saying it is cut off', async () => {
    const out = await read('/truncated.pdf');
    assert.ok(isToolError(out));
    assert.equal(out.code, 'fetch_failed');
    assert.match(
      out.message,
      /^fetch_failed: .*truncated\.pdf is a PDF this server cannot read: it is cut off/,
    );
  });

  it('a stream that inflates past the limit (zip bomb) is refused before parsing', async () => {
    const out = await read('/bomb.pdf');
    assert.ok(isToolError(out));
    assert.match(out.message, /^fetch_failed: .*zip bomb/);
  });

  it('scripts in a PDF never run; its text is read', async () => {
    const page = asPage(await read('/script.pdf'));
    assert.equal(page.thin, false);
    assert.match(page.text, /never runs them/);
    assert.equal(Reflect.get(globalThis, 'pdfScriptRan'), undefined);
  });

  it('the bytes decide: a PDF sent as text/html is a PDF, HTML sent as application/pdf is HTML', async () => {
    const asHtml = asPage(await read('/as-html'));
    assert.equal(asHtml.title, 'A Short Note on Tides');
    assert.match(asHtml.markdown, /^## p\. 1/);
    const htmlAsPdf = asPage(await read('/html-as-pdf'));
    assert.equal(htmlAsPdf.title, 'Served as PDF');
    assert.match(htmlAsPdf.text, /read as the HTML it is/);
  });

  it('a PDF over WEB_MCP_MAX_PDF_MB is fetch_failed naming the variable', async () => {
    const out = await read('/multi.pdf', { maxPdfBytes: 1000 });
    assert.ok(isToolError(out));
    assert.match(out.message, /^fetch_failed: .*is a PDF larger than 1000 bytes.*WEB_MCP_MAX_PDF_MB/);
  });

  it('the size cap follows the bytes: a PDF gets the PDF cap, HTML labelled PDF the page cap', async () => {
    const opts = {
      fetch: globalThis.fetch.bind(globalThis),
      resolve: noDns,
      allowHosts: [`127.0.0.1:${server.port}`],
      maxBytes: 1000,
      maxPdfBytes: 100_000,
    };
    const mislabelled = await safeFetch(`${server.url}/as-html`, opts);
    assert.ok(
      !isToolError(mislabelled) && mislabelled.bytes.length > 1000,
      'a PDF sent as text/html may pass the page cap',
    );
    const fake = await safeFetch(`${server.url}/html-as-pdf`, opts);
    assert.ok(isToolError(fake));
    assert.match(fake.message, /larger than 1000 bytes, the most page tools read;/);
  });

  it('the cache keeps the extracted text, not the file: a second read makes no request', async () => {
    const { pages, driver, cache } = reader();
    const url = `${server.url}/multi.pdf`;
    const first = asPage(await pages.read(url, live()));
    await cache.settled(); // the text is stored after the read returns
    const before = server.requests;
    const second = asPage(await pages.read(url, live()));
    assert.equal(server.requests, before);
    assert.equal(second.text, first.text);
    const keys = await driver.getKeys('', {});
    const stored = JSON.stringify(await Promise.all(keys.map((k: string) => driver.getItem(k, {}))));
    assert.ok(stored.includes('Pentland'), 'the text is stored');
    assert.ok(!stored.includes('%PDF'), 'the file is not');
  });
});

describe('PDF limits', () => {
  it('reads only the first pages of a 10,000-page file and says so in a gap', async () => {
    const bytes = await pdf.manyPagesPdf(10_000);
    const out = await extractPdf(bytes, 'http://127.0.0.1/many.pdf', 'many.pdf', {
      maxPages: 200,
      timeoutMs: 60_000,
    });
    if (isToolError(out)) assert.fail(out.message);
    assert.deepEqual(out.gaps, ['The PDF has 10000 pages; only the first 200 were read.']);
    assert.match(out.markdown, /^## p\. 200$/m);
    assert.doesNotMatch(out.markdown, /^## p\. 201$/m);
  });

  it('out of time before any page: fetch_failed; after some pages: those pages and a gap', async () => {
    const bytes = await pdf.manyPagesPdf(2000);
    const url = 'http://127.0.0.1/many.pdf';
    const none = await extractPdf(bytes.slice(), url, 'many.pdf', { maxPages: 2000, timeoutMs: 1 });
    assert.ok(isToolError(none));
    assert.match(none.message, /^fetch_failed: .*took longer than 0\.001 s/);
    // Opening takes well under 2 s, reading all 2000 pages far longer.
    const some = await extractPdf(bytes, url, 'many.pdf', { maxPages: 2000, timeoutMs: 2000 });
    if (isToolError(some)) assert.fail(some.message);
    const stopped = /stopped at the 2 s limit after (\d+) of its 2000 pages/.exec(some.gaps?.join(' ') ?? '');
    assert.ok(stopped, JSON.stringify(some.gaps));
    const read = Number(stopped[1]);
    assert.ok(read > 0 && read < 2000);
    assert.match(some.markdown, new RegExp(`^## p\\. ${read}$`, 'm'));
  });

  it('a cancelled read stops with cancelled', async () => {
    const bytes = await pdf.manyPagesPdf(2000);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 20);
    const out = await extractPdf(bytes, 'http://127.0.0.1/many.pdf', 'many.pdf', {
      maxPages: 2000,
      timeoutMs: 60_000,
      signal: controller.signal,
    });
    assert.ok(isToolError(out));
    assert.equal(out.code, 'cancelled');
  });
});
