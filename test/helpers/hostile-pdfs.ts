// Hostile PDFs made on the spot, each a readable page beside one stream that expands to
// `mb` megabytes however its filters are spelled or layered (the tests build them small,
// the hostile-docs bench at full size).
import { deflateRawSync, deflateSync } from 'node:zlib';
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
