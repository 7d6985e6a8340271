// A thread a page calls an article is read whole: when Readability keeps one post of a run of
// alike posts, the page's region is the content. A story above alike comments keeps its story.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { extractPage } from '../../src/page/html/extract.ts';

const og = '<meta property="og:type" content="article">';
const REPLIES = [
  'We add a service charge on every quote and most clients keep it as written, which settles the question.',
  'Tips are welcome but never expected; price the job so that it pays you and your staff properly.',
  'Our servers share whatever the client leaves, and clients who hire us again tend to leave more.',
  'A line on the invoice that the client may remove works well for us: few remove it.',
];
// One post of many commas outweighs each reply by Readability's score, not the replies together.
const LONG =
  'Here is how we handle gratuity, after twenty years of weddings, lunches, parties, funerals and fairs, on catering proposals. '.repeat(
    3,
  );

// Each post in a wrapper of its own, as forum software writes them.
const post = (who: string, paragraphs: string[], i: number): string =>
  `<div id="post-wrapper-${i}"><article class="post-box"><div class="byline"><a href="/u/${who}">${who}</a> <span>3 years ago</span></div><div class="post-body">${paragraphs.map((p) => `<p>${p}</p>`).join('')}</div></article></div>`;

const posts = (): string =>
  [
    post('cook0', Array(4).fill(REPLIES[0]), 0),
    post('pitmaster', [LONG, LONG], 1),
    ...REPLIES.slice(1).map((r, i) => post(`cook${i + 1}`, Array(4).fill(r), i + 2)),
  ].join('');

describe('a thread read as one of its posts', () => {
  it('reads every post of a thread that declares itself an article', async () => {
    const html = `<html><head>${og}<title>Catering tips</title></head><body><nav><a href="/">Home</a></nav><main><h1>Catering tips</h1>${posts()}</main><footer>© Forum</footer></body></html>`;
    const r = await extractPage(html, 'https://cooks.example/topic/catering-tips');
    assert.equal(r.kind, 'forum');
    assert.ok(r.text.includes('twenty years of weddings'));
    for (const reply of REPLIES) assert.ok(r.text.includes(reply), reply);
  });

  it('keeps a story above alike comments as the story', async () => {
    const story = `<article><h1>Bridge reopens</h1><p>${LONG}</p><p>${LONG}</p><p>${LONG}</p></article>`;
    const html = `<html><head>${og}</head><body><main>${story}<section class="comments">${posts()}</section></main></body></html>`;
    const r = await extractPage(html, 'https://news.example/2026/bridge');
    assert.equal(r.kind, 'article');
    assert.ok(r.text.includes('twenty years'));
    assert.ok(!r.text.includes(REPLIES[1] as string));
  });
});

describe('a thread Readability reads whole', () => {
  it('keeps every post and drops what the forum prints around each', async () => {
    const card = (i: number): string =>
      `<div class="user-title"><p>Gold member ${i}</p><p>Joined 2016</p></div><div class="signature"><p>My smoker: an offset</p><p>with a firebox door</p></div>`;
    const body = [...REPLIES, ...REPLIES]
      .map(
        (r, i) =>
          `<div class="post-row"><div class="who">cook${i}</div>${card(i)}<div class="text"><p>${r} ${r}</p><p>${r}</p></div></div>`,
      )
      .join('');
    const html = `<html><head><title>Catering tips</title></head><body><div id="page"><h1>Catering tips</h1>${body}</div></body></html>`;
    const r = await extractPage(html, 'https://cooks.example/board?id=12');
    assert.equal(r.kind, 'article');
    for (const reply of REPLIES) assert.ok(r.text.includes(reply), reply);
    assert.ok(!r.text.includes('Gold member'));
    assert.ok(!r.text.includes('Joined 2016'));
    assert.ok(!r.text.includes('My smoker'));
  });
});
