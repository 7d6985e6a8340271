// Passage selection: the passage that answers a known question survives a small
// budget, what is returned always fits that budget, and it comes back in page order.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { extractPage } from '../../src/page/extract.ts';
import { approxTokens, selectPassages } from '../../src/page/passages.ts';

const dir = new URL('../fixtures/pages/', import.meta.url);
const markdownOf = async (name: string): Promise<string> =>
  (
    await extractPage(
      readFileSync(new URL(`${name}/source.html`, dir), 'utf8'),
      'http://fakehost/test/page.html',
    )
  ).markdown;

const total = (parts: readonly string[], estimate: (s: string) => number): number =>
  parts.reduce((s, p) => s + estimate(p), 0);

// A stricter stand-in for a real tokenizer: every word and symbol costs two.
const strict = (s: string): number => 2 * (s.match(/[\p{L}\p{N}]+|[^\s\p{L}\p{N}]/gu)?.length ?? 0);

const QUESTIONS = [
  {
    page: 'keep-tabular-data',
    q: 'Which week in February is the 0.17 release planned for?',
    answer: 'we will aim to release the week starting 25th February',
  },
  {
    page: 'lemonde-1',
    q: 'Quelle durée de conservation pour les données de connexion ?',
    answer: 'jusqu’à cinq ans dans le cas des données de connexion',
  },
  {
    page: 'heise',
    q: 'Wie viel kostet 1Password im Mac App Store?',
    answer: '1Password kostet aktuell knapp 50 Euro im Mac App Store',
  },
  {
    page: 'v8-blog',
    q: 'Which Wasm runtimes can run standalone Wasm files?',
    answer: 'you can run them in Wasm runtimes like',
  },
  { page: 'gmw', q: '宇航员回来时地球上的人准备香槟酒吗？', answer: '则可以准备好适量的香槟酒' },
];

describe('selectPassages on fixture pages', () => {
  for (const { page, q, answer } of QUESTIONS) {
    for (const [label, estimate] of [
      ['approx', approxTokens],
      ['strict', strict],
    ] as const) {
      it(`keeps the answer for ${page} within 300 tokens (${label} estimate)`, async () => {
        const markdown = await markdownOf(page);
        assert.ok(markdown.includes(answer), 'the answer is on the page');
        assert.ok(estimate(markdown) > 600, 'the page is far larger than the budget');
        const chosen = selectPassages(markdown, q, 300, estimate);
        assert.ok(chosen.join('\n').includes(answer), `answer missing from:\n${chosen.join('\n---\n')}`);
        assert.ok(total(chosen, estimate) <= 300, `${total(chosen, estimate)} tokens`);
      });
    }
  }

  it('never exceeds the budget, for any page, budget or question', async () => {
    for (const page of ['lemonde-1', 'heise', 'hukumusume', 'gmw', 'keep-tabular-data', 'v8-blog', '001']) {
      const markdown = await markdownOf(page);
      for (const budget of [1, 7, 40, 120, 300, 1000]) {
        for (const q of ['', 'release', 'données', '酒', 'the of and']) {
          for (const estimate of [approxTokens, strict]) {
            const chosen = selectPassages(markdown, q, budget, estimate);
            assert.ok(total(chosen, estimate) <= budget, `${page} ${budget} ${q}`);
            if (budget >= 120) assert.ok(chosen.length > 0, `${page} ${budget} ${q}: nothing chosen`);
          }
        }
      }
    }
  });

  it('returns passages in document order', async () => {
    const markdown = await markdownOf('keep-tabular-data');
    const chosen = selectPassages(markdown, 'GUI blueprint library quickbar', 600);
    assert.ok(chosen.length > 1);
    const at = chosen.map((p) => markdown.indexOf(p.split('\n').slice(-1)[0] ?? p));
    assert.ok(at.every((x) => x >= 0));
    assert.deepEqual(
      [...at].sort((a, b) => a - b),
      at,
    );
  });
});

describe('selectPassages on small documents', () => {
  const filler = (n: number, word: string): string =>
    Array.from({ length: n }, (_, i) => `Sentence ${i} talks about ${word} in plain words.`).join(' ');

  it('gives the lead of the page for an empty query', () => {
    const md = `# Title\n\n${filler(5, 'intro')}\n\n## Later\n\n${filler(5, 'later')}\n\n${filler(40, 'more')}`;
    const chosen = selectPassages(md, '', 60);
    assert.ok(chosen[0]?.includes('Sentence 0 talks about intro'));
    assert.ok(!chosen.join('').includes('more'));
  });

  it('keeps the heading path with each passage', () => {
    const md = `# Guide\n\n${filler(3, 'intro')}\n\n## Install\n\n### Linux\n\nUse the apt package zebrafish.\n\n## Usage\n\n${filler(30, 'usage')}`;
    const [first, ...rest] = selectPassages(md, 'zebrafish', 200);
    assert.equal(first, '### Guide › Install › Linux\nUse the apt package zebrafish.');
    assert.equal(rest.length, 0);
  });

  it('splits an oversized paragraph instead of dropping it', () => {
    const md = `${filler(200, 'noise')} The secret word is quokka. ${filler(200, 'noise')}`;
    const chosen = selectPassages(md, 'quokka', 100);
    assert.ok(chosen.join(' ').includes('The secret word is quokka.'));
    assert.ok(total(chosen, approxTokens) <= 100);
  });

  it('splits a long unspaced CJK paragraph and still finds the answer', () => {
    const md = `${'天气很好我们去公园散步。'.repeat(80)}答案是熊猫住在四川。${'天气很好我们去公园散步。'.repeat(80)}`;
    const chosen = selectPassages(md, '熊猫住在哪里', 80);
    assert.ok(chosen.join('').includes('答案是熊猫住在四川。'));
    assert.ok(total(chosen, approxTokens) <= 80);
  });

  it('keeps fences balanced when a code block is split', () => {
    const code = Array.from({ length: 200 }, (_, i) => `let value${i} = compute(${i});`).join('\n');
    const chosen = selectPassages(`Intro.\n\n\`\`\`js\n${code}\n\`\`\``, 'value150', 80);
    assert.ok(chosen.length > 0);
    for (const p of chosen) assert.equal((p.match(/^```/gm) ?? []).length % 2, 0, p);
    assert.ok(chosen.join('\n').includes('let value150 = compute(150);'));
  });

  it('returns nothing for a zero budget or an empty page', () => {
    assert.deepEqual(selectPassages('Some text.', 'text', 0), []);
    assert.deepEqual(selectPassages('   ', 'text', 100), []);
  });
});
