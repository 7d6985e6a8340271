// The pure steps behind PDF text: lines from runs, the column gutter, running lines,
// hyphen joins, noise detection and the title.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  dropRunningLines,
  joinBroken,
  looksLikeNoise,
  type PdfPage,
  pickTitle,
} from '../../src/page/pdf/pdf-clean.ts';
import { findGutter, type Line, type Run, readingOrder } from '../../src/page/pdf/pdf-layout.ts';

const run = (text: string, x: number, y: number, size = 10): Run => ({
  text,
  x,
  y,
  width: text.length * size * 0.5,
  size,
});
const line = (text: string, y: number, size = 10): Line => ({ text, x: 72, y, right: 400, size });

describe('PDF layout', () => {
  it('joins runs on one baseline with a space only where the gap shows one', () => {
    const lines = readingOrder(
      [run('Tid', 72, 700), run('al power', 87, 700), run('Next line', 72, 686)],
      612,
    );
    assert.deepEqual(
      lines.map((l) => l.text),
      ['Tidal power', 'Next line'],
    );
  });

  it('finds no gutter in single-column text, and one between two columns', () => {
    const single = Array.from({ length: 10 }, (_, i) =>
      run('a line of text that runs across the page', 72, 700 - i * 14),
    );
    assert.equal(findGutter(single, 612), undefined);
    const columns = Array.from({ length: 10 }, (_, i) => [
      run('left column words here', 72, 700 - i * 14),
      run('right column words', 330, 700 - i * 14),
    ]).flat();
    const gutter = findGutter(columns, 612);
    assert.ok(gutter !== undefined && gutter > 180 && gutter < 330, String(gutter));
  });
});

describe('PDF clean-up', () => {
  it('drops running heads and page numbers in the margins, keeps a repeated large heading and the body', () => {
    const pages: PdfPage[] = [1, 2, 3].map((n) => ({
      number: n,
      height: 792,
      lines: [
        line('Journal of Tides · Vol. 3', 760, 8),
        line(`Chapter ${n}`, 740, 18),
        line(`Body text of page ${n} that is unique to it.`, 600),
        line(String(n), 30, 8),
      ],
    }));
    const kept = dropRunningLines(pages).map((p) => p.lines.map((l) => l.text));
    assert.deepEqual(kept[1], ['Chapter 2', 'Body text of page 2 that is unique to it.']);
  });

  it('joins a word hyphenated at a line end; keeps a hyphen before a capital', () => {
    assert.equal(joinBroken('the measure-', 'ment'), 'the measurement');
    assert.equal(joinBroken('soft\u00ad', 'ware'), 'software');
    assert.equal(joinBroken('Franco-', 'Prussian war'), 'Franco- Prussian war');
    assert.equal(joinBroken('ends here.', 'Next'), 'ends here. Next');
  });

  it('tells noise from text', () => {
    assert.equal(looksLikeNoise('\u0003\u0011\u0004 \u0012\u0013'.repeat(20)), true);
    assert.equal(looksLikeNoise('\ue001\ue002\ue003 '.repeat(20)), true);
    assert.equal(looksLikeNoise('Plain prose, with commas (and brackets), reads as text. '.repeat(5)), false);
  });

  it('takes the metadata title unless it is a placeholder, else the largest line on page 1', () => {
    const first = [line('Running head', 760, 8), line('The Real Title', 700, 20), line('Body', 650)];
    assert.equal(pickTitle('Tidal Report', first), 'Tidal Report');
    assert.equal(pickTitle('Microsoft Word - draft3.docx', first), 'The Real Title');
    assert.equal(pickTitle('untitled', first), 'The Real Title');
    assert.equal(pickTitle(undefined, [line('Body only', 700)]), undefined);
  });
});
