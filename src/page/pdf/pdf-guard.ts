// Looks into a PDF's compressed streams before the parser does: a few kilobytes that inflate
// to gigabytes (a zip bomb) would stall the process and eat its memory, so such a file is refused.

export interface InflateLimits {
  /** Most bytes one stream may inflate to. */
  readonly perStream: number;
  /** Most bytes all checked streams together may inflate to. */
  readonly total: number;
}

export const INFLATE_LIMITS: InflateLimits = { perStream: 32 * 1_048_576, total: 256 * 1_048_576 };

// Deflate expands at most ~1032:1, so a stream this small cannot hurt on its own.
const SMALL_STREAM = 1024;
const ascii = (s: string) => Uint8Array.from(s, (c) => c.charCodeAt(0));
const STREAM = ascii('stream');
const END_STREAM = ascii('endstream');
const isLetter = (b: number | undefined) => b !== undefined && (b | 0x20) >= 0x61 && (b | 0x20) <= 0x7a;

/** Where `needle` next occurs in `hay` from `from`, or -1 (bytes, so a 50 MB file is never decoded whole). */
export function indexOfBytes(hay: Uint8Array, needle: Uint8Array | string, from = 0): number {
  const pattern = typeof needle === 'string' ? ascii(needle) : needle;
  const first = pattern[0];
  if (first === undefined) return -1;
  for (let at = hay.indexOf(first, from); at >= 0; at = hay.indexOf(first, at + 1)) {
    let i = 1;
    while (i < pattern.length && hay[at + i] === pattern[i]) i++;
    if (i === pattern.length) return at;
  }
  return -1;
}

/** Start of each `stream` keyword's data: the keyword stands alone and ends its line. */
function* streamStarts(bytes: Uint8Array): Generator<{ keyword: number; data: number }> {
  for (let at = indexOfBytes(bytes, STREAM); at >= 0; at = indexOfBytes(bytes, STREAM, at + 1)) {
    if (isLetter(bytes[at - 1])) continue; // "endstream"
    const next = bytes[at + STREAM.length];
    if (next === 0x0a) yield { keyword: at, data: at + STREAM.length + 1 };
    else if (next === 0x0d)
      yield { keyword: at, data: at + STREAM.length + (bytes[at + 7] === 0x0a ? 2 : 1) };
  }
}

/** Whether the file holds an image XObject (a scan's pages are images). */
export function hasImages(bytes: Uint8Array): boolean {
  const latin1 = new TextDecoder('latin1');
  const image = ascii('/Image');
  for (let at = indexOfBytes(bytes, image); at >= 0; at = indexOfBytes(bytes, image, at + 1)) {
    if (isLetter(bytes[at + image.length])) continue; // /ImageB, /ImageC… in a ProcSet
    if (/\/Subtype\s*$/.test(latin1.decode(bytes.subarray(Math.max(0, at - 16), at)))) return true;
  }
  return false;
}

/** Bytes a zlib stream inflates to, counting only up to `cap` (the output is dropped). */
async function inflatedSize(data: Uint8Array, cap: number): Promise<number> {
  const inflate = new DecompressionStream('deflate');
  const writer = inflate.writable.getWriter();
  writer.write(data as Uint8Array<ArrayBuffer>).catch(() => {});
  writer.close().catch(() => {});
  const reader = inflate.readable.getReader();
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > cap) break;
    }
  } catch {
    // Damaged data or bytes after the end: what came out is what counts.
  } finally {
    reader.cancel().catch(() => {});
  }
  return size;
}

const mb = (bytes: number) => `${Math.round(bytes / 1_048_576)} MB`;

/**
 * Undefined when every Flate stream (images aside: text extraction never decodes
 * them) inflates within the limits; else the reason the file is refused.
 */
export async function checkPdfStreams(
  bytes: Uint8Array,
  limits: InflateLimits = INFLATE_LIMITS,
): Promise<string | undefined> {
  const latin1 = new TextDecoder('latin1');
  let total = 0;
  for (const { keyword, data } of streamStarts(bytes)) {
    const end = indexOfBytes(bytes, END_STREAM, data);
    const stop = end < 0 ? bytes.length : end;
    if (stop - data < SMALL_STREAM) continue;
    // The stream's dictionary: what precedes the keyword, back to its object header.
    const before = latin1.decode(bytes.subarray(Math.max(0, keyword - 4096), keyword));
    const dict = before.slice(before.lastIndexOf(' obj') + 1);
    if (!/\/FlateDecode\b/.test(dict) || /\/Subtype\s*\/Image\b/.test(dict)) continue;
    const size = await inflatedSize(bytes.subarray(data, stop), limits.perStream);
    if (size > limits.perStream)
      return `it has a compressed stream that expands past ${mb(limits.perStream)} (a zip bomb, or a damaged file)`;
    total += size;
    if (total > limits.total)
      return `its compressed streams expand past ${mb(limits.total)} together (a zip bomb, or a damaged file)`;
  }
  return undefined;
}
