// The benches' corpora: with the corpora outside the repository absent (a fresh clone),
// each loader says so in one line and hands back the sample in bench/data instead.
import assert from 'node:assert/strict';
import { describe, it, mock } from 'node:test';

process.env.WEB_MCP_PAGES_DIR = '/nonexistent/web-mcp-pages';
process.env.WEB_MCP_MODERN_DIR = '/nonexistent/web-mcp-modern';
const corpora = await import('../../bench/lib/corpora.ts');

describe('bench corpora without the data outside the repository', () => {
  it('the modern corpus falls back to the self-made sample, typed, with markup and main text', () => {
    const said = mock.method(console, 'error', () => {});
    const { pages, sample } = corpora.modernCorpus();
    said.mock.restore();
    assert.equal(sample, true);
    assert.equal(said.mock.callCount(), 1);
    assert.match(String(said.mock.calls[0]?.arguments[0]), /WEB_MCP_MODERN_DIR.*bench\/data\/modern/);
    assert.deepEqual(pages.map((p) => p.type).sort(), ['documentation', 'forum', 'product']);
    for (const page of pages) {
      assert.match(page.html, /<html/);
      assert.ok(page.expected.length > 200, page.id);
    }
  });

  it("Readability's pages fall back to the sample, a Wikipedia page among them", () => {
    const said = mock.method(console, 'error', () => {});
    const { pages, sample } = corpora.readabilityCorpus();
    said.mock.restore();
    assert.equal(sample, true);
    assert.equal(said.mock.callCount(), 1);
    assert.match(String(said.mock.calls[0]?.arguments[0]), /WEB_MCP_PAGES_DIR.*bench\/data\/readability/);
    assert.ok(pages.length >= 4);
    assert.ok(pages.some((p) => p.id.startsWith('wikipedia')));
    for (const page of pages) assert.ok(page.html.length > 1000 && page.expected.length > 100, page.id);
  });
});
