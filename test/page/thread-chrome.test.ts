// A thread reads as what its posters said: their cards, signatures, counters, tag strips and the
// remarks under a question or an answer are not; replies a forum marks as comments are.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { extractPage } from '../../src/page/html/extract.ts';

const ld = (data: unknown): string => `<script type="application/ld+json">${JSON.stringify(data)}</script>`;

const POSTS = [
  'I replaced the chain on my mountain bike last week and now it skips under load on the middle gears.',
  'A new chain on a worn cassette skips exactly like that; measure the cassette and swap it if it is stretched.',
  'Thanks, a new cassette fixed it: the old one was worn far past its limit after three seasons of mud.',
];

const post = (text: string, i: number): string => `
  <article class="message">
    <div class="message-user">
      <div class="avatar">R${i}</div>
      <h4 class="message-name">rider${i}</h4>
      <div class="userTitle">Senior Member</div>
      <dl class="message-userExtras"><dt>Joined</dt><dd>Mar 3, 2016</dd><dt>Messages</dt><dd>4,210</dd><dt>Reaction score</dt><dd>982</dd></dl>
    </div>
    <div class="message-content"><p>${text}</p></div>
    <div class="signature">Ride more, worry less. My bikes: a hardtail and a gravel frame.</div>
    <div class="likes">Liked by 12 members</div>
  </article>`;

const thread = `<html><head>${ld({ '@context': 'https://schema.org', '@type': 'DiscussionForumPosting', headline: 'Chain skips' })}</head>
<body><nav><a href="/">Forums</a></nav><main><h1>Chain skips after replacement</h1>
${POSTS.map(post).join('')}
<div class="block--similarContents"><h3>Similar threads</h3><a href="/t/1">Chain noise</a> <a href="/t/2">Gear advice</a></div>
</main></body></html>`;

/** Every post is in `text`, and none of `chrome`. */
function keepsPostsWithout(text: string, chrome: string[]): void {
  for (const p of POSTS) assert.ok(text.includes(p), p);
  for (const c of chrome) assert.ok(!text.includes(c), c);
}

describe('per-post chrome in threads', () => {
  it('keeps every post and drops the poster cards, signatures and counters', async () => {
    const r = await extractPage(thread, 'https://bikes.example/forum/chain-skips');
    assert.equal(r.kind, 'forum');
    keepsPostsWithout(r.text, [
      'Joined',
      'Reaction score',
      'Senior Member',
      'Ride more',
      'Liked by',
      'Similar threads',
    ]);
  });

  it('keeps a long post whose block is named after its author', async () => {
    const long = 'The wheel builder trued both rims and replaced four spokes on the rear. '.repeat(30);
    const html = thread.replace(
      '<div class="message-content">',
      `<div class="user-info">${long}</div><div class="message-content">`,
    );
    const r = await extractPage(html, 'https://bikes.example/forum/chain-skips');
    assert.ok(r.text.includes('replaced four spokes'));
  });
});

const remark = (text: string): string =>
  `<li class="comment" itemprop="comment" itemscope itemtype="https://schema.org/Comment"><span itemprop="text">${text}</span> – <a class="comment-user">someone</a> <span class="comment-date">Commented Mar 3, 2019</span></li>`;

const qa = `<html><head></head><body><main itemscope itemtype="https://schema.org/QAPage">
<div itemprop="mainEntity" itemscope itemtype="https://schema.org/Question">
  <h1 itemprop="name">Why does my sourdough not rise?</h1>
  <div itemprop="text"><p>My starter bubbles well, yet the loaf comes out flat and dense after a night in the fridge, every time.</p></div>
  <ul class="comments-list">${remark('Which flour do you use, and how warm is your kitchen during the bulk rise?')}</ul>
  <div itemprop="suggestedAnswer" itemscope itemtype="https://schema.org/Answer">
    <div itemprop="text"><p>A cold kitchen slows the bulk rise: give the dough twice the time, or a warmer spot, before shaping it.</p></div>
    <ul class="comments-list">${remark('This worked for me, thanks a lot for writing it down so clearly.')}</ul>
  </div>
</div></main></body></html>`;

describe('remarks under questions and answers', () => {
  it('drops the comments schema.org hangs from a question or an answer', async () => {
    const r = await extractPage(qa, 'https://cooking.example/questions/12/sourdough');
    assert.equal(r.kind, 'forum');
    assert.ok(r.text.includes('flat and dense'));
    assert.ok(r.text.includes('twice the time'));
    assert.ok(!r.text.includes('Which flour'));
    assert.ok(!r.text.includes('This worked for me'));
  });

  it('keeps replies a forum marks as comments of its posting', async () => {
    const html = `<html><head></head><body><main><div itemscope itemtype="https://schema.org/DiscussionForumPosting">
      <h1 itemprop="headline">Best tent for two</h1><div itemprop="text"><p>${POSTS[0]}</p></div>
      <div itemprop="comment" itemscope itemtype="https://schema.org/Comment"><div itemprop="text"><p>${POSTS[1]}</p></div></div>
      <div itemprop="comment" itemscope itemtype="https://schema.org/Comment"><div itemprop="text"><p>${POSTS[2]}</p></div></div>
    </div></main></body></html>`;
    const r = await extractPage(html, 'https://outdoors.example/threads/best-tent');
    for (const p of POSTS) assert.ok(r.text.includes(p), p);
  });
});

const topic = (i: number): string =>
  `<li class="topic-item"><a href="/t/${i}">Another thread about gear number ${i}, asked by a member last week</a> <span>Replies ${i}</span> <span>Views ${i}K</span></li>`;
// Longer than any block of per-post chrome, shorter than the thread.
const otherThreads = `<div class="suggested-topics"><h3>Suggested Topics</h3><ul>${Array.from({ length: 20 }, (_, i) => topic(i)).join('')}</ul></div>`;
const longThread = thread.replace(
  '</main>',
  `${POSTS.map((p, i) => post(`${p} `.repeat(6), i + 3)).join('')}</main>`,
);

describe('what a thread page shows beside the thread', () => {
  it('drops a long list of other threads, the buttons and the call to sign up', async () => {
    const html = longThread.replace(
      '</main>',
      `<a class="button button--link" href="/login">You must log in or register to reply here.</a>
       <a href="#" role="button">Add a comment</a>
       <div class="alert alert-dismissible" role="alert"><p>Hello! It looks like you are interested in this conversation, but you do not have an account yet.</p></div>
       ${otherThreads}</main>`,
    );
    const r = await extractPage(html, 'https://bikes.example/forum/chain-skips');
    keepsPostsWithout(r.text, [
      'Suggested Topics',
      'gear number 7',
      'must log in',
      'Add a comment',
      'interested in this',
    ]);
  });

  it('keeps a forum index whose list of threads is the page', async () => {
    const html = `<html><head>${ld({ '@context': 'https://schema.org', '@type': 'DiscussionForumPosting', headline: 'Gear' })}</head>
      <body><main><h1>Gear talk</h1><ul class="topic-list">${Array.from({ length: 12 }, (_, i) => topic(i)).join('')}</ul></main></body></html>`;
    const r = await extractPage(html, 'https://bikes.example/forum/gear');
    assert.ok(r.text.includes('gear number 7'));
  });
});

describe('quoted posts in replies', () => {
  it('keeps the quotation a reply sets in an <aside>, drops the sidebar aside', async () => {
    const quote = `<aside class="quote"><div class="title">rider0:</div><blockquote><p>${POSTS[0]}</p></blockquote></aside>`;
    const html = thread
      .replace(
        '<div class="message-content"><p>A new chain',
        `<div class="message-content">${quote}<p>A new chain`,
      )
      .replace(
        '</main>',
        '</main><aside><h3>Popular this week</h3><p>Wheel truing stands compared by our staff.</p></aside>',
      );
    const r = await extractPage(html, 'https://bikes.example/forum/chain-skips');
    const quoted = POSTS[0] as string;
    const first = r.text.indexOf(quoted);
    assert.ok(first >= 0 && r.text.indexOf(quoted, first + 1) > first, 'the quotation is kept');
    assert.ok(!r.text.includes('Popular this week'));
  });
});

describe('class names in camelCase', () => {
  it('reads the words of camelCase class names: buttons, signatures and guest teasers go', async () => {
    const html = thread.replace('<div class="signature">', '<div class="ipsSignature">').replace(
      '</main>',
      `<a class="ipsFollow ipsButton_light" href="/login">Followers 4</a>
         <div class="cGuestTeaser"><h2>Create an account or sign in to comment</h2><p>You need to be a member to leave a comment.</p></div></main>`,
    );
    const r = await extractPage(html, 'https://bikes.example/forum/chain-skips');
    keepsPostsWithout(r.text, ['Ride more', 'Followers 4', 'Create an account', 'need to be a member']);
  });
});
