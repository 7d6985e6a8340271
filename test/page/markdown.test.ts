// Markdown rendering: one converter serves every call, each with its own page address, and it
// renders the tree it is given (no copy), which the caller reads for nothing else afterwards.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseDocument } from '../../src/page/html/html-dom.ts';
import { toMarkdown } from '../../src/page/html/markdown.ts';

async function bodyOf(html: string): Promise<Element> {
  const { document } = await parseDocument(html);
  if (!document.body) throw new Error('no body');
  return document.body;
}

const PAGE = '<p>See <a href="guide">the guide</a> and <a href="#top">the top</a>.</p>';

describe('toMarkdown', () => {
  it('resolves each call’s links against that call’s address', async () => {
    const first = await toMarkdown(await bodyOf(PAGE), 'https://one.example/a/page');
    const second = await toMarkdown(await bodyOf(PAGE), 'https://two.example/b/page');
    assert.equal(first, 'See [the guide](https://one.example/a/guide) and the top.');
    assert.equal(second, 'See [the guide](https://two.example/b/guide) and the top.');
  });

  it('keeps a link to another page’s anchor, and drops one to its own', async () => {
    const html = '<p><a href="https://x.example/p#s">There</a> <a href="https://x.example/q#s">here</a></p>';
    const md = await toMarkdown(await bodyOf(html), 'https://x.example/q');
    assert.equal(md, '[There](https://x.example/p#s) here');
  });

  it('leaves no address behind: a call without a valid one keeps link text only', async () => {
    await toMarkdown(await bodyOf(PAGE), 'https://one.example/a/page');
    assert.equal(await toMarkdown(await bodyOf(PAGE), 'not a url'), 'See the guide and the top.');
  });

  it('renders the tree it is given, trimming its whitespace in place', async () => {
    const body = await bodyOf('<div>\n  <p>  One   two </p>\n  <!-- note -->\n</div>');
    assert.equal(await toMarkdown(body, 'https://x.example/'), 'One two');
    assert.equal(body.innerHTML, '<div><p>One two</p></div>');
  });

  it('applies its rules to elements created in upper case, as to parsed ones', async () => {
    const body = await bodyOf('<p>x</p>');
    const doc = body.ownerDocument;
    const box = doc.createElement('DIV');
    const link = doc.createElement('A');
    link.setAttribute('href', '/there');
    link.textContent = 'There';
    const pre = doc.createElement('PRE');
    const code = doc.createElement('CODE');
    code.textContent = 'let a = 1;';
    pre.appendChild(code);
    const button = doc.createElement('BUTTON');
    button.textContent = 'Click';
    box.append(link, pre, button);
    assert.equal(
      await toMarkdown(box, 'https://x.example/'),
      '[There](https://x.example/there)\n\n```\nlet a = 1;\n```',
    );
  });
});
