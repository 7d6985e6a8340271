// One fetched body read into page text, the work a reader worker does: PDFs by their text
// layer, everything else decoded and extracted by its type. Runs the same in a worker or here.
import { type ToolError, toolError } from '../errors.ts';
import { decodeBody } from './fetch/decode.ts';
import { isPdfType, looksLikePdf } from './fetch/pdf-sniff.ts';
import { extractByType, titleFromUrl } from './html/extract.ts';
import type { Extracted, Unsupported } from './html/extracted.ts';
import { heavyMarkup, jsonTooDeep, markupAsText } from './html/markup-budget.ts';
import { extractPlain, isJson, mimeOf, readsAsHtml } from './html/plain.ts';
import { selectPassages } from './passages/passages.ts';
import type { PdfText } from './pdf/pdf-text.ts';

export interface ReadJob {
  readonly bytes: Uint8Array;
  readonly contentType: string;
  /** The URL the body came from, after redirects. */
  readonly url: string;
}

export type ReadResult = Extracted | PdfText | Unsupported | ToolError;

/** How a body is read: in a contained worker by the server, in process by tests and the library. */
export type ReadDocument = (job: ReadJob, signal: AbortSignal) => Promise<ReadResult>;

/** The passages of a page's markdown that serve a query, within a token budget (see passages.ts). */
export interface PassagesJob {
  readonly markdown: string;
  readonly query: string;
  readonly budgetTokens: number;
}

/** What a reader worker is asked: a body to read, or passages to choose. */
export type WorkerRequest =
  | { readonly id: number; readonly job: ReadJob }
  | { readonly id: number; readonly passages: PassagesJob };

/** Answers one worker request (never throws: a failure is the read's `fetch_failed`). */
export async function answerRequest(request: WorkerRequest): Promise<ReadResult | readonly string[]> {
  if ('job' in request) return readJob(request.job);
  const { markdown, query, budgetTokens } = request.passages;
  return selectPassages(markdown, query, budgetTokens).catch(() => []);
}

/** Reads a body into page text; a failure inside is this page's `fetch_failed`, never a throw. */
export async function readJob(job: ReadJob, signal?: AbortSignal): Promise<ReadResult> {
  try {
    // The bytes decide, not the label: a PDF sent as text/html is read as a PDF…
    if (looksLikePdf(job.bytes)) {
      const { extractPdf, PDF_DEFAULTS } = await import('./pdf/pdf-text.ts');
      return await extractPdf(job.bytes, job.url, titleFromUrl(job.url), {
        ...PDF_DEFAULTS,
        ...(signal === undefined ? {} : { signal }),
      });
    }
    // …and a page sent as application/pdf is read by what it holds.
    const type = isPdfType(job.contentType) ? '' : job.contentType;
    const text = decodeBody(job.bytes, job.contentType);
    const mime = mimeOf(type);
    const heavy = readsAsHtml(mime, text) ? heavyMarkup(text) : undefined;
    if (heavy !== undefined) return markupAsText(text, titleFromUrl(job.url), heavy);
    if (isJson(mime) && jsonTooDeep(text)) return extractPlain(text, 'text/plain', titleFromUrl(job.url));
    return await extractByType(text, type, job.url);
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    return toolError(
      'fetch_failed',
      `fetch_failed: ${job.url} could not be read (${why}); try another source`,
    );
  }
}

/** Reads in this process: for tests and library use (the server reads in a contained worker). */
export const readInProcess: ReadDocument = (job, signal) => readJob(job, signal);
