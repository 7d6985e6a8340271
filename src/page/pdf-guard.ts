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
const STREAM = /(?<![A-Za-z])stream(?:\r\n|\n|\r)/g;

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
  const text = new TextDecoder('latin1').decode(bytes);
  let total = 0;
  for (const match of text.matchAll(STREAM)) {
    const start = match.index + match[0].length;
    const end = text.indexOf('endstream', start);
    const stop = end < 0 ? text.length : end;
    if (stop - start < SMALL_STREAM) continue;
    const dictStart = Math.max(text.lastIndexOf(' obj', match.index), match.index - 4096, 0);
    const dict = text.slice(dictStart, match.index);
    if (!/\/FlateDecode\b/.test(dict) || /\/Subtype\s*\/Image\b/.test(dict)) continue;
    const size = await inflatedSize(bytes.subarray(start, stop), limits.perStream);
    if (size > limits.perStream)
      return `it has a compressed stream that expands past ${mb(limits.perStream)} (a zip bomb, or a damaged file)`;
    total += size;
    if (total > limits.total)
      return `its compressed streams expand past ${mb(limits.total)} together (a zip bomb, or a damaged file)`;
  }
  return undefined;
}
