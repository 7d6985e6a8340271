// A page that names no kind, date or author, whose Readability reading is the short intro above a
// grid of cards (programs, courses, products), is read as a listing: the region, grid included.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { extractPage } from '../../src/page/html/extract.ts';
import { isListingIntro } from '../../src/page/html/listing-intro.ts';

const INTRO =
  'Our certificate programs combine research with insights from practitioners and teachers. Delivered online or in person, they are designed to help you deepen your expertise, widen your network and take the next step in your career, at a pace that fits your working week.</p><p>Each program runs over a term of live sessions and self-paced study, ends with a project of your own choosing, and counts towards the advanced diploma should you wish to continue your studies with us later on. Places are limited, and early applicants are offered a discount on the fee.';
const TOPICS = [
  'Data',
  'Design',
  'Energy',
  'Finance',
  'Health',
  'Law',
  'Logistics',
  'Robotics',
  'Security',
  'Transport',
  'Water',
];
const card = (topic: string): string =>
  `<div class="program"><a href="/programs/${topic.toLowerCase()}"><h3>Certificate in ${topic}</h3><p>Learn the methods that shape ${topic.toLowerCase()} today, from the first principles to the tools teams use, in twelve weeks of projects reviewed by faculty.</p><p>This program is also available in Spanish.</p></a></div>`;

const listing = (meta: string): string => `<html><head><title>Certificate programs</title></head><body>
<header><nav><a href="/">Home</a><a href="/about">About</a></nav></header>
<main><h1>Certificate programs</h1>${meta}<div class="intro"><p>${INTRO}</p></div>
<div class="programs">${TOPICS.map(card).join('')}</div></main>
<footer><p>© Example School</p></footer></body></html>`;

describe('the intro above a listing', () => {
  it('reads an unsigned page of cards whole, not its intro alone', async () => {
    const got = await extractPage(listing(''), 'https://school.example/certificate-programs');
    assert.match(got.text, /combine research with insights/);
    for (const topic of TOPICS) assert.match(got.text, new RegExp(`Certificate in ${topic}`));
    assert.doesNotMatch(got.text, /Example School/);
  });

  it('decides by the share Readability kept and the links it dropped, on unsigned pages only', () => {
    const unsigned = { dated: false };
    const intro = { chars: 150, linked: 0 };
    const grid = { chars: 1000, linked: 600 };
    assert.equal(isListingIntro(intro, grid, unsigned), true);
    assert.equal(isListingIntro({ chars: 250, linked: 0 }, grid, unsigned), false);
    // What it dropped is mostly prose: a comment thread, not cards.
    assert.equal(isListingIntro(intro, { chars: 1000, linked: 100 }, unsigned), false);
    assert.equal(isListingIntro(intro, grid, { dated: true }), false);
    assert.equal(isListingIntro(intro, grid, { dated: false, byline: 'Jane Doe' }), false);
  });
});
