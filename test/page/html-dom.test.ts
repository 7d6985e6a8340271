// Text measures of raw HTML and of trees: what a reader sees, counted the same in every script;
// and the size of a tree, which decides what reading it may cost.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { blockText } from '../../src/page/html/block-text.ts';
import {
  hasLinkedHeading,
  parseDocument,
  treeSize,
  visibleTextLength,
} from '../../src/page/html/html-dom.ts';
import { crudeTextLength, nonSpaceLength, readingLength } from '../../src/page/html/text-measure.ts';

describe('crudeTextLength', () => {
  it('counts what a reader sees: no comments, scripts, styles or tags; an entity is one character', () => {
    const html =
      '<!doctype html><html><head><title>T i t l e</title><style>p{color:red}</style></head>' +
      '<body><!-- hidden note --><p class="x">ab c</p><script>if (a < b && c > d) x();</script>' +
      '<noscript>no js</noscript><p>d&amp;e&#x41;</p></body></html>';
    assert.equal(crudeTextLength(html), 'abcd&eA'.length);
  });

  it('counts text after a < that starts no tag, and the rest of an unclosed script', () => {
    assert.equal(crudeTextLength('<p>1 < 2</p>'), 3);
    assert.equal(crudeTextLength('<p>ok</p><script>abc'), 5);
  });

  it('stays linear on a large page', () => {
    const html = `<div>${'<p>word &amp; <b>bold</b></p><!-- c --><script>var a = 1 < 2;</script>'.repeat(20_000)}</div>`;
    assert.equal(crudeTextLength(html), 20_000 * 'word&bold'.length);
  });
});

describe('crudeTextLength against its definition', () => {
  // The definition: every comment, raw-text element with its content, tag and character reference
  // (one character each) taken out, the non-space characters left.
  const UNSEEN =
    /<!--[\s\S]*?-->|<(script|style|noscript|template|title|textarea)\b[^>]*>[\s\S]*?<\/\1\s*>|<\/?[a-zA-Z!?][^>]*>|&(?:#x?[0-9a-f]+|[a-z]+[0-9]*);?/gi;
  const byDefinition = (html: string): number =>
    nonSpaceLength(html.replace(UNSEEN, (m) => (m.startsWith('&') ? 'x' : '')));
  const TOKENS = [
    '<',
    '>',
    '&',
    ';',
    '<!--',
    '-->',
    '<script>',
    '</script>',
    '</SCRIPT >',
    '<script x="a>b">',
    '<title>',
    '</title>',
    '<textarea',
    '</',
    '<!',
    '<?',
    '</ p>',
    '<p>',
    '</p>',
    '&amp;',
    '&#x41;',
    '&#65',
    '&#xZ',
    '&abc1;',
    'a',
    ' ',
    '\n',
    'é',
    '\u00a0',
    '<scripts>',
    '<script-x>',
    '</script-x>',
    '<style>',
    '</style>',
    '-',
    '--',
    '</scr',
    'ipt>',
  ];

  it('counts as the definition does on any mix of markup', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...TOKENS), { maxLength: 40 }), (parts) => {
        const html = parts.join('');
        return crudeTextLength(html) === byDefinition(html);
      }),
      { numRuns: 20_000 },
    );
  });
});

describe('nonSpaceLength and readingLength', () => {
  it('skip every kind of white space', () => {
    assert.equal(nonSpaceLength(' a\tb\nc\u00a0d\u3000e\u2009f\ufeff'), 6);
    assert.equal(nonSpaceLength('abcdef', 2, 4), 2);
  });

  it('count a Han, kana or Hangul character as three letters, about one word', () => {
    assert.equal(readingLength('word'), 4);
    assert.equal(readingLength('楓葉 かな 한글'), 18);
  });
});

describe('treeSize', () => {
  it('counts elements, links, summed depth and the deepest level', async () => {
    const { document } = await parseDocument(
      '<html><body><div><p>a <a href="/x">x</a></p></div><a href="/y">y</a></body></html>',
    );
    // div 1, p 2, a 3, a 1
    assert.deepEqual(treeSize(document.body), { elements: 4, links: 2, ancestry: 7, depth: 3 });
  });

  it('walks nesting deeper than the call stack', async () => {
    const { document } = await parseDocument('<html><body></body></html>');
    let parent: Element = document.body;
    for (let i = 0; i < 20_000; i++) parent = parent.appendChild(document.createElement('div'));
    assert.equal(treeSize(document.body).depth, 20_000);
  });
});

describe('tree walks by local name', () => {
  const SELECTOR = 'h2 a, h3 a, h4 a, h5 a, h6 a, a h2, a h3, a h4, a h5, a h6';
  it('find a linked heading where the selector does, the heading outside the root included', async () => {
    const { document } = await parseDocument(
      `<html><body>
        <div id="a"><h3><a href="/x">Card</a></h3></div>
        <div id="b"><a href="/y"><h4>Card</h4></a></div>
        <div id="c"><h3>Plain</h3><a href="/z">link</a></div>
        <h2><span id="d"><a href="/w">inside a heading</a></span></h2>
        <div id="e"><template><h3><a href="/t">unseen</a></h3></template></div>
        <div id="f"><h1><a href="/v">h1 is not a card heading</a></h1></div>
      </body></html>`,
    );
    for (const id of ['a', 'b', 'c', 'd', 'e', 'f']) {
      const el = document.getElementById(id);
      assert.ok(el);
      assert.equal(hasLinkedHeading(el), el.querySelector(SELECTOR) !== null, id);
    }
    assert.deepEqual(
      ['a', 'b', 'c', 'd', 'e', 'f'].map((id) => hasLinkedHeading(document.getElementById(id) as Element)),
      [true, true, false, true, false, false],
    );
  });

  it('read elements created in upper case (as Readability creates them) by the same rules', async () => {
    const { document } = await parseDocument('<html><body></body></html>');
    const box = document.createElement('DIV');
    for (const text of ['First block', 'Second block']) {
      const p = document.createElement('P');
      p.textContent = text;
      box.appendChild(p);
    }
    const script = document.createElement('SCRIPT');
    script.textContent = 'var hidden = 1;';
    box.appendChild(script);
    const link = document.createElement('A');
    link.textContent = 'link';
    box.appendChild(link);
    assert.equal(blockText(box), 'First block\nSecond block\nlink');
    assert.equal(visibleTextLength(box), 'FirstblockSecondblocklink'.length);
    assert.equal(treeSize(box).links, 1);
  });
});
