// Decides whether an extraction is too thin to answer from (R-P4): nearly no
// visible text, or a shell page that only asks the reader to enable JavaScript.

import { nonSpaceLength } from './text-measure.ts';

/** Below this many characters of extracted text a page is reported as thin. */
export const THIN_CHARS = 200;

// A page this short that talks about enabling JavaScript is a client-side shell;
// a long article with the same banner still has its text.
const SHELL_MAX_CHARS = 1500;

const SHELL = new RegExp(
  [
    String.raw`(enable|activate|turn on|switch on|allow)\s+(your\s+)?javascript`,
    String.raw`javascript\s+(is\s+)?(required|disabled|needs to be enabled|must be enabled|is not enabled|to run this app)`,
    String.raw`requires?\s+javascript`,
    String.raw`without\s+javascript`,
    String.raw`browser\s+(does not|doesn't)\s+support\s+javascript`,
    String.raw`javascript\s*(を有効|が無効)`,
    String.raw`(启用|開啟|开启|启动)\s*javascript`,
    String.raw`javascript\s*(aktivieren|activ[ée])`,
  ].join('|'),
  'i',
);

export interface ThinVerdict {
  readonly thin: boolean;
  readonly reason?: string;
}

/**
 * `text` is the extracted text; `shellText` is what the page said outside it
 * (its <noscript> text), where a JavaScript shell says what it is.
 */
export function judgeThin(text: string, shellText: string): ThinVerdict {
  const chars = nonSpaceLength(text);
  if (chars < SHELL_MAX_CHARS && (SHELL.test(text) || SHELL.test(shellText))) {
    return {
      thin: true,
      reason:
        'the page is a JavaScript shell: its text is built in the browser, and there is no browser here',
    };
  }
  if (chars < THIN_CHARS) {
    return {
      thin: true,
      reason: `the page has almost no readable text (${chars} characters after extraction)`,
    };
  }
  return { thin: false };
}
