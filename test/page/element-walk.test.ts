// The walks that stand in for selector scans find what the selectors find, in the same order, and the
// cleanup built on them weighs blocks as they stand once the hidden parts are gone.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseHTML } from 'linkedom';
import { cleanArticle, isMarkedHidden, prepareForReadability } from '../../src/page/html/clean.ts';
import { forEachElement, someElement } from '../../src/page/html/element-walk.ts';
import { MARKED_HIDDEN } from '../../src/page/html/html-dom.ts';

const PAGE =
  '<html><head><title>t</title></head><body><div id="a"><p hidden id="b">x</p><span aria-hidden="true" id="c">y</span>' +
  '<template id="d"><p id="e">in template</p></template><nav id="f"><a href="/">home</a></nav>' +
  '<i style="display: none" id="g">z</i><b style="color:red" id="h">w</b><em aria-hidden="false" id="i">v</em>' +
  '<div style="visibility:hidden" id="j"><p id="k">deep</p></div></div><section id="l"><p id="m">end</p></section></body></html>';

const body = (html: string): Element => {
  const { document } = parseHTML(html.startsWith('<html>') ? html : `<html><body>${html}</body></html>`);
  return document.body as unknown as Element;
};

describe('forEachElement', () => {
  it("visits the elements querySelectorAll('*') lists, in its order, never inside a <template>", () => {
    const root = body(PAGE);
    const seen: string[] = [];
    forEachElement(root, (el) => seen.push(el.id) > 0);
    assert.deepEqual(
      seen,
      Array.from(root.querySelectorAll('*')).map((el) => el.id),
    );
    assert.ok(!seen.includes('e'));
  });

  it('skips the descendants of an element the visit declines', () => {
    const seen: string[] = [];
    forEachElement(body(PAGE), (el) => seen.push(el.id) > 0 && el.id !== 'j');
    assert.ok(seen.includes('j') && !seen.includes('k') && seen.includes('l'));
  });

  it('answers whether any element passes, as querySelector does', () => {
    assert.equal(
      someElement(body(PAGE), (el) => el.localName === 'section'),
      true,
    );
    assert.equal(
      someElement(body(PAGE), (el) => el.localName === 'time'),
      false,
    );
  });
});

describe('isMarkedHidden', () => {
  it('selects what the [hidden] and MARKED_HIDDEN selectors select', () => {
    const root = body(PAGE);
    const bySelector = Array.from(root.querySelectorAll(['[hidden]', ...MARKED_HIDDEN].join(', '))).map(
      (e) => e.id,
    );
    const byTest: string[] = [];
    forEachElement(root, (el) => {
      if (isMarkedHidden(el)) byTest.push(el.id);
      return true;
    });
    assert.deepEqual(byTest, bySelector);
    assert.deepEqual(byTest, ['b', 'c', 'd', 'g', 'j']);
  });
});

describe('cleanup around Readability', () => {
  it('drops drawings and link-dense menus before Readability, keeping a menu that is mostly prose', () => {
    const root = body(
      '<svg><title>icon</title></svg><nav id="menu"><a href="/a">one</a> <a href="/b">two</a></nav>' +
        '<div role="navigation" id="prose">A long sentence of prose that is no menu at all <a href="/c">link</a></div>',
    );
    prepareForReadability(root);
    assert.equal(root.querySelector('svg'), null);
    assert.equal(root.querySelector('#menu'), null);
    assert.notEqual(root.querySelector('#prose'), null);
  });

  it('weighs a header once its hidden links are gone', () => {
    const root = body(
      '<header id="h"><div hidden><a href="/1">many hidden links here</a> <a href="/2">and more links, and yet more links than the prose beside them</a></div>' +
        '<p>The byline and standfirst of the story, read as prose</p><a href="/x">x</a></header><footer id="f"><a href="/">all links</a></footer>',
    );
    cleanArticle(root);
    assert.notEqual(root.querySelector('#h'), null);
    assert.equal(root.querySelector('[hidden]'), null);
    assert.equal(root.querySelector('#f'), null);
  });
});
