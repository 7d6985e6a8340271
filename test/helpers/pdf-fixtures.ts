// Test PDFs made on the spot: pdf-lib for ordinary documents, a small raw writer for
// what pdf-lib will not make (a Standard Security Handler, fonts without Unicode, a zip bomb).
import { createHash } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import { PDFDocument, type PDFFont, type PDFPage, StandardFonts } from 'pdf-lib';

const WIDTH = 612;
const HEIGHT = 792;

/** Sentences the multi-page fixture prints, page by page; page 3 holds the quote the tests look for. */
export const MULTI_PAGE_QUOTE =
  'The tidal turbine at Pentland produced 41 megawatt hours in its first month of trials.';

const BODY = [
  'Tidal energy converts the rise and fall of the sea into electricity. Engineers have studied it for decades.',
  'Early barrages blocked whole estuaries, which changed the habitats of birds and fish along the coast.',
  `Newer designs place turbines in open channels. ${MULTI_PAGE_QUOTE} The operators expect more next year.`,
  'Costs fell as suppliers learned to build and install the machines at sea in calmer weather windows.',
  'The report ends with a short list of sites where the currents are strong enough for further trials.',
];

async function fonts(doc: PDFDocument): Promise<{ regular: PDFFont; bold: PDFFont }> {
  return {
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
  };
}

/** Wraps `text` into lines of at most `width` points. */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const next = line === '' ? word : `${line} ${word}`;
    if (font.widthOfTextAtSize(next, size) > width && line !== '') {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line !== '') lines.push(line);
  return lines;
}

function drawLines(
  page: PDFPage,
  lines: readonly string[],
  x: number,
  top: number,
  font: PDFFont,
  size = 11,
) {
  lines.forEach((line, i) => {
    page.drawText(line, { x, y: top - i * size * 1.4, size, font });
  });
}

/** One page: a large heading (no metadata title) and two paragraphs. */
export async function onePagePdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const { regular, bold } = await fonts(doc);
  const page = doc.addPage([WIDTH, HEIGHT]);
  page.drawText('A Short Note on Tides', { x: 72, y: 700, size: 22, font: bold });
  const text = `${BODY[0]} ${BODY[1]} ${BODY[4]}`;
  drawLines(page, wrap(text, regular, 11, 460), 72, 660, regular);
  return doc.save();
}

/** `pages` pages with a running header, a page-number footer and a metadata title. */
export async function multiPagePdf(pages = 5): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle('Tidal Power: A Field Report');
  const { regular, bold } = await fonts(doc);
  for (let n = 1; n <= pages; n++) {
    const page = doc.addPage([WIDTH, HEIGHT]);
    page.drawText('Field Report on Tidal Power - Coastal Energy Office', {
      x: 72,
      y: 750,
      size: 9,
      font: regular,
    });
    page.drawText(`Section ${n}`, { x: 72, y: 700, size: 16, font: bold });
    const body = BODY[(n - 1) % BODY.length] ?? '';
    drawLines(page, wrap(`${body} (Page body ${n}.)`, regular, 11, 460), 72, 670, regular);
    page.drawText(`Page ${n} of ${pages}`, { x: 280, y: 40, size: 9, font: regular });
  }
  return doc.save();
}

export const LEFT_COLUMN =
  'The left column opens the argument. It explains how the currents were measured over two full years of tides.';
export const RIGHT_COLUMN =
  'The right column closes it. It lists the sites that were chosen and the reasons each one was kept for trials.';

/** A spanning title, then two columns drawn line by line ACROSS the page (left, right, left…). */
export async function twoColumnPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const { regular, bold } = await fonts(doc);
  const page = doc.addPage([WIDTH, HEIGHT]);
  page.drawText('Measuring Currents in Two Columns of Text', { x: 72, y: 720, size: 18, font: bold });
  const left = wrap(`${LEFT_COLUMN} ${BODY[0]}`, regular, 10, 210);
  const right = wrap(`${RIGHT_COLUMN} ${BODY[3]}`, regular, 10, 210);
  for (let i = 0; i < Math.max(left.length, right.length); i++) {
    const y = 680 - i * 14;
    if (left[i]) page.drawText(left[i] ?? '', { x: 72, y, size: 10, font: regular });
    if (right[i]) page.drawText(right[i] ?? '', { x: 330, y, size: 10, font: regular });
  }
  return doc.save();
}

/** Lines that break words with a hyphen at the line end. */
export async function hyphenatedPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const { regular } = await fonts(doc);
  const page = doc.addPage([WIDTH, HEIGHT]);
  const lines = [
    'The measure-',
    'ment of coastal currents needs careful instru-',
    'ments and a well-known method, repeated at every',
    'site on the survey list, through spring and neap tides alike, so that',
    'the results can be compared from one season to the next without doubt.',
  ];
  drawLines(page, lines, 72, 700, regular);
  return doc.save();
}

/** A grey PNG of `size`×`size` pixels, made by hand (no image library needed). */
function greyPng(
  size: number,
  pixel: (x: number, y: number) => number = (x, y) => (x * y) & 0xff,
): Uint8Array {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Uint8Array) => {
    let c = 0xffffffff;
    for (const b of bytes) c = (crcTable[(c ^ b) & 0xff] ?? 0) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Uint8Array) => {
    const out = new Uint8Array(12 + data.length);
    const view = new DataView(out.buffer);
    view.setUint32(0, data.length);
    out.set(new TextEncoder().encode(type), 4);
    out.set(data, 8);
    view.setUint32(8 + data.length, crc(out.subarray(4, 8 + data.length)));
    return out;
  };
  const header = new Uint8Array(13);
  const hv = new DataView(header.buffer);
  hv.setUint32(0, size);
  hv.setUint32(4, size);
  header.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  const rows = new Uint8Array(size * (size + 1));
  for (let y = 0; y < size; y++) for (let x = 0; x < size; x++) rows[y * (size + 1) + 1 + x] = pixel(x, y);
  const parts = [
    Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a),
    chunk('IHDR', header),
    chunk('IDAT', new Uint8Array(deflateSync(rows))),
    chunk('IEND', new Uint8Array(0)),
  ];
  return concat(parts);
}

/** Two pages that are only images: a scan with no text layer. */
export async function scannedPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const image = await doc.embedPng(greyPng(64));
  for (let i = 0; i < 2; i++) {
    const page = doc.addPage([WIDTH, HEIGHT]);
    page.drawImage(image, { x: 0, y: 0, width: WIDTH, height: HEIGHT });
  }
  return doc.save();
}

/** The first `fraction` of a one-page PDF, as a cut-off download. */
export async function truncatedPdf(fraction = 0.6): Promise<Uint8Array> {
  const whole = await onePagePdf();
  return whole.slice(0, Math.floor(whole.length * fraction));
}

/** `pages` small pages, e.g. 10,000 to test the page limit. */
export async function manyPagesPdf(pages: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const { regular } = await fonts(doc);
  for (let n = 1; n <= pages; n++) {
    const page = doc.addPage([WIDTH, HEIGHT]);
    page.drawText(`Entry ${n}: the gauge at station ${n} read a steady current through the whole tide.`, {
      x: 72,
      y: 700,
      size: 11,
      font: regular,
    });
  }
  return doc.save({ objectsPerTick: Number.POSITIVE_INFINITY });
}

/**
 * About `megabytes` MB the way large real PDFs are: 150 pages of body text, each with a
 * photo-like image (noise, so it does not compress) that text extraction must not decode.
 */
export async function largePdf(megabytes: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle('Tidal Power: The Long Report');
  const { regular, bold } = await fonts(doc);
  const lines = wrap(BODY.join(' ').repeat(3), regular, 10, 470);
  const pages = 150;
  // pdf-lib stores the grey noise at about 1.6 bytes a pixel.
  const side = Math.ceil(Math.sqrt((megabytes * 1_048_576) / pages / 1.6));
  let seed = 1;
  const noise = () => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return seed >>> 24;
  };
  for (let n = 1; n <= pages; n++) {
    const page = doc.addPage([WIDTH, HEIGHT]);
    page.drawText(`Chapter ${n}`, { x: 72, y: 730, size: 16, font: bold });
    drawLines(page, lines.slice(0, 30), 72, 700, regular, 10);
    const image = await doc.embedPng(greyPng(side, noise));
    page.drawImage(image, { x: 72, y: 72, width: 200, height: 150 });
  }
  return doc.save({ objectsPerTick: Number.POSITIVE_INFINITY });
}

// ---- raw PDFs ---------------------------------------------------------------------------

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

/** Objects 1..n (each its body, without `obj`/`endobj`) written with a correct xref table. */
export function rawPdf(objects: readonly (string | Uint8Array)[], trailerExtra = ''): Uint8Array {
  const parts: Uint8Array[] = [latin1('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n')];
  let offset = parts[0]?.length ?? 0;
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(offset);
    const bytes = concat([
      latin1(`${i + 1} 0 obj\n`),
      typeof body === 'string' ? latin1(body) : body,
      latin1('\nendobj\n'),
    ]);
    parts.push(bytes);
    offset += bytes.length;
  });
  const xref = [`xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`];
  for (const o of offsets) xref.push(`${String(o).padStart(10, '0')} 00000 n \n`);
  xref.push(
    `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R ${trailerExtra}>>\nstartxref\n${offset}\n%%EOF\n`,
  );
  parts.push(latin1(xref.join('')));
  return concat(parts);
}

function stream(dict: string, data: Uint8Array): Uint8Array {
  return concat([latin1(`<< ${dict} /Length ${data.length} >>\nstream\n`), data, latin1('\nendstream')]);
}

const CATALOG = '<< /Type /Catalog /Pages 2 0 R >>';
const PAGES = '<< /Type /Pages /Kids [3 0 R] /Count 1 >>';
const page = (font: string) =>
  `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 ${font} >> >> /Contents 4 0 R >>`;

function textContent(lines: readonly string[]): string {
  return lines.map((l, i) => `BT /F1 12 Tf 72 ${700 - i * 16} Td (${l}) Tj ET`).join('\n');
}

/**
 * A font whose codes name glyphs no Unicode table knows (as subset fonts without a
 * ToUnicode map do): the text layer is there, but comes out as control characters.
 */
export function garbageFontPdf(): Uint8Array {
  const names = Array.from({ length: 31 }, (_, i) => `/g${i + 3}`).join(' ');
  const font = `<< /Type /Font /Subtype /Type1 /BaseFont /XYZABC+Custom /FirstChar 1 /LastChar 31 /Encoding << /Type /Encoding /Differences [1 ${names}] >> >>`;
  const octal = (n: number) => `\\${n.toString(8).padStart(3, '0')}`;
  const lines = Array.from({ length: 12 }, (_, i) =>
    Array.from({ length: 60 }, (_, k) => (k % 7 === 6 ? ' ' : octal(1 + ((k * 7 + i * 3) % 31)))).join(''),
  );
  return rawPdf([CATALOG, PAGES, page('5 0 R'), stream('', latin1(textContent(lines))), font]);
}

/** A page whose content stream is `megabytes` MB of spaces, deflated to almost nothing. */
export function zipBombPdf(megabytes: number): Uint8Array {
  const inflated = new Uint8Array(megabytes * 1_048_576).fill(0x20);
  const text = latin1(textContent(['A small line of text before the padding.']));
  const data = new Uint8Array(deflateSync(concat([text, inflated]), { level: 9 }));
  return rawPdf([
    CATALOG,
    PAGES,
    page('5 0 R'),
    stream('/Filter /FlateDecode', data),
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ]);
}

/** A readable page whose catalog opens with JavaScript that, if run, would set a global. */
export function javascriptPdf(): Uint8Array {
  const js = '(globalThis.pdfScriptRan = true; app.alert\\("ran"\\);)';
  const lines = [
    'This document carries a script in its open action.',
    'A reader that runs document scripts would set a flag.',
    'This server reads the text layer only and never runs them,',
    'so the text of this page comes back and nothing else happens.',
    'The page has enough words to be read as a page of its own.',
  ];
  return rawPdf([
    `<< /Type /Catalog /Pages 2 0 R /OpenAction 6 0 R /Names << /JavaScript << /Names [(a) 6 0 R] >> >> >>`,
    PAGES,
    page('5 0 R'),
    stream('', latin1(textContent(lines))),
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Type /Action /S /JavaScript /JS ${js} >>`,
  ]);
}

// ---- Standard Security Handler, revision 2 (RC4, 40-bit), as the PDF reference describes ----

const PAD = latin1(
  '\x28\xbf\x4e\x5e\x4e\x75\x8a\x41\x64\x00\x4e\x56\xff\xfa\x01\x08\x2e\x2e\x00\xb6\xd0\x68\x3e\x80\x2f\x0c\xa9\xfe\x64\x53\x69\x7a',
);

function rc4(key: Uint8Array, data: Uint8Array): Uint8Array {
  const s = Array.from({ length: 256 }, (_, i) => i);
  let j = 0;
  for (let i = 0; i < 256; i++) {
    j = (j + (s[i] ?? 0) + (key[i % key.length] ?? 0)) & 0xff;
    [s[i], s[j]] = [s[j] ?? 0, s[i] ?? 0];
  }
  const out = new Uint8Array(data.length);
  let i = 0;
  j = 0;
  for (let k = 0; k < data.length; k++) {
    i = (i + 1) & 0xff;
    j = (j + (s[i] ?? 0)) & 0xff;
    [s[i], s[j]] = [s[j] ?? 0, s[i] ?? 0];
    out[k] = (data[k] ?? 0) ^ (s[((s[i] ?? 0) + (s[j] ?? 0)) & 0xff] ?? 0);
  }
  return out;
}

const md5 = (...parts: Uint8Array[]) => new Uint8Array(createHash('md5').update(concat(parts)).digest());
const padded = (password: string) => concat([latin1(password), PAD]).subarray(0, 32);
const hex = (bytes: Uint8Array) => `<${Buffer.from(bytes).toString('hex')}>`;

/** A one-page PDF that opens only with the user password `secret` (RC4 40-bit, R2). */
export function encryptedPdf(userPassword = 'secret', ownerPassword = 'owner'): Uint8Array {
  const id = md5(latin1('web-mcp encrypted fixture'));
  const permissions = -4;
  const o = rc4(md5(padded(ownerPassword)).subarray(0, 5), padded(userPassword));
  const p = new Uint8Array(4);
  new DataView(p.buffer).setInt32(0, permissions, true);
  const fileKey = md5(padded(userPassword), o, p, id).subarray(0, 5);
  const u = rc4(fileKey, PAD);
  const objectKey = (num: number) =>
    md5(fileKey, Uint8Array.of(num & 0xff, (num >> 8) & 0xff, (num >> 16) & 0xff, 0, 0)).subarray(0, 10);
  const content = rc4(objectKey(4), latin1(textContent(['Only readers with the password see this line.'])));
  return rawPdf(
    [
      CATALOG,
      PAGES,
      page('5 0 R'),
      stream('', content),
      '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
      `<< /Filter /Standard /V 1 /R 2 /O ${hex(o)} /U ${hex(u)} /P ${permissions} >>`,
    ],
    `/Encrypt 6 0 R /ID [${hex(id)} ${hex(id)}] `,
  );
}

/** The test PDFs every PDF suite serves, by path: one page, several, columns, hyphens, scan, encrypted, truncated. */
export async function servedPdfs(): Promise<[string, Uint8Array][]> {
  return [
    ['/one.pdf', await onePagePdf()],
    ['/multi.pdf', await multiPagePdf()],
    ['/columns.pdf', await twoColumnPdf()],
    ['/hyphens.pdf', await hyphenatedPdf()],
    ['/scan.pdf', await scannedPdf()],
    ['/encrypted.pdf', encryptedPdf()],
    ['/truncated.pdf', await truncatedPdf()],
  ];
}
