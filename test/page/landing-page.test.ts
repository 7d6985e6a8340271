// A page that names no kind, date or author is read whole when Readability keeps only some of its
// sections (a company's service page: a hero, an intro, a grid of cards, plans); a dated or signed
// story keeps Readability's reading.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { extractPage } from '../../src/page/html/extract.ts';
import { dropsSections, isSigned, mayDropSections } from '../../src/page/html/landing-page.ts';

const prose = Array.from(
  { length: 4 },
  (_, i) =>
    `<p>Our operations team plans, builds and runs the systems your business depends on, with engineers on call at every hour and a review of each change before it ships, week ${i}.</p>`,
).join('');
const card = (topic: string): string =>
  `<div class="card"><h3>${topic} support</h3><p>Help with ${topic} from people who know it well.</p></div>`;
const cards = ['Cloud', 'Network', 'Security', 'Backup', 'Desktop', 'Email'].map(card).join('');

const servicePage = (extra: string): string => `<html><head><title>Managed IT services</title></head><body>
<header><nav><a href="/">Home</a><a href="/services">Services</a></nav></header>
<main><div class="hero"><h1>Managed IT services</h1><p>Technology that works, looked after by people who care.</p></div>
<div class="intro"><h2>What we do</h2>${prose}</div>
<div class="grid">${cards}</div>
<div class="plans"><h2>Plans for every size</h2><p>Small offices start with a monthly plan; larger firms get a dedicated engineer.</p></div>
${extra}</main><footer><p>© Example Ltd</p></footer></body></html>`;

describe('landing pages', () => {
  it('reads an unsigned page of sections whole, hero and plans included', async () => {
    const got = await extractPage(servicePage(''), 'https://example.com/managed-it');
    assert.match(got.text, /Technology that works/);
    assert.match(got.text, /What we do/);
    assert.match(got.text, /Email support/);
    assert.match(got.text, /Small offices start with a monthly plan/);
    assert.doesNotMatch(got.text, /Example Ltd/);
  });

  it("keeps Readability's reading of a dated, signed page", async () => {
    const signed = '<p class="meta">By Jane Doe</p><time datetime="2024-01-01">1 January 2024</time>';
    const got = await extractPage(servicePage(signed), 'https://example.com/managed-it');
    assert.match(got.text, /What we do/);
    assert.doesNotMatch(got.text, /Technology that works/);
  });

  it('decides by the shares Readability kept, and by what it dropped', () => {
    const unsigned = { dated: false };
    const region = { chars: 1000, story: 1000, linked: 100 };
    assert.equal(dropsSections({ chars: 700, linked: 50 }, region, unsigned), true);
    // Nearly all of the region, or under half of it: not a page of sections.
    assert.equal(dropsSections({ chars: 950, linked: 50 }, region, unsigned), false);
    assert.equal(dropsSections({ chars: 400, linked: 50 }, region, unsigned), false);
    // What it dropped is links (a share bar, related links), or outside the story: not sections.
    assert.equal(dropsSections({ chars: 700, linked: 0 }, { ...region, linked: 300 }, unsigned), false);
    assert.equal(dropsSections({ chars: 700, linked: 50 }, { ...region, story: 720 }, unsigned), false);
    // A dated or signed page is a story.
    assert.equal(dropsSections({ chars: 700, linked: 50 }, region, { dated: true }), false);
    assert.equal(isSigned({ dated: false, byline: 'Jane Doe' }), true);
    assert.equal(isSigned({ dated: false, published: ' ' }), false);
  });

  it('never drops sections where the whole page text could not make it', () => {
    const page = { dated: false };
    // The page holds 1000 letters: no region (a part of it) can hold more.
    assert.equal(mayDropSections(950, { chars: 1000 }, page), false);
    assert.equal(mayDropSections(950, { chars: 1000 }, { dated: true }), false);
    assert.equal(mayDropSections(700, { chars: 1000 }, page), true);
    for (let region = 0; region <= 1000; region += 50) {
      for (let linked = 0; linked <= region; linked += 100) {
        const measure = { chars: region, story: 2000, linked };
        assert.equal(dropsSections({ chars: 950, linked: 0 }, measure, page), false);
      }
    }
  });
});
