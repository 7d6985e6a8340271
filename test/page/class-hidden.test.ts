// What a page's stylesheet hides by a utility class, or a template framework keeps cloaked and never
// filled in, is not read; a block a responsive class shows on wider screens, or a folded answer, is.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isHiddenByClass } from '../../src/page/html/class-hidden.ts';
import { extractPage } from '../../src/page/html/extract.ts';

const STEPS =
  'Install the command line tool, then run the init command in your project folder to write its configuration file.';

const page = (inner: string): string => `<html><head><title>Setup</title></head><body>
<nav><a href="/">Home</a></nav><main><h1>Setting up the project</h1><p>${STEPS}</p>${inner}
<p>${STEPS.replace('Install', 'Then install')}</p></main></body></html>`;

describe('text hidden by class', () => {
  it('tells hiding classes from responsive ones', () => {
    assert.equal(isHiddenByClass('d-none'), true);
    assert.equal(isHiddenByClass('label is-hidden'), true);
    assert.equal(isHiddenByClass('d-none d-md-block'), false);
    assert.equal(isHiddenByClass('is-hidden md:block'), false);
    assert.equal(isHiddenByClass('overflow-hidden'), false);
    // A bare `hidden` is where some pages keep text their scripts move into view.
    assert.equal(isHiddenByClass('hidden'), false);
  });

  it('drops utility-hidden and cloaked template text from a region, keeps what wide screens show', async () => {
    const html = page(`<span class="d-none">\\$\\begingroup\\$</span>
      <div class="alert" ng-show="board.errors[12]" ng-cloak><strong>{{ board.errors[12].message }}</strong></div>
      <span class="is-hidden">Opens in a new window</span>
      <div v-cloak v-show="open"><p>The init command never overwrites a configuration file you already have.</p></div>
      <div class="d-none d-lg-block"><p>The configuration file lists every source folder to watch.</p></div>`);
    const r = await extractPage(html, 'https://tool.example/docs/setup');
    assert.equal(r.kind, 'documentation');
    assert.ok(r.text.includes(STEPS));
    assert.ok(r.text.includes('lists every source folder'));
    assert.ok(r.text.includes('never overwrites'));
    for (const hidden of ['begingroup', 'errors[12]', 'Opens in a new window']) {
      assert.ok(!r.text.includes(hidden), hidden);
    }
  });
});
