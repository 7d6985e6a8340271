// Extraction survives malformed HTML (linkedom loses content, parse5 recovers it),
// reports JavaScript shells and near-empty pages as thin, and handles non-HTML types.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { extractByType, extractPage } from '../../src/page/html/extract.ts';
import { parseAgain, parseDocument } from '../../src/page/html/html-dom.ts';

const URL_BASE = 'https://site.example/a/page.html';
const story = (tag: string): string =>
  `${tag} opens the story. ${'It goes on with plain sentences, commas, and more words for the reader. '.repeat(10)}`;
const paras = (tag: string): string => `<p>${story(`${tag} one`)}</p><p>${story(`${tag} two`)}</p>`;

describe('malformed documents', () => {
  const cases: Record<string, string> = {
    'content before <html>': `${paras('Early')}<html><head><title>T</title></head><body>${paras('Body')}</body></html>`,
    'no <body>': `<html><head><title>T</title></head>${paras('Loose')}</html>`,
    'several bodies': `<html><body>${paras('First')}</body><body>${paras('Second')}</body></html>`,
    'content after </html>': `<html><body>${paras('Inside')}</body></html>${paras('After')}`,
    'a bare fragment': paras('Fragment'),
    'a saved page pasted into the content': `<html><body><main><section><p class="title">Six shows</p><p>A short teaser.</p></section>
      <article><div class="entry"><!DOCTYPE html PUBLIC "-//W3C//DTD HTML 4.0 Transitional//EN"><html><body>${paras('Pasted')}${paras('Saved')}</body></html></div></article></main></body></html>`,
  };
  for (const [name, html] of Object.entries(cases)) {
    it(`keeps every paragraph with ${name}`, async () => {
      const page = await extractPage(html, URL_BASE);
      const tags = [...html.matchAll(/<p>(\w+ \w+) opens/g)].map((m) => m[1] ?? '');
      assert.ok(tags.length >= 2);
      for (const tag of tags)
        assert.ok(
          page.text.includes(`${tag} opens the story.`),
          `${tag} missing in ${page.text.slice(0, 300)}`,
        );
      assert.equal(page.thin, false);
    });
  }

  it('repairs only when linkedom lost content or kept a pasted document inside the page', async () => {
    assert.equal((await parseDocument(`<html><body>${paras('Fine')}</body></html>`)).repaired, false);
    assert.equal((await parseDocument(cases['no <body>'] ?? '')).repaired, true);
    const pasted = cases['a saved page pasted into the content'] ?? '';
    assert.equal((await parseDocument(pasted)).repaired, true);
    const quoted = `<html><body><script>var tpl = "<body><html>";</script>${paras('Fine')}</body></html>`;
    assert.equal((await parseDocument(quoted)).repaired, false);
  });

  it('builds the same tree again from a parse, repaired or not, without its hidden elements', async () => {
    const hidden = '<p style="font-size:0">Hidden note.</p>';
    for (const html of [
      `<html><body>${paras('Fine')}${hidden}</body></html>`,
      `${cases['no <body>']}${hidden}`,
    ]) {
      const first = await parseDocument(html);
      const again = await parseAgain(first);
      assert.notEqual(again, first.document);
      assert.equal(again.body.innerHTML, first.document.body.innerHTML);
      assert.ok(!again.body.innerHTML.includes('Hidden note'));
    }
  });

  it('survives unclosed tags and a huge inline script with markup in strings', async () => {
    const script = `<script>var junk = "${'</div><p>not text</p>'.repeat(20000)}";</script>`;
    const html = `<html><head>${script}</head><body><div><p>${story('Unclosed one')}<p>${story('Unclosed two')}<div><table><tr><td>cell`;
    const page = await extractPage(html, URL_BASE);
    assert.match(page.text, /Unclosed one opens the story\./);
    assert.match(page.text, /Unclosed two opens the story\./);
    assert.doesNotMatch(page.text, /not text|junk/);
  });
});

describe('thin pages', () => {
  it('reports a "please enable JavaScript" shell as thin', async () => {
    const html = `<html><head><title>App</title></head><body><noscript>You need to enable JavaScript to run this app.</noscript><div id="root"></div><script src="/app.js"></script></body></html>`;
    const page = await extractPage(html, URL_BASE);
    assert.equal(page.thin, true);
    assert.match(page.thinReason ?? '', /JavaScript/);
  });

  it('reports a nearly empty page as thin', async () => {
    const page = await extractPage('<html><body><p>Loading…</p></body></html>', URL_BASE);
    assert.equal(page.thin, true);
    assert.match(page.thinReason ?? '', /almost no readable text/);
  });

  it('does not call an article thin for its JavaScript banner', async () => {
    const html = `<html><body><noscript>Please enable JavaScript for comments.</noscript><article>${paras('Real')}${paras('More')}</article></body></html>`;
    const page = await extractPage(html, URL_BASE);
    assert.equal(page.thin, false);
    assert.equal(page.thinReason, undefined);
  });
});

describe('extractByType', () => {
  const long = 'Plain words that make a readable note for anyone who asks about it. '.repeat(5);

  it('passes text/plain and markdown through', async () => {
    const plain = await extractByType(`Notes\r\n\r\n\r\n${long}`, 'text/plain; charset=utf-8', URL_BASE);
    assert.ok(!('unsupported' in plain));
    assert.equal(plain.markdown, `Notes\n\n${long.trim()}`);
    assert.equal(plain.title, 'Notes');
    const md = await extractByType(
      `# Guide\n\n\`\`\`sh\n  npm   install\n\`\`\`\n\n${long}`,
      'text/markdown',
      URL_BASE,
    );
    assert.ok(!('unsupported' in md));
    assert.equal(md.title, 'Guide');
    assert.match(md.markdown, /```sh\n {2}npm {3}install\n```/);
  });

  it('pretty-prints JSON', async () => {
    const page = await extractByType('{"name":"web-mcp","tags":["a","b"]}', 'application/json', URL_BASE);
    assert.ok(!('unsupported' in page));
    assert.equal(page.text, '{\n  "name": "web-mcp",\n  "tags": [\n    "a",\n    "b"\n  ]\n}');
    assert.match(page.markdown, /^```json\n/);
    assert.equal(page.title, 'page.html');
  });

  it('names binary types as unsupported', async () => {
    for (const type of ['application/pdf', 'image/png', 'application/zip', 'video/mp4']) {
      assert.deepEqual(await extractByType('%PDF-1.7', `${type}; name=x`, URL_BASE), { unsupported: type });
    }
  });

  it('reads HTML by type, and by its opening when the type is missing', async () => {
    const html = `<!doctype html><html><head><title>Typed</title></head><body><article>${paras('Typed')}</article></body></html>`;
    for (const type of ['text/html; charset=utf-8', 'application/octet-stream', '']) {
      const page = await extractByType(html, type, URL_BASE);
      assert.ok(!('unsupported' in page));
      assert.equal(page.title, 'Typed');
      assert.doesNotMatch(page.markdown, /<p>/);
    }
  });
});

describe('lazy loading', () => {
  it('imports the HTML stack only dynamically, keeping cold start cheap', () => {
    for (const file of [
      'extract.ts',
      'html-dom.ts',
      'markdown.ts',
      'markdown-tables.ts',
      'plain.ts',
      'clean.ts',
    ]) {
      const src = readFileSync(new URL(`../../src/page/html/${file}`, import.meta.url), 'utf8');
      assert.doesNotMatch(
        src,
        /^import (?!type)[^;]*from '(linkedom|@mozilla\/readability|turndown|parse5)'/m,
        file,
      );
    }
  });
});
