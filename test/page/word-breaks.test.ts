// Text a page sets side by side in sibling elements (a card's brand and name, a code and its label)
// reads as separate words, in the text and the markdown alike; letters set apart for looks, closing
// punctuation and scripts written without spaces stay joined.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { extractPage } from '../../src/page/html/extract.ts';
import { parseDocument } from '../../src/page/html/html-dom.ts';
import { separateAdjacentInlines } from '../../src/page/html/word-breaks.ts';

async function separated(inner: string): Promise<string> {
  const { document } = await parseDocument(`<html><body><div id="x">${inner}</div></body></html>`);
  const root = document.getElementById('x') as Element;
  separateAdjacentInlines(root);
  return root.textContent ?? '';
}

describe('words in sibling elements', () => {
  it('parts a brand from a product name, across the comments frameworks leave', async () => {
    assert.equal(await separated('<a><span>HOKA</span><span>Clifton 10</span></a>'), 'HOKA Clifton 10');
    assert.equal(
      await separated('<span>SKU: CAR714</span><!--]--><span>MFR: 7343C002</span>'),
      'SKU: CAR714 MFR: 7343C002',
    );
  });

  it('leaves what already has a space, and blocks, alone', async () => {
    assert.equal(await separated('<span>New </span><span>Arrivals</span>'), 'New Arrivals');
    assert.equal(await separated('<p>One</p><p>Two</p>'), 'OneTwo');
  });

  it('keeps a letter set apart, closing punctuation and unspaced scripts joined', async () => {
    assert.equal(
      await separated('<span class="drop">W</span><span>hen the river rose</span>'),
      'When the river rose',
    );
    assert.equal(await separated('<a>your inbox</a><span>.</span>'), 'your inbox.');
    assert.equal(await separated('<span>東京</span><span>大学</span>'), '東京大学');
  });

  it('reaches the extracted text and markdown of a product grid', async () => {
    const cards = Array.from(
      { length: 6 },
      (_, i) =>
        `<li><a href="/p/${i}"><span class="brand">Osprey</span><span class="name">Exos ${i} Pack</span></a><div>$${200 + i}.00</div></li>`,
    ).join('');
    const html = `<html><body><main><h1>Backpacking packs</h1><ul>${cards}</ul></main></body></html>`;
    const r = await extractPage(html, 'https://shop.example/collections/packs');
    assert.ok(r.text.includes('Osprey Exos 3 Pack'), r.text);
    assert.ok(r.markdown.includes('Osprey Exos 3 Pack'), r.markdown);
    assert.ok(!r.text.includes('OspreyExos'));
  });
});
