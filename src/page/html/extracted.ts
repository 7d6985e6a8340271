// What reading a page gives, whatever its type (HTML, text, JSON, PDF): the title, the main
// text as markdown and as plain lines, and the verdict on whether it is too thin to answer from.
import type { PageKind } from './page-kind.ts';

export interface Extracted {
  readonly title: string;
  readonly byline?: string;
  readonly published?: string;
  /** What the page is (article, forum, documentation, product, listing); absent for non-HTML bodies. */
  readonly kind?: PageKind;
  readonly markdown: string;
  /** Plain text of the same content, one line per block: what quotes are checked against. */
  readonly text: string;
  readonly thin: boolean;
  readonly thinReason?: string;
}

/** A body this service cannot read (PDF, images, archives…), by media type. */
export interface Unsupported {
  readonly unsupported: string;
}
