// Hostile PDFs made on the spot, each a readable page beside one stream that expands to
// `mb` megabytes however its filters are spelled or layered (the tests build them small,
// the hostile-docs bench at full size).
import { createDeflate, deflateRawSync, deflateSync } from 'node:zlib';
import { rawPdf } from './pdf-fixtures.ts';

const latin1 = (s: string) => Uint8Array.from(s, (c) => c.charCodeAt(0) & 0xff);
function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
const spaces = (mb: number) => new Uint8Array(mb * 1_048_576).fill(0x20);

const CATALOG = '<< /Type /Catalog /Pages 2 0 R >>';
const PAGES = '<< /Type /Pages /Kids [3 0 R] /Count 1 >>';
const page = (contents: readonly number[]) =>
  `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> >> /Contents [${contents.map((n) => `${n} 0 R`).join(' ')}] >>`;
const FONT = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>';
const TEXT = 'BT /F1 12 Tf 72 700 Td (A small line of readable text beside the bomb.) Tj ET';
const TEXT_STREAM = `<< /Length ${TEXT.length} >>\nstream\n${TEXT}\nendstream`;

/** A page whose second content stream (object 6) is `data` under `dict`; `extra` objects follow as 7, 8… */
function withStream(dict: string, data: Uint8Array, extra: string[] = [], keyword = 'stream\n'): Uint8Array {
  const body = concat([
    latin1(`<< ${dict} /Length ${data.length} >>\n${keyword}`),
    data,
    latin1('\nendstream'),
  ]);
  return rawPdf([CATALOG, PAGES, page([4, 6]), TEXT_STREAM, FONT, body, ...extra]);
}

/** LZW codes for a run of spaces: each code one byte longer than the last, the table cleared when full. */
export function lzwRun(mb: number): Uint8Array {
  const out: number[] = [];
  let [held, bits] = [0, 0];
  const emit = (code: number, width: number) => {
    held = (held << width) | code;
    bits += width;
    while (bits >= 8) {
      bits -= 8;
      out.push((held >> bits) & 0xff);
    }
    held &= (1 << bits) - 1;
  };
  let [produced, width] = [0, 9];
  while (produced < mb * 1_048_576) {
    emit(256, width);
    let next = 258;
    width = 9;
    emit(0x20, width);
    produced += 1;
    for (let length = 2; next < 4094 && produced < mb * 1_048_576; length++) {
      emit(next, width);
      next++;
      produced += length;
      while (width < 12 && next + 1 >= 1 << width) width++;
    }
  }
  emit(257, width);
  if (bits > 0) out.push((held << (8 - bits)) & 0xff);
  return Uint8Array.from(out);
}

/** RunLength: 128 spaces from every two bytes, then the end mark. */
function runLengthRun(mb: number): Uint8Array {
  const pairs = (mb * 1_048_576) / 128;
  const out = new Uint8Array(pairs * 2 + 1);
  for (let i = 0; i < pairs; i++) out.set([129, 0x20], i * 2);
  out[pairs * 2] = 128;
  return out;
}

/** A zlib stream whose first block is stored and holds the word `endstream`, then the bomb. */
function storedEndstreamFirst(mb: number): Uint8Array {
  const text = latin1('endstream\nendobj\n');
  const stored = concat([Uint8Array.of(0x00, text.length, 0, ~text.length & 0xff, 0xff), text]);
  return concat([Uint8Array.of(0x78, 0x9c), stored, deflateRawSync(spaces(mb), { level: 9 })]);
}

/** Every spelling of the bomb the guard must see through, by name. */
export function hostilePdfs(mb: number): [string, Uint8Array][] {
  const flate = () => deflateSync(spaces(mb), { level: 9 });
  return [
    ['flate', withStream('/Filter /FlateDecode', flate())],
    ['flate-twice', withStream('/Filter [/FlateDecode /FlateDecode]', deflateSync(flate(), { level: 9 }))],
    ['padded', withStream(`/Pad (${'x'.repeat(5000)}) /Filter /FlateDecode`, flate())],
    ['indirect-filter', withStream('/Filter 7 0 R', flate(), ['/FlateDecode'])],
    ['escaped-name', withStream('/Filter /Fl#61teDecode', flate())],
    ['abbreviated', withStream('/Filter /Fl', flate())],
    ['spaces-after-stream', withStream('/Filter /FlateDecode', flate(), [], 'stream   \r\n')],
    ['stored-endstream', withStream('/Filter /FlateDecode', storedEndstreamFirst(mb))],
    ['lzw', withStream('/Filter /LZWDecode', lzwRun(mb))],
    ['runlength', withStream('/Filter /RunLengthDecode', runLengthRun(mb))],
    ['hex-then-flate', withStream('/Filter [/AHx /Fl]', latin1(`${Buffer.from(flate()).toString('hex')}>`))],
  ];
}

/** `count` Flate streams of `mb` megabytes each, every one under a per-stream limit. */
export function manyStreamsPdf(count: number, mb: number): Uint8Array {
  const data = deflateSync(spaces(mb), { level: 9 });
  const streams = Array.from({ length: count }, () =>
    concat([
      latin1(`<< /Filter /FlateDecode /Length ${data.length} >>\nstream\n`),
      data,
      latin1('\nendstream'),
    ]),
  );
  const contents = [4, ...streams.map((_, i) => 6 + i)];
  return rawPdf([CATALOG, PAGES, page(contents), TEXT_STREAM, FONT, ...streams]);
}

/** `mb` megabytes of spaces deflated as they stream (the whole never sits in memory). */
export async function deflatedSpaces(mb: number): Promise<Uint8Array> {
  const deflate = createDeflate({ level: 9 });
  const parts: Buffer[] = [];
  deflate.on('data', (part: Buffer) => parts.push(part));
  const done = new Promise((resolve) => deflate.on('end', resolve));
  const block = Buffer.alloc(1_048_576, 0x20);
  for (let i = 0; i < mb; i++) if (!deflate.write(block)) await new Promise((r) => deflate.once('drain', r));
  deflate.end();
  await done;
  return concat(parts);
}

/** The Flate bomb and its twice-deflated twin at `mb` megabytes, deflated as they stream. */
export async function streamedBombs(mb: number): Promise<[string, Uint8Array][]> {
  const once = await deflatedSpaces(mb);
  return [
    [`flate-${mb}mb`, withStream('/Filter /FlateDecode', once)],
    [
      `flate-twice-${mb}mb`,
      withStream('/Filter [/FlateDecode /FlateDecode]', deflateSync(once, { level: 9 })),
    ],
  ];
}

/** CPU bombs for the PDF reader: a few kilobytes or megabytes that cost it minutes. */
export function cpuBombPdfs(scale = 1): [string, Uint8Array][] {
  const n = (count: number) => Math.max(1, Math.round(count * scale));
  const nesting = `${'q '.repeat(n(100_000))}${TEXT}${' Q'.repeat(n(100_000))}`;
  // Form XObject 7 draws the text; each of 8 levels above draws the one below ten times: 10^8 draws.
  const forms = Array.from({ length: 9 }, (_, level) => {
    const body = level === 0 ? TEXT : '/X Do '.repeat(10);
    const resources = level === 0 ? '/Font << /F1 5 0 R >>' : `/XObject << /X ${6 + level} 0 R >>`;
    return `<< /Type /XObject /Subtype /Form /BBox [0 0 612 792] /Resources << ${resources} >> /Length ${body.length} >>\nstream\n${body}\nendstream`;
  });
  const fanOutPage =
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /XObject << /X 15 0 R >> >> /Contents 6 0 R >>';
  const kids = n(1_000_000);
  return [
    [
      'q-nesting',
      rawPdf([
        CATALOG,
        PAGES,
        page([4]),
        `<< /Length ${nesting.length} >>\nstream\n${nesting}\nendstream`,
        FONT,
      ]),
    ],
    [
      'xobject-fan-out',
      rawPdf([
        CATALOG,
        PAGES,
        fanOutPage,
        TEXT_STREAM,
        FONT,
        '<< /Length 6 >>\nstream\n/X Do \nendstream',
        ...forms,
      ]),
    ],
    [
      'kids-repeated',
      rawPdf([
        CATALOG,
        `<< /Type /Pages /Kids [${'3 0 R '.repeat(kids)}] /Count ${kids} >>`,
        page([4]),
        TEXT_STREAM,
        FONT,
      ]),
    ],
  ];
}

/**
 * A valid PDF of about `mb` megabytes (at most 50): a page of text, an attached file that
 * inflates past 32 MB, and an image that text extraction never decodes.
 */
export function largeAttachmentPdf(mb: number): Uint8Array {
  let seed = 7;
  const hex = '0123456789abcdef';
  const csv = new Uint8Array(Math.round(mb * 0.8) * 1_048_576);
  for (let i = 0; i < csv.length; i++) {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    csv[i] = i % 33 === 32 ? 0x0a : hex.charCodeAt(seed >>> 28);
  }
  const attached = deflateSync(csv, { level: 1 });
  const noise = new Uint8Array(Math.max(0, mb * 1_048_576 - attached.length - 4096)).map(
    (_, i) => (i * 2654435761) >>> 24,
  );
  const lines = [
    'The annual tide report is attached to this document as a table of readings.',
    'Each row of the attached table gives a station, a time and the height of the water.',
    'The readings were taken every ten minutes at each of the forty stations on the coast.',
    'This page explains how the readings were taken and how the table should be read.',
  ];
  const text = lines.map((l, i) => `BT /F1 12 Tf 72 ${700 - i * 16} Td (${l}) Tj ET`).join('\n');
  return rawPdf([
    '<< /Type /Catalog /Pages 2 0 R /Names << /EmbeddedFiles << /Names [(readings.csv) 7 0 R] >> >> >>',
    PAGES,
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>',
    `<< /Length ${text.length} >>\nstream\n${text}\nendstream`,
    FONT,
    concat([
      latin1(
        `<< /Type /EmbeddedFile /Subtype /text#2Fcsv /Filter /FlateDecode /Length ${attached.length} >>\nstream\n`,
      ),
      attached,
      latin1('\nendstream'),
    ]),
    '<< /Type /Filespec /F (readings.csv) /EF << /F 6 0 R >> >>',
    concat([
      latin1(
        `<< /Type /XObject /Subtype /Image /Width 1 /Height ${noise.length} /ColorSpace /DeviceGray /BitsPerComponent 8 /Length ${noise.length} >>\nstream\n`,
      ),
      noise,
      latin1('\nendstream'),
    ]),
  ]);
}
