// Markup too heavy to lay out is told from its raw text and read as plain text, with a
// gap that says so; ordinary pages, however large, go to the parser as before.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { heavyMarkup, jsonTooDeep, MARKUP_LIMITS } from '../../src/page/html/markup-budget.ts';
import { readJob } from '../../src/page/read-job.ts';
import { hostilePages } from '../helpers/hostile-pages.ts';

const SMALL = { elements: 2000, depth: 40, entities: 2000, jsonDepth: 100 };

describe('heavyMarkup', () => {
  for (const [name, type, body] of hostilePages(0.02)) {
    if (type !== 'text/html' || /sentences|bidi/.test(name)) continue;
    it(`${name} is too heavy`, () => {
      assert.match(heavyMarkup(body, SMALL) ?? 'light', /over|nested/);
    });
  }
  it('an ordinary large page is not', () => {
    const article =
      '<article><h2>Part</h2><p>Words with <a href="/x">a link</a> and <b>bold</b>.<br></p><ul><li>one<li>two</ul></article>';
    assert.equal(heavyMarkup(`<html><body>${article.repeat(4000)}</body></html>`), undefined);
  });
  it('unclosed paragraphs and list items do not count as nesting', () => {
    assert.equal(
      heavyMarkup(`<body>${'<p>text'.repeat(5000)}${'<li>item'.repeat(5000)}</body>`, {
        ...SMALL,
        elements: 20_000,
      }),
      undefined,
    );
  });
  it('tags inside scripts, styles and comments are not counted', () => {
    assert.equal(
      heavyMarkup(`<script>${'<div>'.repeat(5000)}</script><!-- ${'<b>'.repeat(5000)} -->`, SMALL),
      undefined,
    );
  });
});

describe('jsonTooDeep', () => {
  it('counts brackets open at once, not those inside strings', () => {
    assert.equal(jsonTooDeep(`${'['.repeat(101)}${']'.repeat(101)}`, 100), true);
    assert.equal(jsonTooDeep(`["${'['.repeat(500)}"]`, 100), false);
    assert.equal(
      jsonTooDeep(JSON.stringify(Array.from({ length: 1000 }, () => [1, { a: [2] }])), 100),
      false,
    );
  });
});

describe('readJob on heavy bodies', () => {
  for (const [name, type, body] of hostilePages(0.25)) {
    it(`${name}: read as text or by the parser, never a throw`, async () => {
      const out = await readJob({
        bytes: new TextEncoder().encode(body),
        contentType: type,
        url: `http://127.0.0.1/${name}`,
      });
      assert.ok('text' in out, JSON.stringify(out).slice(0, 200));
    });
  }
  it('a page past the limits says it was read as plain text, with its title', async () => {
    const html = `<html><head><title>Deep &amp; odd</title></head><body>${'<div>'.repeat(MARKUP_LIMITS.depth + 1)}Tide tables &amp; charts for the coast.</body></html>`;
    const out = await readJob({
      bytes: new TextEncoder().encode(html),
      contentType: 'text/html',
      url: 'http://127.0.0.1/d',
    });
    assert.ok('text' in out && 'gaps' in out);
    assert.equal(out.title, 'Deep & odd');
    assert.match(out.text, /Tide tables & charts for the coast\./);
    assert.match(
      String(out.gaps),
      /too heavy to lay out \(elements nested over 400 deep\); it was read as plain text/,
    );
  });
});
