// A short story is never swapped for its surroundings: a 400-character story above a long comment
// thread, a brief above a grid of related links or teasers, declared as an article or not.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { extractPage } from '../../src/page/html/extract.ts';
import { parseDocument, visibleTextLength } from '../../src/page/html/html-dom.ts';
import { isFragment, isMinorPart, isPartOf } from '../../src/page/html/story-choice.ts';
import { readingLength } from '../../src/page/html/text-measure.ts';

const ld = (data: unknown): string => `<script type="application/ld+json">${JSON.stringify(data)}</script>`;
// About 400 characters in two paragraphs: under the three prose paragraphs that make a story by count.
const STORY = [
  'The harbour bridge reopened on Tuesday after six weeks of repairs to its eastern span, the city said.',
  'Engineers replaced two bearings and resurfaced the deck; buses return to the route from Monday, and cyclists get a wider lane.',
  'Tolls stay at their old level until the spring review.',
];
// Just past Readability's own length threshold (500 characters), still two paragraphs.
const LONGER = `${STORY[2]} Drivers waited up to forty minutes on the detour through the old town while the span was closed, and shops on the quay say they lost a third of their trade over the summer. The council will publish the full cost in January.`;
const storyOf = (last: string): string =>
  `<h1>Harbour bridge reopens</h1><p>${STORY[0]}</p><p>${STORY[1]} ${last}</p>`;

const comments = Array.from(
  { length: 40 },
  (_, i) =>
    `<div class="comment"><span class="author">reader${i}</span><p>I drive across this bridge every morning and reply number ${i} says the repairs took far too long for such a short span.</p></div>`,
).join('');
const related = Array.from(
  { length: 24 },
  (_, i) =>
    `<div class="card"><a href="/2026/11/story-${i}"><h3>Another headline number ${i} that readers opened</h3></a></div>`,
).join('');
const teasers = Array.from(
  { length: 24 },
  (_, i) =>
    `<div class="card"><h3><a href="/2026/11/story-${i}">Another headline number ${i}</a></h3><p>A teaser of two lines about story ${i}, written to make a reader open it and read on.</p></div>`,
).join('');

const page = (head: string, story: string, below: string): string =>
  `<html><head>${head}</head><body><nav><a href="/">Home</a></nav><div class="wrap"><article>${story}</article>${below}</div><footer>© News</footer></body></html>`;

const DECLARED: Record<string, string> = {
  'declared in JSON-LD': ld({ '@type': 'NewsArticle', headline: 'Harbour bridge reopens' }),
  'declared by og:type': '<meta property="og:type" content="article">',
};
const BELOW: Record<string, string> = {
  'a long comment thread': `<section id="comments"><h2>40 comments</h2>${comments}</section>`,
  'a related-links grid': `<div class="grid">${related}</div>`,
  'a teaser grid': `<div class="grid">${teasers}</div>`,
};

async function assertStory(html: string, lines: readonly string[]): Promise<void> {
  const got = await extractPage(html, 'https://news.example/2026/11/bridge');
  assert.equal(got.kind, 'article');
  for (const line of lines) assert.ok(got.text.includes(line), line);
  assert.doesNotMatch(got.text, /reply number|Another headline|teaser of two lines|© News/);
}

describe('a short story above its surroundings', () => {
  for (const [how, head] of Object.entries(DECLARED)) {
    for (const [what, below] of Object.entries(BELOW)) {
      it(`keeps a 400-character story, not ${what} (${how})`, async () => {
        await assertStory(page(head, storyOf(STORY[2] ?? ''), below), STORY);
      });
    }
  }

  // Undeclared, the story is known by Readability holding its paragraphs: past Readability's length
  // threshold (under it, Readability itself reads the thread instead). A story beside a teaser grid
  // ten times its size could be one card of a listing: that shape needs the page to declare itself.
  for (const what of ['a long comment thread', 'a related-links grid']) {
    it(`keeps a story Readability holds, not ${what} (undeclared)`, async () => {
      await assertStory(page('', storyOf(LONGER), BELOW[what] ?? ''), [STORY[0] ?? '', LONGER]);
    });
  }
});

describe('a passage of a larger page', () => {
  const para = (what: string, n: number): string =>
    `<p>${what} paragraph ${n} says the trail mug keeps coffee hot for six hours and fits every cup holder.</p>`;
  const bodyOf = async (inner: string): Promise<Element> => {
    const { document } = await parseDocument(`<html><body>${inner}</body></html>`);
    return document.body as Element;
  };

  it('is a minor part when the page holds far more of its own text than Readability kept', async () => {
    const story = [0, 1, 2].map((n) => para('Description', n)).join('');
    const rest = Array.from({ length: 12 }, (_, n) => `<section>${para('Care and use', n)}</section>`).join(
      '',
    );
    const body = await bodyOf(`<div>${story}</div>${rest}`);
    const chars = visibleTextLength(body.firstElementChild as Element, readingLength);
    const all = visibleTextLength(body, readingLength);
    assert.equal(isMinorPart(chars, { chars: all, body }), true);
  });

  it('is no minor part when the rest of the page is its comment thread and related links', async () => {
    const story = [0, 1, 2].map((n) => para('Story', n)).join('');
    const thread = Array.from(
      { length: 12 },
      (_, n) => `<div class="comment">${para('Reply', n)}</div>`,
    ).join('');
    const links = Array.from(
      { length: 12 },
      (_, n) => `<li><a href="/s${n}">Another story number ${n}</a></li>`,
    ).join('');
    const body = await bodyOf(
      `<div>${story}</div><section id="comments">${thread}</section><ul>${links}</ul>`,
    );
    const chars = visibleTextLength(body.firstElementChild as Element, readingLength);
    const all = visibleTextLength(body, readingLength);
    assert.equal(isMinorPart(chars, { chars: all, body }), false);
  });

  it('is neither a fragment nor a minor part of any region when half the page text or more', async () => {
    const story = [0, 1].map((n) => para('Story', n)).join('');
    const rest = `<section>${para('Care and use', 0)}</section>`;
    const body = await bodyOf(`<div>${story}</div>${rest}`);
    const root = body.firstElementChild as Element;
    const chars = visibleTextLength(root, readingLength);
    const all = visibleTextLength(body, readingLength);
    assert.equal(isPartOf(chars, { chars: all }), false);
    assert.equal(isPartOf(chars, { chars: all * 3 }), true);
    for (let region = 0; region <= all; region += 10) {
      assert.equal(isMinorPart(chars, { chars: region, body }), false);
      assert.equal(isFragment(root, chars, { chars: region, body }), false);
    }
  });
});
