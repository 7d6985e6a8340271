// A page whose <main> leaves prose outside it (a category's buying guide below its product grid,
// after </main>) is read with that prose; a <main> with only short lines outside it is the content.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { extractPage } from '../../src/page/html/extract.ts';

const GUIDE = [
  'A charcoal grill gives food the taste of wood smoke, and a lid turns it into an outdoor oven for slow roasts.',
  'Pick the size for the number of guests you cook for: a 47 cm kettle serves six, a 57 cm kettle serves ten or more.',
  'Enamelled steel resists heat and weather best; stainless steel lasts as long but shows every mark of the fire.',
  'Kamado grills hold their heat for hours on little charcoal, which suits low and slow cooking of large cuts.',
  'Open grills suit quick searing and tight budgets, but without a lid they cannot cook anything by indirect heat.',
];
const cards = Array.from(
  { length: 12 },
  (_, i) =>
    `<li><a href="/p/${i}">Charcoal grill model ${i}</a><div>${100 + i},00 €</div><div>In stock</div></li>`,
).join('');

const page = (below: string): string =>
  `<html><head><meta property="og:type" content="product"></head><body><header><a href="/">Shop</a></header>
  <main><h1>Charcoal grills</h1><ul>${cards}</ul></main>${below}<footer>© Shop</footer></body></html>`;

describe('prose beyond <main>', () => {
  it('reads a buying guide set after </main> with the grid', async () => {
    const r = await extractPage(
      page(`<div class="long-description">${GUIDE.map((g) => `<p>${g} ${g}</p>`).join('')}</div>`),
      'https://shop.example/11-charcoal-grills',
    );
    assert.ok(r.text.includes('Charcoal grill model 3'));
    for (const g of GUIDE) assert.ok(r.text.includes(g), g);
  });

  it('keeps <main> alone when only short lines sit outside it', async () => {
    const r = await extractPage(
      page('<div class="note"><p>Free delivery over 50 €.</p><p>Returns within 30 days.</p></div>'),
      'https://shop.example/11-charcoal-grills',
    );
    assert.ok(r.text.includes('Charcoal grill model 3'));
    assert.ok(!r.text.includes('Free delivery'));
  });
});
