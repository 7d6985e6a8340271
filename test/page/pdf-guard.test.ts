// The PDF bomb check: a stream is judged by what it expands to, however its filters are
// spelled, layered or hidden; files whose large streams are never decoded for text pass.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { deflateSync } from 'node:zlib';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { decodeChain } from '../../src/page/pdf/pdf-filters.ts';
import { checkPdfStreams } from '../../src/page/pdf/pdf-guard.ts';
import { hostilePdfs, lzwRun, manyStreamsPdf } from '../helpers/hostile-pdfs.ts';
import { onePagePdf, zipBombPdf } from '../helpers/pdf-fixtures.ts';

const MB = 1_048_576;
const SMALL = { perStream: 1 * MB, total: 4 * MB };

describe('checkPdfStreams', () => {
  for (const [name, bytes] of hostilePdfs(3)) {
    it(`refuses the ${name} bomb`, async () => {
      assert.match((await checkPdfStreams(bytes, SMALL)) ?? 'passed', /expands past 1 MB \(a zip bomb/);
    });
  }
  it('the same streams within the limit pass', async () => {
    for (const [name, bytes] of hostilePdfs(1))
      assert.equal(await checkPdfStreams(bytes, { perStream: 2 * MB, total: 4 * MB }), undefined, name);
  });
  it('refuses streams that pass one by one but not together', async () => {
    const verdict = await checkPdfStreams(manyStreamsPdf(7, 0.75), SMALL);
    assert.match(verdict ?? 'passed', /compressed streams expand past 4 MB together/);
  });
  it('passes an ordinary PDF and refuses the classic bomb at the default limits', async () => {
    assert.equal(await checkPdfStreams(await onePagePdf()), undefined);
    assert.match((await checkPdfStreams(zipBombPdf(40))) ?? 'passed', /past 32 MB/);
  });
  it('an attached file is not counted: text extraction never decodes it', async () => {
    const doc = await PDFDocument.create();
    const page = doc.addPage();
    page.drawText('A report with its data attached.', { font: await doc.embedFont(StandardFonts.Helvetica) });
    await doc.attach(new Uint8Array(3 * MB).fill(0x41), 'data.csv', { mimeType: 'text/csv' });
    const bytes = await doc.save();
    assert.equal(await checkPdfStreams(bytes, SMALL), undefined);
  });
});

describe('decodeChain', () => {
  it('hands out no chunk larger than a few megabytes, whatever the decompressor does', async () => {
    const twice = deflateSync(deflateSync(new Uint8Array(64 * MB), { level: 9 }), { level: 9 });
    let [largest, total] = [0, 0];
    for await (const chunk of decodeChain(twice, ['flate', 'flate'])) {
      largest = Math.max(largest, chunk.length);
      total += chunk.length;
      if (total > 16 * MB) break;
    }
    assert.ok(total > 16 * MB, `decoded ${total} bytes`);
    assert.ok(largest <= 4.5 * MB, `largest chunk ${largest}`);
  });
  it('reads LZW as PDF writes it', async () => {
    let total = 0;
    for await (const chunk of decodeChain(lzwRun(1), ['lzw'])) {
      assert.ok(chunk.every((b) => b === 0x20));
      total += chunk.length;
    }
    assert.ok(total >= MB && total < MB + 5000, `decoded ${total} bytes`);
  });
});
