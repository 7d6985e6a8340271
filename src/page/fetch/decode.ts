// Bytes → text by the page's charset: BOM, then the Content-Type header, then a
// <meta>/XML declaration near the top, then UTF-8 (or Windows-1252 when that is not valid UTF-8).
// A declared charset the bytes cannot be in (UTF-16 or UTF-32 over single bytes) is passed over.

export interface ContentType {
  /** The media type in lower case, without parameters ('' when absent). */
  readonly type: string;
  /** The charset parameter in lower case, unquoted, when present. */
  readonly charset?: string;
}

/** Splits a Content-Type header into its media type and charset. */
export function parseContentType(header: string): ContentType {
  const [essence = '', ...params] = header.split(';');
  const type = essence.trim().toLowerCase();
  for (const param of params) {
    const eq = param.indexOf('=');
    if (eq < 0 || param.slice(0, eq).trim().toLowerCase() !== 'charset') continue;
    const value = param
      .slice(eq + 1)
      .trim()
      .replace(/^"(.*)"$/, '$1')
      .trim()
      .toLowerCase();
    if (value !== '') return { type, charset: value };
  }
  return { type };
}

// WHATWG windows-1252 for bytes 0x80–0x9F. Node ≤ 22 decodes that range as
// Latin-1 C1 controls (nodejs/node#56542), so smart quotes and € would be lost.
const CP1252_C1 =
  '\u20ac\x81\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\x8d\u017d\x8f' +
  '\x90\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\x9d\u017e\u0178';
const CP1252_BROKEN = new TextDecoder('windows-1252').decode(Uint8Array.of(0x80)) !== '\u20ac';

type Decode = (bytes: Uint8Array) => string;

/** A decoder for a WHATWG label, or undefined for unknown labels and the "replacement" encoding. */
function decoderFor(label: string): Decode | undefined {
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(label.trim(), { fatal: false });
  } catch {
    return undefined;
  }
  if (decoder.encoding === 'replacement') return undefined;
  if (decoder.encoding === 'windows-1252' && CP1252_BROKEN) {
    return (bytes) =>
      decoder.decode(bytes).replace(/[\x80-\x9f]/g, (c) => CP1252_C1[c.charCodeAt(0) - 0x80] ?? c);
  }
  return (bytes) => decoder.decode(bytes);
}

/**
 * Whether bytes said to be in `label` can be: text in UTF-16 or UTF-32 (markup, or any Latin
 * script) holds zero bytes, so a body without one near its top is in a single-byte encoding.
 */
function fits(label: string, bytes: Uint8Array): boolean {
  if (!/^(utf-?(16|32)|ucs-?[24]|unicode|csunicode|iso-10646)/.test(label.trim())) return true;
  return bytes.subarray(0, SNIFF_BYTES).includes(0);
}

function bomEncoding(bytes: Uint8Array): string | undefined {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return 'utf-8';
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  return undefined;
}

// Pages declare their charset in the first 1024 bytes (HTML spec); some put it
// after long <head> comments or scripts, so look a little further.
const SNIFF_BYTES = 4096;
const META_CHARSET = /<meta\b[^>]*?\bcharset\s*=\s*["']?\s*([A-Za-z0-9._:-]+)/i;
const XML_ENCODING = /^<\?xml\b[^>]*?\bencoding\s*=\s*["']([A-Za-z0-9._:-]+)["']/;

/** The charset a document declares about itself, if any. */
export function sniffDeclaredCharset(bytes: Uint8Array): string | undefined {
  // Latin-1 maps every byte, so the ASCII of the markup survives whatever the real encoding.
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, SNIFF_BYTES));
  const label = (META_CHARSET.exec(head) ?? XML_ENCODING.exec(head))?.[1]?.toLowerCase();
  if (label === undefined) return undefined;
  // A UTF-16 page could not have been read as ASCII here, so the declaration is wrong (HTML spec).
  return /^(utf-16|utf-16le|utf-16be|unicode|ucs-2)$/.test(label) ? 'utf-8' : label;
}

function looksLikeMarkup(type: string): boolean {
  return type === '' || type.includes('html') || type.includes('xml');
}

/**
 * Decodes a response body. Unknown or unsupported labels fall back to UTF-8;
 * undeclared bytes that are not valid UTF-8 are read as Windows-1252, which is
 * what browsers assume for legacy pages.
 */
export function decodeBody(bytes: Uint8Array, contentType: string): string {
  const { type, charset } = parseContentType(contentType);
  const labels = [
    bomEncoding(bytes),
    charset,
    looksLikeMarkup(type) ? sniffDeclaredCharset(bytes) : undefined,
  ];
  const bom = labels[0];
  const declared = labels.filter((label) => label === bom || (label !== undefined && fits(label, bytes)));
  for (const label of declared) {
    const decode = label === undefined ? undefined : decoderFor(label);
    if (decode !== undefined) return decode(bytes);
  }
  if (declared.some((label) => label !== undefined)) return new TextDecoder('utf-8').decode(bytes);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return (decoderFor('windows-1252') ?? ((b: Uint8Array) => new TextDecoder().decode(b)))(bytes);
  }
}
