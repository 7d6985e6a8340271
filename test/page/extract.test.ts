// Extraction on real fixture pages in several languages: the main text is kept,
// metadata found, and the markdown is compact (no images, script links, blank runs).

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import * as v from 'valibot';
import { extractPage } from '../../src/page/html/extract.ts';
import { overlap } from '../helpers/token-overlap.ts';

const URL_BASE = 'http://fakehost/test/page.html';
const dir = new URL('../fixtures/pages/', import.meta.url);
const Metadata = v.object({ title: v.string(), byline: v.nullable(v.string()) });

function fixture(name: string): { html: string; expected: string; meta: v.InferOutput<typeof Metadata> } {
  const read = (f: string): string => readFileSync(new URL(`${name}/${f}`, dir), 'utf8');
  return {
    html: read('source.html'),
    expected: read('expected.txt'),
    meta: v.parse(Metadata, JSON.parse(read('expected-metadata.json'))),
  };
}

const PAGES = ['lemonde-1', 'heise', 'hukumusume', 'gmw', 'la-nacion', 'keep-tabular-data', 'v8-blog', '001'];

describe('extractPage on fixture pages', () => {
  for (const name of PAGES) {
    it(`keeps the article text of ${name}`, async () => {
      const { html, expected, meta } = fixture(name);
      const page = await extractPage(html, URL_BASE);
      const { precision, recall } = overlap(page.text, expected);
      assert.ok(recall > 0.95, `recall ${recall.toFixed(3)}`);
      assert.ok(precision > 0.95, `precision ${precision.toFixed(3)}`);
      assert.equal(page.title, meta.title);
      assert.equal(page.thin, false);
      const mdRecall = overlap(page.markdown, expected).recall;
      assert.ok(mdRecall > 0.95, `markdown recall ${mdRecall.toFixed(3)}`);
    });

    it(`writes compact markdown for ${name}`, async () => {
      const { markdown } = await extractPage(fixture(name).html, URL_BASE);
      assert.doesNotMatch(markdown, /!\[/, 'no images');
      assert.doesNotMatch(markdown, /\]\(\s*javascript:/i, 'no javascript: links');
      assert.doesNotMatch(markdown, /\[\s*\]\(/, 'no empty links');
      assert.doesNotMatch(markdown, /\]\((?!https?:|mailto:)/, 'links are absolute');
      assert.doesNotMatch(markdown, /\n{3,}/, 'no blank runs');
      assert.doesNotMatch(markdown, /[ \t]+$/m, 'no trailing spaces');
    });
  }

  it('finds the byline', async () => {
    const page = await extractPage(fixture('lemonde-1').html, URL_BASE);
    assert.equal(page.byline, fixture('lemonde-1').meta.byline);
  });

  it('keeps code blocks fenced', async () => {
    const { markdown } = await extractPage(fixture('v8-blog').html, URL_BASE);
    assert.match(markdown, /^```[a-z]*\n[\s\S]+?\n```$/m);
  });

  it('renders data tables as pipe tables', async () => {
    const { markdown } = await extractPage(fixture('keep-tabular-data').html, URL_BASE);
    assert.match(markdown, /^\| +\| General UX \| UX draft \|/m);
    assert.match(markdown, /^\|( --- \|){9}$/m);
    assert.match(markdown, /^\| Load map \|/m);
  });
});

describe('extractPage on small documents', () => {
  const para = (s: string): string =>
    `<p>${s} ${'This sentence pads the paragraph to a readable length. '.repeat(8)}</p>`;

  it('resolves links against <base href> and drops script, empty and image-only links', async () => {
    const html = `<html><head><base href="https://docs.example/guide/"><title>Guide</title></head><body><article>
      ${para('Intro.')}<p>See <a href="../api/x.html">the API</a>, <a href="javascript:void(0)">run it</a>,
      <a href="https://other.example/"></a><a href="/img"><img src="a.png"></a> and <a href="#top">top</a>.</p>
      ${para('More.')}</article></body></html>`;
    const { markdown } = await extractPage(html, 'https://site.example/page');
    assert.match(markdown, /\[the API\]\(https:\/\/docs\.example\/api\/x\.html\)/);
    assert.match(markdown, /, run it,/);
    assert.doesNotMatch(markdown, /javascript|a\.png|\/img|#top|other\.example/);
    assert.match(markdown, / and top\./);
  });

  it('keeps the language of a code block and its indentation', async () => {
    const code = 'function f() {\n  return 1;\n}';
    const html = `<html><body><article>${para('Code follows.')}<pre><code class="language-js">${code}</code></pre>${para('After.')}</article></body></html>`;
    const { markdown } = await extractPage(html, 'https://site.example/');
    assert.ok(markdown.includes(`\`\`\`js\n${code}\n\`\`\``), markdown);
  });

  it('reads no words out of drawings: icon titles and chart labels stay out of the text', async () => {
    const icon = '<svg viewBox="0 0 8 8"><title>Share this story</title><path d="M0 0h8v8z"/></svg>';
    const chart = '<svg><text x="1" y="1">Quarterly revenue axis</text></svg>';
    const html = `<html><body><article><h1>Harbour report</h1>${para(`Ships arrived. ${icon}`)}${chart}${para('Cranes idled.')}${para('Tugs waited.')}</article></body></html>`;
    const page = await extractPage(html, 'https://site.example/');
    assert.match(page.text, /Ships arrived\./);
    assert.match(page.text, /Tugs waited\./);
    assert.doesNotMatch(page.text, /Share this story|Quarterly revenue/);
  });

  it('drops link-dense navigation that Readability keeps with a whole-page body', async () => {
    const items = Array.from(
      { length: 40 },
      (_, i) => `<li><a href="/p/${i}">Package number ${i} of the list</a></li>`,
    ).join('');
    const html = `<html><body><nav><a href="/">Home</a> <a href="/docs">Docs</a> <a href="/blog">Blog</a></nav><ul>${items}</ul>
      <div role="contentinfo"><a href="/privacy">Privacy</a> · <a href="/terms">Terms</a></div></body></html>`;
    const page = await extractPage(html, 'https://site.example/');
    for (const i of [0, 17, 39]) assert.ok(page.text.includes(`Package number ${i} of the list`), page.text);
    assert.doesNotMatch(page.text, /Docs|Blog|Privacy|Terms/);
  });
});
