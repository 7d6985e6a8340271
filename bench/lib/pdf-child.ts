// Child process of the pdf bench: reads each named PDF with the server's own extractPdf,
// once cold (pdf.js loaded on the way) then warm, and prints one JSON line of timings and
// memory (VmRSS before, VmHWM after: Linux /proc) so peaks never mix across files.
import { readFileSync } from 'node:fs';
import { isToolError } from '../../src/errors.ts';
import { extractPdf, PDF_DEFAULTS } from '../../src/page/pdf/pdf-text.ts';

const kb = (field: string) =>
  Number(
    new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? Number.NaN,
  );

const [file = '', roundsArg = '3'] = process.argv.slice(2);
const bytes = new Uint8Array(readFileSync(file));
const idleKb = kb('VmRSS');
const times: number[] = [];
let pages = 0;
let outcome = '';
for (let round = 0; round <= Number(roundsArg); round++) {
  const started = performance.now();
  const out = await extractPdf(bytes.slice(), `http://127.0.0.1/${file}`, file, PDF_DEFAULTS);
  times.push(performance.now() - started);
  if (isToolError(out)) outcome = out.code;
  else {
    outcome = out.thin ? 'thin' : 'text';
    pages = (out.markdown.match(/^## p\. \d+$/gm) ?? []).length;
  }
}
console.log(JSON.stringify({ idleKb, peakKb: kb('VmHWM'), times, pages, outcome }));
