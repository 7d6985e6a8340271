// A thread's page pickers and its posts' numbered permalinks are the forum's controls, found by
// their shape (links whose whole text is a number); a number linked in what a poster wrote is kept.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { extractPage } from '../../src/page/html/extract.ts';

const ld = (data: unknown): string => `<script type="application/ld+json">${JSON.stringify(data)}</script>`;

const POSTS = [
  'Our club switched to tubeless tyres last spring and nobody has had a puncture on the gravel loop since.',
  'Tubeless sealant dries out after a few months in hot weather, so top it up before every long ride.',
  'I carry a plug kit as well: a large cut needs more than sealant, and a plug takes a minute to fit.',
];

const picker = `<div class="pages-bar"><span>Page 1 of 3</span>
  <ul class="ipsPages"><li><a href="?page=1">Prev</a></li><li><a href="?page=1">1</a></li>
  <li><a href="?page=2">2</a></li><li><a href="?page=3">3</a></li><li><a href="?page=2">Next</a></li></ul></div>`;

const post = (text: string, i: number): string =>
  `<article class="entry"><div class="meta"><a href="/u/${i}">rider${i}</a> <span>posted in spring</span> <a href="#post-${i}">#${i + 1}</a> <span itemprop="position">${i + 1}</span></div><p>${text}</p></article>`;

const thread = `<html><head>${ld({ '@context': 'https://schema.org', '@type': 'DiscussionForumPosting', headline: 'Tubeless' })}</head>
<body><main><h1>Going tubeless</h1>${picker}${POSTS.map(post).join('')}
<p>Tyre sizes we ride are listed on page <a href="/wiki/sizes">2</a> of the club wiki.</p>${picker}</main></body></html>`;

describe('thread controls', () => {
  it('drops the page pickers and post permalinks and keeps every post', async () => {
    const r = await extractPage(thread, 'https://club.example/forum/going-tubeless');
    assert.equal(r.kind, 'forum');
    for (const p of POSTS) assert.ok(r.text.includes(p), p);
    for (const control of ['Prev', 'Next', 'Page 1 of 3', '#1', '#2', '#3']) {
      assert.ok(!r.text.includes(control), control);
    }
    assert.ok(r.text.includes('rider1 posted in spring'));
    assert.ok(!/posted in spring\s+\d/.test(r.text), 'post positions');
    assert.ok(r.text.includes('listed on page 2 of the club wiki'));
  });
});
