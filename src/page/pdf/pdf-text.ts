// A PDF's text layer as page text: pdf.js (unpdf's runtime-neutral build, loaded on first use)
// reads at most the first pages within a time limit, never running the document's scripts.
import type { PDFDocumentProxy, PDFPageProxy } from 'unpdf/pdfjs';
import * as v from 'valibot';
import { type ToolError, toolError } from '../../errors.ts';
import type { Extracted } from '../html/extracted.ts';
import { THIN_CHARS } from '../html/thin.ts';
import {
  bodySize,
  dropRunningLines,
  joinBroken,
  looksLikeNoise,
  type PdfPage,
  pickTitle,
  toBlocks,
} from './pdf-clean.ts';
import { checkPdfStreams, hasImages, indexOfBytes } from './pdf-guard.ts';
import { type Run, readingOrder } from './pdf-layout.ts';

export interface PdfOptions {
  readonly maxPages: number;
  readonly timeoutMs: number;
  readonly signal?: AbortSignal;
}

export const PDF_DEFAULTS = { maxPages: 200, timeoutMs: 10_000 } as const;

export interface PdfText extends Extracted {
  /** What the text leaves out (pages past the limit). */
  readonly gaps?: readonly string[];
}

type PdfJs = typeof import('unpdf/pdfjs');
let pdfjs: Promise<PdfJs> | undefined;
const loadPdfJs = (): Promise<PdfJs> => {
  pdfjs ??= import('unpdf/pdfjs');
  return pdfjs;
};

const InfoTitle = v.object({ Title: v.string() });
const PasswordError = v.object({ name: v.literal('PasswordException') });

type Item = Awaited<ReturnType<PDFPageProxy['getTextContent']>>['items'][number];
type TextItem = Extract<Item, { str: string }>;
const isTextItem = (item: Item): item is TextItem => 'str' in item;

async function pageRuns(doc: PDFDocumentProxy, n: number): Promise<PdfPage> {
  const page = await doc.getPage(n);
  try {
    const content = await page.getTextContent();
    const [x0 = 0, y0 = 0, x1 = 0, y1 = 0] = page.view;
    const runs: Run[] = [];
    for (const item of content.items) {
      if (!isTextItem(item) || item.str === '') continue;
      const [, , c = 0, d = 0, x = 0, y = 0] = item.transform.map((n: unknown) =>
        typeof n === 'number' && Number.isFinite(n) ? n : 0,
      );
      runs.push({
        text: item.str,
        x: x - x0,
        y: y - y0,
        width: item.width,
        size: Math.hypot(c, d) || item.height,
      });
    }
    return { number: n, lines: readingOrder(runs, x1 - x0), height: y1 - y0 };
  } finally {
    page.cleanup();
  }
}

/** Markdown with a `## p. N` heading per page (passages say where they come from) and the plain text quotes are checked against. */
function render(pages: readonly PdfPage[]): { markdown: string; text: string } {
  const body = bodySize(pages.flatMap((p) => p.lines));
  const md: string[] = [];
  const text: string[] = [];
  for (const page of pages) {
    const blocks = toBlocks(page.lines, body);
    if (blocks.length === 0) continue;
    md.push(`## p. ${page.number}`, ...blocks.map((b) => (b.heading ? `### ${b.text}` : b.text)));
    blocks.forEach((block, i) => {
      const last = text[text.length - 1];
      // A word hyphenated across the page break is made whole in the text quotes are checked against.
      if (i === 0 && last !== undefined && /\p{L}-$/u.test(last) && /^\p{Ll}/u.test(block.text))
        text[text.length - 1] = joinBroken(last, block.text);
      else text.push(block.text);
    });
  }
  return { markdown: md.join('\n\n'), text: text.join('\n') };
}

const thin = (title: string, reason: string, rest: Partial<Extracted> = {}): PdfText => ({
  title,
  markdown: '',
  text: '',
  ...rest,
  thin: true,
  thinReason: reason,
});

/** Readers look for the end marker in the last kilobyte or so; a cut-off download has none. */
function hasEndMarker(bytes: Uint8Array): boolean {
  return indexOfBytes(bytes, '%%EOF', Math.max(0, bytes.length - 2048)) >= 0;
}

/** Reads `bytes` as a PDF: its text, a thin verdict (scan, encrypted, noise), or why it cannot be read. */
export async function extractPdf(
  bytes: Uint8Array,
  url: string,
  fallbackTitle: string,
  options: PdfOptions,
): Promise<PdfText | ToolError> {
  const broken = (why: string) =>
    toolError(
      'fetch_failed',
      `fetch_failed: ${url} is a PDF this server cannot read: ${why}; try another source`,
    );
  const bomb = await checkPdfStreams(bytes);
  if (bomb !== undefined) return broken(bomb);
  const images = hasImages(bytes);
  const cutOff = !hasEndMarker(bytes);

  const { getDocument } = await loadPdfJs();
  const task = getDocument({
    data: bytes,
    isEvalSupported: false, // never compile code from the file
    enableXfa: false,
    useSystemFonts: false,
    disableFontFace: true,
    isOffscreenCanvasSupported: false,
    isImageDecoderSupported: false,
    stopAtErrors: false,
    verbosity: 0,
  });
  let stopped: 'time' | 'cancelled' | undefined;
  // A destroyed document can leave pdf.js promises pending for good: every await races this.
  let halt: (error: Error) => void = () => {};
  const halted = new Promise<never>((_, reject) => {
    halt = reject;
  });
  halted.catch(() => {});
  const bounded = <T>(work: Promise<T>): Promise<T> => Promise.race([work, halted]);
  const stop = (why: 'time' | 'cancelled') => {
    stopped ??= why;
    halt(new Error(why));
    task.destroy().catch(() => {});
  };
  const timer = setTimeout(() => stop('time'), options.timeoutMs);
  const onAbort = () => stop('cancelled');
  options.signal?.addEventListener('abort', onAbort, { once: true });
  if (options.signal?.aborted) stop('cancelled');
  try {
    const doc = await bounded(task.promise);
    const total = doc.numPages;
    const read = Math.min(total, options.maxPages);
    const pages: PdfPage[] = [];
    for (let n = 1; n <= read && stopped === undefined; n++) {
      try {
        pages.push(await bounded(pageRuns(doc, n)));
      } catch (error) {
        // Out of time with pages in hand: answer from those, and say where reading stopped.
        if (stopped === 'time' && pages.length > 0) break;
        throw error;
      }
    }
    if (stopped === 'cancelled' || (stopped === 'time' && pages.length === 0)) throw new Error(stopped);
    const info = stopped === undefined ? await bounded(doc.getMetadata()).catch(() => undefined) : undefined;
    const meta = v.safeParse(InfoTitle, info?.info);
    const title =
      pickTitle(meta.success ? meta.output.Title : undefined, pages[0]?.lines ?? []) ?? fallbackTitle;
    const { markdown, text } = render(dropRunningLines(pages));
    const chars = text.replace(/\s+/g, '').length;
    if (chars < THIN_CHARS && images)
      return thin(
        title,
        'the PDF is a scan: its pages are images with no text layer, and this server does no OCR',
      );
    if (chars < THIN_CHARS)
      return thin(title, `the PDF has almost no text layer (${chars} characters in ${read} pages)`);
    if (looksLikeNoise(text))
      return thin(title, "the PDF's fonts have no Unicode map, so its text comes out as noise");
    const gaps =
      stopped === 'time'
        ? [
            `Reading the PDF stopped at the ${options.timeoutMs / 1000} s limit after ${pages.length} of its ${total} pages.`,
          ]
        : total > read
          ? [`The PDF has ${total} pages; only the first ${read} were read.`]
          : [];
    return { title, markdown, text, thin: false, ...(gaps.length > 0 ? { gaps } : {}) };
  } catch (error) {
    if (stopped === 'cancelled')
      return toolError('cancelled', `cancelled: reading the PDF at ${url} was cancelled by the caller`);
    if (stopped === 'time')
      return broken(`reading it took longer than ${options.timeoutMs / 1000} s (the server's limit)`);
    if (v.is(PasswordError, error))
      return thin(
        fallbackTitle,
        'the PDF is encrypted and needs a password to open; this server cannot read it',
      );
    const message = error instanceof Error ? error.message : String(error);
    return broken(cutOff ? `it is cut off (no end-of-file marker: ${message})` : message);
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onAbort);
    task.destroy().catch(() => {});
  }
}
