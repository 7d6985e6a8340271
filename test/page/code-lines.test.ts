// A code block whose lines are elements with no newline between them (a highlighter's minified
// output, each `<span class="line">` shown one a row by its stylesheet) reads as lines.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { separateCodeLines } from '../../src/page/html/code-lines.ts';
import { extractPage } from '../../src/page/html/extract.ts';
import { parseDocument } from '../../src/page/html/html-dom.ts';

const guide = (code: string): string => `<html><head><title>Install</title></head><body><main>
<h1>Installing the tool</h1>
<p>Start by creating a new project if you do not have one set up already, then install the package from the registry.</p>
<pre><code>${code}</code></pre>
<p>Run the build and open the page it prints; the styles are written to one file you can serve from anywhere.</p>
</main></body></html>`;
const line = (words: string): string =>
  `<span class="line"><span>${words.split(' ')[0]}</span><span> ${words.split(' ').slice(1).join(' ')}</span></span>`;

describe('code lines', () => {
  it('ends each element line with a newline, in the text and in the markdown', async () => {
    const got = await extractPage(
      guide(line('npm create app') + line('cd app')),
      'https://example.com/docs/install',
    );
    assert.match(got.text, /npm create app\ncd app/);
    assert.match(got.markdown, /```\nnpm create app\ncd app\n```/);
  });

  it('leaves lines that already end in a newline as they are', async () => {
    const { document } = await parseDocument(
      '<pre><code><span class="line">a = 1</span>\n<span class="line">b = 2\n</span><span class="line">c</span></code></pre>',
    );
    const pre = document.querySelector('pre') as Element;
    separateCodeLines(pre.parentElement as Element);
    assert.equal(pre.textContent, 'a = 1\nb = 2\nc');
  });

  it('joins nothing outside code blocks, nor inline spans that are not lines', async () => {
    const { document } = await parseDocument(
      '<div><p><span class="line">one</span><span class="line">two</span></p><pre><span class="k">def</span><span>f</span></pre></div>',
    );
    const root = document.querySelector('div') as Element;
    separateCodeLines(root);
    assert.equal(root.querySelector('p')?.textContent, 'onetwo');
    assert.equal(root.querySelector('pre')?.textContent, 'deff');
  });
});
