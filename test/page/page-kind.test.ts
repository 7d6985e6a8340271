// Page kinds: read from JSON-LD, Open Graph and URL shape; threads, products and listings
// keep their whole content region without chrome; a short story is never swapped for it.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { extractPage } from '../../src/page/html/extract.ts';
import { parseDocument } from '../../src/page/html/html-dom.ts';
import { detectKind } from '../../src/page/html/page-kind.ts';

const ld = (data: unknown): string => `<script type="application/ld+json">${JSON.stringify(data)}</script>`;
const kindOf = async (head: string, url = 'https://site.example/a/b'): Promise<string> => {
  const { document } = await parseDocument(`<html><head>${head}</head><body><p>x</p></body></html>`);
  const k = detectKind(document, url);
  return `${k.kind}${k.explicit ? '' : '?'}`;
};
const sentence = (who: string, n: number): string =>
  `${who} wrote post number ${n} with a long reply about tuning the cache and its eviction policy in practice.`;

describe('detectKind', () => {
  it('reads JSON-LD types, including @graph and nested main entities', async () => {
    assert.equal(await kindOf(ld({ '@type': 'Product', name: 'Mug' })), 'product');
    assert.equal(await kindOf(ld({ '@graph': [{ '@type': 'WebPage' }, { '@type': 'QAPage' }] })), 'forum');
    assert.equal(await kindOf(ld({ '@type': 'WebPage', mainEntity: { '@type': 'ItemList' } })), 'listing');
    assert.equal(await kindOf(ld({ '@type': ['NewsArticle'] })), 'article');
    // A product page that also carries a generic Article node is a product page.
    assert.equal(await kindOf(ld([{ '@type': 'Article' }, { '@type': 'Product' }])), 'product');
  });

  it('reads the main entity, never a type nested under another property', async () => {
    // Paywalled news names the publication a Product, inline or by reference from the graph.
    const paywalled = { '@type': 'CreativeWork', name: 'The Daily', productID: 'daily:basic' };
    assert.equal(
      await kindOf(
        ld({ '@type': 'NewsArticle', isPartOf: { ...paywalled, '@type': ['CreativeWork', 'Product'] } }),
      ),
      'article',
    );
    assert.equal(
      await kindOf(ld({ '@type': 'NewsArticle', publisher: { '@type': 'Product', name: 'The Daily' } })),
      'article',
    );
    const graph = [
      { '@type': 'NewsArticle', '@id': '#story', isPartOf: { '@id': '#paper' } },
      { '@type': 'Product', '@id': '#paper', name: 'The Daily' },
    ];
    assert.equal(await kindOf(ld({ '@graph': graph })), 'article');
    // A list of products is a listing; a page whose main entity is a product is a product page.
    const items = [{ '@type': 'ListItem', item: { '@type': 'Product', name: 'Mug' } }];
    assert.equal(await kindOf(ld({ '@type': 'ItemList', itemListElement: items })), 'listing');
    const main = [
      { '@type': 'WebPage', mainEntity: { '@id': '#mug' } },
      { '@type': 'Product', '@id': '#mug', offers: { '@type': 'Offer', price: '24' } },
    ];
    assert.equal(await kindOf(ld({ '@graph': main })), 'product');
    // Microdata: a Product that is a property of the story is not the page's item.
    const micro =
      '<div itemscope itemtype="https://schema.org/Product"><span itemprop="name">Mug</span></div>';
    const nested = `<div itemscope itemtype="https://schema.org/Review"><div itemprop="itemReviewed" itemscope itemtype="https://schema.org/Product"></div></div>`;
    const { document } = await parseDocument(`<html><body>${micro}</body></html>`);
    assert.equal(detectKind(document, 'https://site.example/a/b').kind, 'product');
    const reviewed = await parseDocument(`<html><body>${nested}</body></html>`);
    assert.equal(detectKind(reviewed.document, 'https://site.example/a/b').kind, 'article');
  });

  it('reads a thread from microdata: a forum posting, or replies marked as comments, over an article declaration', async () => {
    const kindOfBody = async (head: string, body: string): Promise<string> => {
      const { document } = await parseDocument(`<html><head>${head}</head><body>${body}</body></html>`);
      return detectKind(document, 'https://site.example/a/b').kind;
    };
    const og = '<meta property="og:type" content="article">';
    const reply = (n: number): string =>
      `<div itemscope itemtype="http://schema.org/Comment"><p itemprop="text">${sentence('someone', n)}</p></div>`;
    const posting =
      '<div itemscope itemtype="https://schema.org/DiscussionForumPosting"><p>Question</p></div>';
    assert.equal(await kindOfBody('', posting), 'forum');
    assert.equal(await kindOfBody(og + ld({ '@type': 'Article' }), [1, 2, 3].map(reply).join('')), 'forum');
    // Two marked comments under a story do not make it a thread.
    assert.equal(
      await kindOfBody(og, `<article><p>Story</p></article>${[1, 2].map(reply).join('')}`),
      'article',
    );
  });

  it('takes og:type "article" as a declaration unless the JSON-LD calls the page a plain web page', async () => {
    const og = '<meta property="og:type" content="article">';
    assert.equal(await kindOf(og + ld({ '@type': 'WebPage', name: 'Services' })), 'article?');
    const post = {
      '@graph': [
        { '@type': 'BlogPosting', isPartOf: { '@id': '#page' } },
        { '@type': 'WebPage', '@id': '#page' },
      ],
    };
    assert.equal(await kindOf(og + ld(post)), 'article');
  });

  it('falls back to Open Graph, then the URL shape, then an unnamed article', async () => {
    assert.equal(await kindOf('<meta property="og:type" content="product">'), 'product');
    assert.equal(await kindOf('<meta property="og:type" content="article">'), 'article');
    assert.equal(await kindOf('', 'https://site.example/docs/install'), 'documentation');
    assert.equal(await kindOf('', 'https://developer.site.example/reference/x'), 'documentation');
    assert.equal(await kindOf('', 'https://forum.site.example/threads/some-topic.123/'), 'forum');
    assert.equal(await kindOf('', 'https://shop.example/collections/mugs'), 'listing');
    assert.equal(await kindOf('', 'https://shop.example/product/trail-mug'), 'product');
    assert.equal(await kindOf('', 'https://site.example/2024/05/a-story'), 'article?');
  });

  it('reads URL shapes by whole path segments, and only those that earn their place', async () => {
    // A blog post under /p/, a page whose path starts like a rule's word, a site search: articles.
    for (const url of [
      'https://writer.example/p/why-i-left',
      'https://site.example/man-of-the-year',
      'https://site.example/learn-spanish-fast',
      'https://site.example/shop-talk/episode-4',
      'https://site.example/?s=bridge',
      'https://site.example/search?q=mugs',
      'https://site.example/docsify-notes',
      'https://forum.example/showthread.php?t=42',
      'https://wiki.example/wiki/Category:Rivers',
    ]) {
      assert.equal(await kindOf('', url), 'article?', url);
    }
  });

  it('ignores broken JSON-LD', async () => {
    assert.equal(
      await kindOf('<script type="application/ld+json">{"@type": "Product",</script>'),
      'article?',
    );
  });
});

describe('extraction by kind', () => {
  it('keeps every post of a thread and none of its navigation or sidebar', async () => {
    const posts = Array.from(
      { length: 6 },
      (_, i) => `<div class="post"><span class="user">user${i}</span><p>${sentence(`user${i}`, i)}</p></div>`,
    ).join('');
    const html = `<html><head>${ld({ '@type': 'DiscussionForumPosting', headline: 'Cache tuning' })}</head><body>
      <header><a href="/">Home</a> <a href="/latest">Latest</a></header>
      <nav class="categories"><a href="/c/1">General</a><a href="/c/2">Help</a></nav>
      <main><h1>Cache tuning</h1>${posts}</main>
      <aside class="sidebar"><h3>Trending</h3><a href="/t/9">Other topic everyone reads today</a></aside>
      <footer>© Forum</footer></body></html>`;
    const page = await extractPage(html, 'https://forum.site.example/t/cache-tuning/1');
    assert.equal(page.kind, 'forum');
    for (let i = 0; i < 6; i++) assert.ok(page.text.includes(sentence(`user${i}`, i)), `post ${i}`);
    assert.ok(page.text.includes('user3'), 'authors are kept');
    assert.doesNotMatch(page.text, /Trending|Other topic|General|Latest|© Forum/);
  });

  it('keeps a product page whole: description, specs and price', async () => {
    const html = `<html><head>${ld({ '@type': 'Product', name: 'Trail Mug' })}</head><body>
      <nav><a href="/shop">Shop</a></nav>
      <main><h1>Trail Mug</h1><p class="price">$24.00</p>
      <p>A steel mug that keeps coffee hot on the trail for six hours and fits every cup holder.</p>
      <table><tr><th>Capacity</th><td>350 ml</td></tr><tr><th>Weight</th><td>210 g</td></tr></table></main>
      <div class="newsletter-signup">Subscribe for ten percent off</div></body></html>`;
    const page = await extractPage(html, 'https://shop.example/products/trail-mug');
    assert.equal(page.kind, 'product');
    for (const want of ['$24.00', 'keeps coffee hot', '350 ml', '210 g'])
      assert.ok(page.text.includes(want), want);
    assert.doesNotMatch(page.text, /Subscribe/);
  });

  it('keeps the answers of an accordion marked as a tab list, and drops a plain tab strip', async () => {
    const faq = (q: string, a: string, n: number): string =>
      `<div role="tab" id="h${n}"><a href="#c${n}">${q}</a></div><div role="tabpanel" id="c${n}" class="collapse"><p>${a}</p></div>`;
    const html = `<html><head>${ld({ '@type': 'Product', name: 'Trail Mug' })}</head><body>
      <main><h1>Trail Mug</h1><p>A steel mug that keeps coffee hot on the trail for six hours.</p>
      <ul role="tablist"><li role="tab">Overview</li><li role="tab">Reviews</li></ul>
      <div class="faq" role="tablist">${faq('Is it dishwasher safe?', 'Yes, on the top rack only.', 1)}${faq('Does the lid leak?', 'No, the lid seals with a silicone ring.', 2)}</div>
      </main></body></html>`;
    const page = await extractPage(html, 'https://shop.example/products/trail-mug');
    assert.equal(page.kind, 'product');
    for (const want of ['Is it dishwasher safe?', 'top rack only', 'silicone ring'])
      assert.ok(page.text.includes(want), want);
    assert.doesNotMatch(page.text, /Overview|Reviews/);
  });

  it('never swaps a short story of real paragraphs for the rest of the page', async () => {
    const story = Array.from(
      { length: 3 },
      (_, i) =>
        `<p>Paragraph ${i} of a short news story says what happened in the town council this week, who voted for the new budget, and why it matters.</p>`,
    ).join('');
    const links = Array.from(
      { length: 60 },
      (_, i) =>
        `<div class="card"><a href="/s${i}">Another headline number ${i} that readers clicked on</a></div>`,
    ).join('');
    const html = `<html><head><meta property="og:type" content="article"></head><body><article><h1>Council</h1>${story}</article><div class="more-stories">${links}</div></body></html>`;
    const page = await extractPage(html, 'https://news.example/2024/council');
    assert.equal(page.kind, 'article');
    assert.ok(page.text.includes('Paragraph 2 of a short news story'));
    assert.doesNotMatch(page.text, /Another headline/);
  });

  it('measures a Chinese story by its words: its comments never replace it', async () => {
    // Lines of a blog post split by <br>, no <p>: about 1,400 characters, a long story in Chinese.
    const lines = Array.from(
      { length: 60 },
      (_, i) => `第${i}天我們沿著山路前往營地，楓葉由綠轉黃再轉紅`,
    ).join('<br>');
    const comments = Array.from(
      { length: 60 },
      (_, i) => `<div class="comment"><p>訪客${i}留言：照片真美，謝謝分享這次旅程的心得與營地資訊</p></div>`,
    ).join('');
    const html = `<html><body><div id="content"><h1>賞楓</h1><div class="article-body">${lines}</div></div>
      <div id="comments"><h3>留言列表</h3>${comments}</div></body></html>`;
    const page = await extractPage(html, 'https://blog.example/post/123');
    assert.equal(page.kind, 'article');
    assert.match(page.text, /第59天我們沿著山路前往營地/);
    assert.doesNotMatch(page.text, /訪客5留言/);
  });

  it("drops headings' permalink anchors, on documentation and on stories", async () => {
    const body = (n: number): string =>
      `<h2 id="s${n}">Step ${n}<a class="headerlink" href="#s${n}">¶</a></h2><p>${sentence('Docs', n)}</p><p>See <a href="#s0">step zero</a> first; § ${n} of the guide.</p>`;
    const html = `<html><body><main><h1>Install<a href="#top">#</a></h1>${[1, 2, 3].map(body).join('')}</main></body></html>`;
    for (const url of ['https://site.example/docs/install', 'https://news.example/2026/11/story']) {
      const page = await extractPage(html, url);
      assert.match(page.text, /Step 3\n/, url);
      assert.match(page.text, /See step zero first; § 3 of the guide\./, url);
      assert.doesNotMatch(page.text, /¶|Install#/, url);
    }
  });

  it('drops what the page hides with visibility: hidden, as with display: none', async () => {
    const shown = Array.from({ length: 3 }, (_, i) => `<p>${sentence('Shown', i)}</p>`).join('');
    const hidden = Array.from({ length: 6 }, (_, i) => `<p>${sentence('Hidden', i)}</p>`).join('');
    const html = `<html><body><main><div style="visibility: hidden">${hidden}</div>${shown}</main></body></html>`;
    for (const url of ['https://news.example/2026/11/story', 'https://forum.example/threads/topic/1']) {
      const page = await extractPage(html, url);
      assert.match(page.text, /Shown wrote post number 2/, url);
      assert.doesNotMatch(page.text, /Hidden wrote/, url);
    }
  });

  it('reads a <noscript> as text, never as markup', async () => {
    // Serialised from a page that ran its scripts, a <noscript> holds its markup as escaped text.
    const pixel = (n: number) =>
      `<noscript>&lt;div style="position:absolute;"&gt;&lt;img width=1 height=1 alt="" src="http://127.0.0.1/b?P=${'x'.repeat(300)}${n}"&gt;&lt;/div&gt;</noscript>`;
    const story = Array.from({ length: 3 }, (_, i) => `<p>${sentence('Ana', i)}</p>`).join('');
    const page = await extractPage(
      `<html><body><article><h1>News</h1>${[1, 2, 3, 4].map(pixel).join('')}${story}</article></body></html>`,
      'https://news.example/2026/11/story',
    );
    assert.match(page.text, /Ana wrote post number 2/);
    assert.doesNotMatch(page.text, /<div|<img|style=/);
  });
});
