// What documentation generators add around the text: permalink anchors drawn as zero-width or
// icon glyphs, version and language pickers, and API signatures split into elements.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { extractPage } from '../../src/page/html/extract.ts';
import { parseDocument } from '../../src/page/html/html-dom.ts';
import { dropPermalinks } from '../../src/page/html/permalinks.ts';
import { separateAdjacentInlines } from '../../src/page/html/word-breaks.ts';

const para = (topic: string, n: number): string =>
  `<p>${topic} section ${n} explains how the option changes the build, which files it reads and what it writes to the output folder.</p>`;

async function root(inner: string): Promise<Element> {
  const { document } = await parseDocument(`<html><body><div id="x">${inner}</div></body></html>`);
  return document.getElementById('x') as Element;
}

describe('documentation chrome', () => {
  it('drops permalinks drawn as a zero-width space, an icon glyph or a mis-decoded symbol', async () => {
    const el = await root(
      '<h2>Fast track<a href="#fast" class="hash-link">\u200b</a></h2>' +
        '<h2>Syntax<a href="#syntax" class="headerlink">\uf0c1</a></h2>' +
        '<h2>Looping<a href="#loop" class="headerlink">Â¶</a></h2>' +
        '<p>See <a href="#syntax">Syntax</a>, <a href="#x" class="headerlink">the top</a>.</p>',
    );
    dropPermalinks(el);
    assert.equal(el.textContent, 'Fast trackSyntaxLoopingSee Syntax, the top.');
  });

  it('drops version and language pickers from a documentation page', async () => {
    const body = [1, 2, 3].map((n) => para('Forms', n)).join('');
    const picker =
      '<div id="version-switcher"><ul class="language-switcher"><li><a href="/fr/">fr</a></li><li><a href="/ja/">ja</a></li></ul>' +
      '<ul><li><a href="/5.0/">5.0</a></li><li><a href="/4.2/">4.2</a></li></ul></div>';
    const html = `<html><body><main>${picker}<h1>Working with forms</h1>${body}<span class="theme-doc-version-badge">Version: 3.9.2</span></main></body></html>`;
    const page = await extractPage(html, 'https://docs.example/en/5.1/topics/forms/');
    assert.match(page.text, /Forms section 3 explains/);
    assert.doesNotMatch(page.text, /\bja\b|4\.2|Version: 3\.9\.2/);
  });

  it('keeps an API signature joined where its names sit in separate elements', async () => {
    const el = await root(
      '<dt class="sig sig-object py"><span class="sig-prename"><span class="pre">json.</span></span><span class="sig-name"><span class="pre">dumps</span></span>(<em class="sig-param"><span class="o"><span class="pre">**</span></span><span class="n"><span class="pre">kw</span></span></em>)</dt>' +
        '<p><span>Returns</span><span>text</span></p>',
    );
    separateAdjacentInlines(el);
    assert.equal(el.textContent, 'json.dumps(**kw)Returns text');
  });
});
