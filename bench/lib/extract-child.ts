// Child process of the extract bench: times one page in a heap of its own, as a server
// holds it (not beside hundreds of other pages), alternating web-mcp and plain Readability
// after a warm-up that loads both, and prints one JSON line of the timings in ms.
import { readFileSync } from 'node:fs';
import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';
import { extractPage } from '../../src/page/html/extract.ts';

// A fourth argument `web-mcp` times web-mcp alone (on pages where Readability takes minutes).
const [file = '', url = 'http://fakehost/', roundsArg = '3', sides = 'both'] = process.argv.slice(2);
const html = readFileSync(file, 'utf8');
const baseline = (): void => {
  try {
    new Readability(parseHTML(html).document).parse();
  } catch {}
};
const ours = async (): Promise<void> => {
  await extractPage(html, url);
};
const warm =
  '<html><body><article><h1>Warm</h1><p>Loads the modules before any timing.</p></article></body></html>';
await extractPage(warm, 'http://fakehost/warm');
new Readability(parseHTML(warm).document).parse();

const times = { ours: [] as number[], base: [] as number[] };
for (let i = 0; i < Number(roundsArg); i++) {
  let t = performance.now();
  await ours();
  times.ours.push(performance.now() - t);
  if (sides === 'web-mcp') continue;
  t = performance.now();
  baseline();
  times.base.push(performance.now() - t);
}
console.log(JSON.stringify(times));
