// A product page reads as the product: its description (from structured data when the page builds
// it only by script), its details and a short rating, not page after page of customers' reviews
// nor the other products offered beside it.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { extractPage } from '../../src/page/html/extract.ts';

const ld = (data: unknown): string => `<script type="application/ld+json">${JSON.stringify(data)}</script>`;

const DESCRIPTION =
  'This kettle boils a litre of water in three minutes and keeps it warm for an hour after. Its double wall stays cool to the touch, and the lid lifts with one hand while you pour from the other.';

const product = (extra: Record<string, unknown> = {}): string =>
  ld({ '@context': 'https://schema.org', '@type': 'Product', name: 'Steel Kettle', ...extra });

const REVIEW_LINES = [
  'Boils fast and looks great on the counter, though the handle gets warm after a few minutes of use.',
  'We bought it for our office kitchen and everyone loves it; the lid is a little stiff at first.',
  'The third kettle I have owned from this shop, and the only one that has not started to rust inside.',
  'Arrived quickly and well packed. It is louder than my old one but it is twice as fast to boil.',
  'Lovely finish. I wish the cord were longer, but the base sits neatly behind the toaster anyway.',
  'After six months of daily use it still works like new, and cleaning the filter takes a moment.',
  'Great value for the price; the gauge on the side makes it easy to fill just what you need.',
  'Keeps water hot for a long time, which is handy when the whole family wants tea one after another.',
  'Bought a second one as a present for my sister, who had admired mine every time she came over.',
  'The steel does show fingerprints, so keep a cloth nearby if you care about it looking spotless.',
  'Customer service replaced a dented one straight away without any questions, which I appreciated.',
  'It switches off the moment the water boils, so I never worry about leaving it on by accident.',
];

const reviews = (lines: readonly string[]): string => `
  <section id="reviews" class="product-reviews"><h2>Customer reviews</h2><p>4.6 out of 5, ${lines.length} reviews</p>
  ${lines.map((l, i) => `<div class="review-card"><b>Buyer ${i}</b><p>${l}</p></div>`).join('')}</section>`;

const DETAILS = `<div class="product-details"><h2>Details</h2>
  <p>Capacity: 1.7 litres. Material: brushed stainless steel. Power: 2200 W. Cord: 75 cm, wound under the base.</p>
  <ul><li>Limescale filter that lifts out and rinses clean under the tap</li><li>Water gauge on both sides, marked in cups and litres</li>
  <li>Switches off when it boils, when lifted from its base, and when it runs dry</li><li>Base turns a full circle, for left and right hands alike</li></ul></div>`;

const page = (head: string, body: string): string =>
  `<html><head>${head}</head><body><nav><a href="/">Shop</a></nav><main><h1>Steel Kettle</h1>${body}</main></body></html>`;

const URL = 'https://shop.example/kettles/steel-kettle';

describe('product pages', () => {
  it('drops a long customer-review section and keeps the product', async () => {
    const r = await extractPage(
      page(product(), `<p>${DESCRIPTION}</p>${DETAILS}${reviews(REVIEW_LINES)}`),
      URL,
    );
    assert.equal(r.kind, 'product');
    assert.ok(r.text.includes(DESCRIPTION));
    assert.ok(r.text.includes('Capacity: 1.7 litres'));
    for (const line of REVIEW_LINES) assert.ok(!r.text.includes(line), line);
  });

  it('keeps a short rating summary with a review or two', async () => {
    const few = REVIEW_LINES.slice(0, 2);
    const r = await extractPage(page(product(), `<p>${DESCRIPTION}</p>${DETAILS}${reviews(few)}`), URL);
    for (const line of few) assert.ok(r.text.includes(line), line);
  });

  it('keeps reviews that are the page itself: several reviewed products', async () => {
    const roundup = REVIEW_LINES.map(
      (l, i) =>
        `<div class="product-review" id="kettle-${i}-review"><h2>Kettle ${i}</h2><p>${l}</p><p>${REVIEW_LINES.join(' ')}</p></div>`,
    ).join('');
    const r = await extractPage(page(product(), roundup), URL);
    for (const line of REVIEW_LINES) assert.ok(r.text.includes(line), line);
  });

  it('keeps a review that is most of the page: an editorial review of the product', async () => {
    const review = `<div class="review-body"><p>${[...REVIEW_LINES, ...REVIEW_LINES].join('</p><p>')}</p></div>`;
    const r = await extractPage(page(product(), `<p>Four stars.</p>${review}`), URL);
    for (const line of REVIEW_LINES) assert.ok(r.text.includes(line), line);
  });

  it('puts back a description the page gives only in its structured data, after the title', async () => {
    const r = await extractPage(page(product({ description: `<p>${DESCRIPTION}</p>` }), DETAILS), URL);
    assert.ok(r.text.includes(DESCRIPTION), r.text);
    assert.ok(r.text.indexOf('Steel Kettle') < r.text.indexOf(DESCRIPTION));
    assert.ok(r.text.indexOf(DESCRIPTION) < r.text.indexOf('Capacity'));
    assert.ok(!r.text.includes('<p>'));
  });

  it('does not repeat a description the page already shows, nor add a line of keywords', async () => {
    const shown = await extractPage(
      page(product({ description: DESCRIPTION }), `<p>${DESCRIPTION}</p>${DETAILS}`),
      URL,
    );
    assert.equal(shown.text.split(DESCRIPTION).length, 2);
    const short = await extractPage(page(product({ description: 'Kettle, steel, 1.7 l' }), DETAILS), URL);
    assert.ok(!short.text.includes('Kettle, steel, 1.7 l'));
  });

  it('drops the other products offered beside it', async () => {
    const upsells =
      '<div class="up-sells products"><h2>You may also like</h2><p>Copper Kettle, $59. Glass Kettle with a blue light that glows while it boils, $45.</p></div>';
    const r = await extractPage(page(product(), `<p>${DESCRIPTION}</p>${DETAILS}${upsells}`), URL);
    assert.ok(r.text.includes(DESCRIPTION));
    assert.ok(!r.text.includes('Copper Kettle'));
  });
});
