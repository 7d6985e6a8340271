// Looks into a PDF's compressed streams before the parser does: a few kilobytes that inflate
// to gigabytes (a zip bomb) would stall the reader and eat its memory, so such a file is refused.
// Output is counted as it is produced, through every filter the stream names or hides.
import { DICT_REACH, pdfDicts } from './pdf-dict.ts';
import { decodeChain, type Filter, isZlib } from './pdf-filters.ts';

export interface InflateLimits {
  /** Most bytes one stream may inflate to. */
  readonly perStream: number;
  /** Most bytes all checked streams together may inflate to. */
  readonly total: number;
}

export const INFLATE_LIMITS: InflateLimits = { perStream: 32 * 1_048_576, total: 128 * 1_048_576 };

/** Input the check decodes at most, as a multiple of the file: beyond it, the reader's own limits hold. */
const WORK_FACTOR = 4;
const ascii = (s: string) => Uint8Array.from(s, (c) => c.charCodeAt(0));
const STREAM = ascii('stream');
const OBJ = ascii('obj');
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

/** Start of each `stream` keyword's data: the keyword stands alone, then spaces and a line end. */
function* streamStarts(bytes: Uint8Array): Generator<{ keyword: number; data: number }> {
  for (let at = indexOfBytes(bytes, STREAM); at >= 0; at = indexOfBytes(bytes, STREAM, at + 1)) {
    if (isLetter(bytes[at - 1])) continue; // "endstream"
    let next = at + STREAM.length;
    while (bytes[next] === 0x20 || bytes[next] === 0x09) next++;
    if (bytes[next] === 0x0a) yield { keyword: at, data: next + 1 };
    else if (bytes[next] === 0x0d) yield { keyword: at, data: next + (bytes[next + 1] === 0x0a ? 2 : 1) };
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

const mb = (bytes: number) => `${Math.round(bytes / 1_048_576)} MB`;

/** Where the last `needle` before `before` begins, looking back at most `reach` bytes, or -1. */
function lastIndexOfBytes(hay: Uint8Array, needle: Uint8Array, before: number, reach: number): number {
  const stop = Math.max(0, before - reach);
  for (let at = hay.lastIndexOf(needle[0] ?? 0, before - needle.length); at >= stop; ) {
    let i = 1;
    while (i < needle.length && hay[at + i] === needle[i]) i++;
    if (i === needle.length) return at;
    at = at > 0 ? hay.lastIndexOf(needle[0] ?? 0, at - 1) : -1;
  }
  return -1;
}

/** Bytes one stream's filters output, counting only up to `cap` (the output is dropped). */
async function decodedSize(data: Uint8Array, filters: readonly Filter[], cap: number): Promise<number> {
  let size = 0;
  for await (const chunk of decodeChain(data, filters)) {
    size += chunk.byteLength;
    if (size > cap) break;
  }
  return size;
}

/**
 * Undefined when every stream that text extraction may decode (images and attached files
 * aside) expands within the limits, whatever its filters are called; else why the file is refused.
 */
export async function checkPdfStreams(
  bytes: Uint8Array,
  limits: InflateLimits = INFLATE_LIMITS,
): Promise<string | undefined> {
  const dicts = pdfDicts(bytes);
  let [total, work] = [0, 0];
  for (const { keyword, data } of streamStarts(bytes)) {
    const from = lastIndexOfBytes(bytes, OBJ, keyword, DICT_REACH);
    const dict = dicts.read(from < 0 ? Math.max(0, keyword - DICT_REACH) : from, keyword);
    if (dict.neverDecoded) continue;
    const end = dicts.streamEnd(data, dict.length);
    work += end - data;
    if (work > WORK_FACTOR * bytes.length) return undefined;
    const stream = bytes.subarray(data, end);
    if (dict.filters.length === 0 && !isZlib(stream)) continue; // stored as it is
    let size = await decodedSize(stream, dict.filters, limits.perStream);
    // Named filters that do not fit the data: it is read by what it is.
    if (dict.filters[0] !== 'flate' && isZlib(stream))
      size = Math.max(size, await decodedSize(stream, [], limits.perStream));
    if (size > limits.perStream)
      return `it has a compressed stream that expands past ${mb(limits.perStream)} (a zip bomb, or a damaged file)`;
    total += size;
    if (total > limits.total)
      return `its compressed streams expand past ${mb(limits.total)} together (a zip bomb, or a damaged file)`;
  }
  return undefined;
}
