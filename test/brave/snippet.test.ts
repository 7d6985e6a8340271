import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { loadSnippetParser, plainText } from '../../src/brave/snippet.ts';

describe('brave snippet text', () => {
  before(loadSnippetParser);

  it('strips highlight tags and decodes entities', () => {
    assert.equal(
      plainText('The <strong>Node.js</strong> release &amp; LTS &quot;schedule&quot; &#39;24 &lt;b&gt;'),
      'The Node.js release & LTS "schedule" \'24 <b>',
    );
  });

  it('decodes numeric and named entities and collapses no-break spaces', () => {
    assert.equal(plainText('caf&eacute;&nbsp;&#x2014;&nbsp;bar&#8230;'), 'café — bar…');
  });

  it('keeps words apart across line-breaking tags', () => {
    assert.equal(plainText('one<br>two<p>three</p>four'), 'one two three four');
  });

  it('leaves a lone < that is not a tag', () => {
    assert.equal(plainText('a < b and c > d'), 'a < b and c > d');
  });

  it('passes plain text through with whitespace collapsed', () => {
    assert.equal(plainText('  plain\n\ttext  '), 'plain text');
  });
});
