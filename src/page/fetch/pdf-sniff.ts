// Recognises a PDF by its bytes (the `%PDF-` signature), whatever the server called it,
// and the media types that announce one.

const PDF_TYPES = new Set(['application/pdf', 'application/x-pdf', 'application/acrobat']);

/** Readers accept the signature anywhere in the first 1024 bytes (junk before it is common). */
const SIGNATURE_WINDOW = 1024;
const SIGNATURE = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-

export function isPdfType(contentType: string): boolean {
  return PDF_TYPES.has((contentType.split(';')[0] ?? '').trim().toLowerCase());
}

/** True when the body carries the PDF signature near its start. */
export function looksLikePdf(bytes: Uint8Array): boolean {
  const end = Math.min(bytes.length, SIGNATURE_WINDOW) - SIGNATURE.length;
  for (let at = 0; at <= end; at++) {
    if (SIGNATURE.every((b, i) => bytes[at + i] === b)) return true;
  }
  return false;
}
