// Bodies that are not HTML: plain text and markdown pass through, JSON is
// pretty-printed, and binary types (PDF, images, archives) are named as unsupported.
import type { Extracted, Unsupported } from './extracted.ts';
import { tidyMarkdown } from './markdown.ts';
import { judgeThin } from './thin.ts';

/** The bare media type of a Content-Type header, lower-cased. */
export function mimeOf(contentType: string): string {
  return (contentType.split(';')[0] ?? '').trim().toLowerCase();
}

const HTML_TYPES = new Set(['text/html', 'application/xhtml+xml']);
const TEXT_TYPES = new Set([
  'application/xml',
  'application/rss+xml',
  'application/atom+xml',
  'application/javascript',
  'application/x-yaml',
  'application/yaml',
  'application/toml',
]);

/** HTML by type, or by its opening when the server sent no useful type. */
export function readsAsHtml(mime: string, text: string): boolean {
  if (HTML_TYPES.has(mime)) return true;
  const untyped = mime === '' || mime === 'application/octet-stream' || mime === 'text/plain';
  return untyped && /^\s*(<!doctype html|<html[\s>]|<head[\s>])/i.test(text.slice(0, 512));
}

export function isJson(mime: string): boolean {
  return mime === 'application/json' || mime.endsWith('+json') || mime === 'text/json';
}

function firstHeading(text: string): string | undefined {
  const heading = /^#{1,6}\s+(.+)$/m.exec(text.slice(0, 4000))?.[1]?.trim();
  if (heading) return heading;
  const line = text.split('\n', 20).find((l) => l.trim() !== '');
  return line && line.trim().length <= 120 ? line.trim() : undefined;
}

function prettyJson(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

function plain(title: string, markdown: string, text: string): Extracted {
  const verdict = judgeThin(text, '');
  return {
    title,
    markdown,
    text,
    thin: verdict.thin,
    ...(verdict.reason === undefined ? {} : { thinReason: verdict.reason }),
  };
}

/** Extraction for a non-HTML body, or the type when it cannot be read as text. */
export function extractPlain(body: string, mime: string, fallbackTitle: string): Extracted | Unsupported {
  const text = body.replace(/\r\n?/g, '\n');
  if (isJson(mime)) {
    const pretty = prettyJson(text);
    return plain(fallbackTitle, `\`\`\`json\n${pretty}\n\`\`\``, pretty);
  }
  if (mime.startsWith('text/') || TEXT_TYPES.has(mime) || mime === '') {
    if (mime === '' && /\u0000/.test(text.slice(0, 1024))) return { unsupported: 'application/octet-stream' };
    const tidy = tidyMarkdown(text);
    return plain(firstHeading(tidy) ?? fallbackTitle, tidy, tidy);
  }
  return { unsupported: mime };
}
