// Hostile and degenerate pages: 2 MB bodies, nesting deeper than the call stack, huge
// tables, pages that are all navigation. Each gets text or a `thin` verdict, never a throw.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { extractPage } from '../../src/page/html/extract.ts';

const URL_BASE = 'https://site.example/section/page';
const para = (i: number): string =>
  `<p>Paragraph ${i} tells the reader something plain about the topic at hand, in ordinary words.</p>`;

async function read(html: string): Promise<Awaited<ReturnType<typeof extractPage>>> {
  const page = await extractPage(html, URL_BASE);
  assert.ok(page.thin || page.text.trim() !== '', 'either text or a thin verdict');
  if (page.thin) assert.ok((page.thinReason ?? '') !== '', 'a thin page says why');
  return page;
}

describe('bad input', () => {
  it('reads a 2 MB article to its end', async () => {
    const html = `<html><body><article>${Array.from({ length: 20_000 }, (_, i) => para(i)).join('')}</article></body></html>`;
    assert.ok(html.length > 1_900_000);
    const page = await read(html);
    assert.equal(page.thin, false);
    assert.ok(page.text.includes('Paragraph 19999 tells'));
  });

  it('survives nesting deeper than the call stack, unclosed', async () => {
    const html = `<html><body>${'<div><span><b>'.repeat(4000)}${para(1)}${para(2)}${para(3)}`;
    const page = await read(html);
    assert.ok(page.text.includes('Paragraph 3 tells'), page.text.slice(0, 200));
  });

  it('survives deep but well-formed nesting', async () => {
    const html = `<html><body>${'<div>'.repeat(3000)}${para(1)}${para(2)}${para(3)}${'</div>'.repeat(3000)}</body></html>`;
    const page = await read(html);
    assert.ok(page.text.includes('Paragraph 2 tells'));
  });

  it('survives broken markup: stray closers, bad entities, attributes without ends', async () => {
    const html = `</div></p><html><body><p class="a>${para(1)}</td></tr>&#xFFFFFFFF; &bogus; <div <p>${para(2)}<table><p>${para(3)}</b></i>`;
    await read(html);
  });

  const table = (rows: number): string =>
    `<html><body><h1>Figures</h1><table>${Array.from(
      { length: rows },
      (_, i) => `<tr><td>row ${i}</td><td>value ${i * 3}</td><td>note</td></tr>`,
    ).join('')}</table></body></html>`;

  it('keeps a large data table as a pipe table', async () => {
    const page = await read(table(4000));
    assert.ok(page.text.includes('row 3999'));
    assert.ok(page.markdown.includes('| row 3999 | value 11997 | note |'));
  });

  it('gives a table too large for markdown as its text, a row a paragraph', async () => {
    const page = await read(table(15_000));
    assert.ok(page.text.includes('row 14999 value 44997 note'));
    assert.ok(page.markdown.includes('\n\nrow 14999 value 44997 note'), page.markdown.slice(-200));
    assert.doesNotMatch(page.markdown, /\|/);
  });

  it('reads pages too large for Readability by their region: bare blocks, link lists, deep blocks', async () => {
    const blocks = Array.from({ length: 30_000 }, (_, i) => `<div>item ${i}</div>`).join('');
    const links = Array.from({ length: 9000 }, (_, i) => `<a href="/p${i}">entry ${i}</a>`).join(' ');
    const deep = Array.from(
      { length: 60 },
      (_, i) => `${'<div>'.repeat(300)}${para(i)}${'</div>'.repeat(300)}`,
    ).join('');
    for (const [body, last] of [
      [blocks, 'item 29999'],
      [`<div class="list">${links}</div>`, 'entry 8999'],
      [deep, 'Paragraph 59 tells'],
    ] as const) {
      // The region strips what its chrome rules name; Readability would keep this sentence.
      const banner =
        '<div class="consent">This site stores small files on your device for its settings.</div>';
      const page = await read(`<html><body>${banner}${body}</body></html>`);
      assert.ok(page.text.includes(last), last);
      assert.doesNotMatch(page.text, /stores small files/);
    }
  });

  it('reports a page that is all navigation as thin rather than returning its menus', async () => {
    const links = Array.from({ length: 3000 }, (_, i) => `<a href="/p${i}">Link ${i}</a>`).join(' ');
    const menu = Array.from({ length: 2000 }, (_, i) => `<li><a href="/q${i}">Item ${i}</a></li>`).join('');
    const page = await read(
      `<html><body><header><nav>${links}</nav></header><div class="menu"><ul>${menu}</ul></div><footer><nav>${links}</nav></footer></body></html>`,
    );
    assert.ok(page.thin || !page.text.includes('Link 2999'), 'the navigation bar is not the answer');
  });
});
