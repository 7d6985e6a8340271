// Research quotes checked against what the server holds per source (R-R4, R-V1):
// its own copy of a page proves a quote present or absent; a snippet can only confirm one.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Finding, Reply } from '../../src/reply/contract.ts';
import { checkResearchQuotes, type HeldText } from '../../src/reply/verify-sources.ts';
import { meta, reply, source } from './helpers.ts';

const PAGE_1 = 'The Eiffel Tower is 330 metres tall and was completed in 1889 for the World Fair.';
const PAGE_2 = 'The Louvre is the most visited museum in the world, with nine million visitors.';
const SNIPPET_1 = 'Paris landmark: the tower was designed by Gustave Eiffel’s company.';

const finding = (claim: string, source: number, quote?: string): Finding =>
  quote === undefined ? { claim, source } : { claim, source, quote };

function held(pages: Record<string, string> = {}, snippets: Record<string, string> = {}): HeldText {
  return { pages: new Map(Object.entries(pages)), snippets: new Map(Object.entries(snippets)) };
}

function twoSources(findings: Finding[]): Reply {
  return reply({ findings, sources: [source(1), source(2)], meta: meta({ verified: 9, quotes: 9 }) });
}

describe('checkResearchQuotes', () => {
  it('verifies a quote found in the fetched page', () => {
    const out = checkResearchQuotes(
      twoSources([finding('Height', 0, 'is 330 metres tall')]),
      held({ 'https://example.com/1': PAGE_1 }),
    );
    assert.equal(out.findings[0]?.verified, true);
    assert.equal(out.findings[0]?.quote, 'is 330 metres tall');
  });

  it('removes a quote the fetched page (and its snippet) lack, keeping the claim', () => {
    const out = checkResearchQuotes(
      twoSources([finding('Height', 0, 'is 400 metres tall')]),
      held({ 'https://example.com/1': PAGE_1 }, { 'https://example.com/1': SNIPPET_1 }),
    );
    assert.equal(out.findings.length, 1);
    assert.equal(out.findings[0]?.claim, 'Height');
    assert.equal(out.findings[0]?.quote, undefined);
    assert.notEqual(out.findings[0]?.verified, true);
  });

  it('accepts a quote from the snippet when the page was fetched but lacks it', () => {
    const out = checkResearchQuotes(
      twoSources([finding('Designer', 0, 'designed by Gustave Eiffel’s company')]),
      held({ 'https://example.com/1': PAGE_1 }, { 'https://example.com/1': SNIPPET_1 }),
    );
    assert.equal(out.findings[0]?.verified, true);
  });

  it('verifies from the snippet when the page was not fetched', () => {
    const out = checkResearchQuotes(
      // Normalisation: straight apostrophe and other case still match the snippet.
      twoSources([finding('Designer', 0, "DESIGNED by Gustave Eiffel's company")]),
      held({}, { 'https://example.com/1': SNIPPET_1 }),
    );
    assert.equal(out.findings[0]?.verified, true);
    assert.ok(out.findings[0]?.quote);
  });

  it('finds the snippet under the canonical URL of the source', () => {
    const sources = [{ title: 'One', url: 'https://EXAMPLE.com/1?b=2&a=1#top' }];
    const out = checkResearchQuotes(
      reply({ findings: [finding('Designer', 0, 'designed by Gustave Eiffel')], sources }),
      held({}, { 'https://example.com/1?a=1&b=2': SNIPPET_1 }),
    );
    assert.equal(out.findings[0]?.verified, true);
  });

  it('keeps a quote unverified when the page was not fetched and the snippet lacks it', () => {
    const out = checkResearchQuotes(
      twoSources([finding('Height', 0, 'is 330 metres tall')]),
      held({}, { 'https://example.com/1': SNIPPET_1 }),
    );
    assert.equal(out.findings[0]?.quote, 'is 330 metres tall');
    assert.notEqual(out.findings[0]?.verified, true);
  });

  it('keeps a quote unverified when nothing is held for its source', () => {
    const out = checkResearchQuotes(twoSources([finding('Height', 0, 'is 330 metres tall')]), held());
    assert.equal(out.findings[0]?.quote, 'is 330 metres tall');
    assert.notEqual(out.findings[0]?.verified, true);
  });

  it('never trusts a verified flag that came with the draft', () => {
    const draft = twoSources([{ ...finding('Height', 0, 'is 330 metres tall'), verified: true }]);
    const out = checkResearchQuotes(draft, held());
    assert.notEqual(out.findings[0]?.verified, true);
  });

  it("fails a quote found only in ANOTHER source's page", () => {
    const out = checkResearchQuotes(
      twoSources([finding('Visitors', 0, 'most visited museum in the world')]),
      held({ 'https://example.com/1': PAGE_1, 'https://example.com/2': PAGE_2 }),
    );
    assert.equal(out.findings[0]?.quote, undefined, 'the quote is removed');
    assert.equal(out.findings[0]?.claim, 'Visitors');
  });

  it("does not verify a quote from another source's snippet", () => {
    const out = checkResearchQuotes(
      twoSources([finding('Designer', 1, 'designed by Gustave Eiffel')]),
      held({}, { 'https://example.com/1': SNIPPET_1 }),
    );
    assert.equal(out.findings[0]?.quote, 'designed by Gustave Eiffel');
    assert.notEqual(out.findings[0]?.verified, true);
  });

  it('adds one gap naming the sources when two or more could not be checked', () => {
    const out = checkResearchQuotes(
      reply({
        findings: [
          finding('A', 0, 'alpha quote'),
          finding('B', 1, 'beta quote'),
          finding('B again', 1, 'another beta quote'),
          finding('C', 2, 'is 330 metres tall'),
        ],
        sources: [source(1), source(2), source(3)],
        gaps: ['Opening hours not found.'],
      }),
      held({ 'https://example.com/3': PAGE_1 }),
    );
    assert.equal(out.gaps.length, 2);
    assert.equal(out.gaps[0], 'Opening hours not found.');
    assert.match(out.gaps[1] ?? '', /^2 sources could not be checked: /);
    assert.ok(out.gaps[1]?.includes('https://example.com/1'));
    assert.ok(out.gaps[1]?.includes('https://example.com/2'));
    assert.ok(!out.gaps[1]?.includes('https://example.com/3'));
  });

  it('adds no gap line for a single unverifiable source', () => {
    const out = checkResearchQuotes(
      twoSources([finding('A', 0, 'alpha quote'), finding('A2', 0, 'second alpha quote')]),
      held(),
    );
    assert.deepEqual(out.gaps, []);
  });

  it('counts verified n of the m quotes left in meta', () => {
    const out = checkResearchQuotes(
      reply({
        findings: [
          finding('page hit', 0, 'was completed in 1889'),
          finding('page miss', 0, 'completed in 1901'),
          finding('snippet hit', 1, 'with nine million visitors'),
          finding('unchecked', 2, 'anything at all'),
          finding('no quote', 0),
        ],
        sources: [source(1), source(2), source(3)],
        meta: meta({ verified: 0, quotes: 0 }),
      }),
      held({ 'https://example.com/1': PAGE_1 }, { 'https://example.com/2': PAGE_2 }),
    );
    assert.deepEqual(
      out.findings.map((f) => [f.claim, f.quote !== undefined, f.verified === true]),
      [
        ['page hit', true, true],
        ['page miss', false, false],
        ['snippet hit', true, true],
        ['unchecked', true, false],
        ['no quote', false, false],
      ],
    );
    assert.equal(out.meta.verified, 2);
    assert.equal(out.meta.quotes, 3);
  });
});
