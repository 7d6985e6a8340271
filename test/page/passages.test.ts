// Passage selection: the passage that answers a known question survives a small
// budget, what is returned always fits that budget, and it comes back in page order.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { before, describe, it } from 'node:test';
import { extractPage } from '../../src/page/html/extract.ts';
import { selectPassages } from '../../src/page/passages/passages.ts';
import { estimateTokens, loadTokenizer } from '../../src/reply/budget.ts';

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
  before(() => loadTokenizer());
  for (const { page, q, answer } of QUESTIONS) {
    for (const [label, estimate] of [
      ['reply', estimateTokens],
      ['strict', strict],
    ] as const) {
      it(`keeps the answer for ${page} within 300 tokens (${label} estimate)`, async () => {
        const markdown = await markdownOf(page);
        assert.ok(markdown.includes(answer), 'the answer is on the page');
        assert.ok(estimate(markdown) > 600, 'the page is far larger than the budget');
        const chosen = await selectPassages(markdown, q, 300, estimate);
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
          for (const estimate of [estimateTokens, strict]) {
            const chosen = await selectPassages(markdown, q, budget, estimate);
            assert.ok(total(chosen, estimate) <= budget, `${page} ${budget} ${q}`);
            if (budget >= 120) assert.ok(chosen.length > 0, `${page} ${budget} ${q}: nothing chosen`);
          }
        }
      }
    }
  });

  it('returns passages in document order', async () => {
    const markdown = await markdownOf('keep-tabular-data');
    const chosen = await selectPassages(markdown, 'GUI blueprint library quickbar', 600);
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

  it('gives the lead of the page for an empty query', async () => {
    const md = `# Title\n\n${filler(5, 'intro')}\n\n## Later\n\n${filler(5, 'later')}\n\n${filler(40, 'more')}`;
    const chosen = await selectPassages(md, '', 60);
    assert.ok(chosen[0]?.includes('Sentence 0 talks about intro'));
    assert.ok(!chosen.join('').includes('more'));
  });

  it('keeps the heading path with each passage', async () => {
    const md = `# Guide\n\n${filler(3, 'intro')}\n\n## Install\n\n### Linux\n\nUse the apt package zebrafish.\n\n## Usage\n\n${filler(30, 'usage')}`;
    const [first, ...rest] = await selectPassages(md, 'zebrafish', 200);
    assert.equal(first, '### Guide › Install › Linux\nUse the apt package zebrafish.');
    assert.equal(rest.length, 0);
  });

  it('splits an oversized paragraph instead of dropping it', async () => {
    const md = `${filler(200, 'noise')} The secret word is quokka. ${filler(200, 'noise')}`;
    const chosen = await selectPassages(md, 'quokka', 100);
    assert.ok(chosen.join(' ').includes('The secret word is quokka.'));
    assert.ok(total(chosen, estimateTokens) <= 100);
  });

  it('splits a long unspaced CJK paragraph and still finds the answer', async () => {
    const md = `${'天气很好我们去公园散步。'.repeat(80)}答案是熊猫住在四川。${'天气很好我们去公园散步。'.repeat(80)}`;
    const chosen = await selectPassages(md, '熊猫住在哪里', 80);
    assert.ok(chosen.join('').includes('答案是熊猫住在四川。'));
    assert.ok(total(chosen, estimateTokens) <= 80);
  });

  it('keeps fences balanced when a code block is split', async () => {
    const code = Array.from({ length: 200 }, (_, i) => `let value${i} = compute(${i});`).join('\n');
    const chosen = await selectPassages(`Intro.\n\n\`\`\`js\n${code}\n\`\`\``, 'value150', 80);
    assert.ok(chosen.length > 0);
    for (const p of chosen) assert.equal((p.match(/^```/gm) ?? []).length % 2, 0, p);
    assert.ok(chosen.join('\n').includes('let value150 = compute(150);'));
  });

  it('does not count the words of link targets', async () => {
    const md = `See [the guide](http://example.com/zebrafish-guide) for more.\n\n${filler(8, 'rivers')}\n\nThe zebrafish lives in warm rivers.`;
    const chosen = await selectPassages(md, 'zebrafish', 300);
    assert.ok(chosen.join('\n').includes('The zebrafish lives in warm rivers.'));
    assert.ok(!chosen.join('\n').includes('the guide'), chosen.join('\n---\n'));
  });

  it('returns a sentence longer than a passage whole when it fits the budget', async () => {
    const long = `The wombat ${Array.from({ length: 40 }, (_, i) => `ate leaf ${i}`).join(', ')} and slept.`;
    const md = `${filler(30, 'noise')}\n\n${filler(3, 'noise')} ${long} ${filler(3, 'noise')}\n\n${filler(30, 'noise')}`;
    assert.ok(estimateTokens(long) > 120, `${estimateTokens(long)} tokens`);
    const chosen = await selectPassages(md, 'wombat', 300);
    assert.ok(chosen.join('\n').includes(long), chosen.join('\n---\n'));
    assert.ok(total(chosen, estimateTokens) <= 300);
  });

  it('brings the best passage the part of its paragraph just before it, not the paragraph before', async () => {
    const before = 'The lighthouse keeper kept a logbook for forty years.';
    const opening = 'Marguerite Ollivier ran the northern station alone.';
    const middle = filler(30, 'weather');
    const answer = 'Her station logged a quokka sighting in 1911.';
    const md = `${before}\n\n${opening} ${middle} ${answer}\n\n${filler(30, 'tides')}`;
    const chosen = (await selectPassages(md, 'When was the quokka sighting logged?', 300)).join('\n');
    assert.ok(chosen.includes(answer));
    const kept = filler(30, 'weather')
      .split(/(?<=\.) /)
      .filter((s) => chosen.includes(s));
    assert.ok(kept.length > 3, `only ${kept.length} sentences before the answer`);
    assert.ok(kept.includes('Sentence 29 talks about weather in plain words.'), 'the sentence just before');
    assert.ok(!chosen.includes(before));
  });

  it('returns nothing for a zero budget or an empty page', async () => {
    assert.deepEqual(await selectPassages('Some text.', 'text', 0), []);
    assert.deepEqual(await selectPassages('   ', 'text', 100), []);
  });
});

describe('selectPassages cuts what does not serve the goal', () => {
  before(() => loadTokenizer());
  // Unrelated prose: no word of it is in the questions below.
  const WORDS = 'river stone garden lantern meadow violin harbor pepper canyon orchard velvet marble'.split(
    ' ',
  );
  const filler = (n: number, seed: number): string =>
    Array.from(
      { length: n },
      (_, i) =>
        `${WORDS[(i + seed) % WORDS.length]} ${WORDS[(i * 7 + seed) % WORDS.length]} near the ${WORDS[(i * 5 + seed + 3) % WORDS.length]}.`,
    ).join(' ');
  const paragraphs = (count: number, seed: number): string[] =>
    Array.from({ length: count }, (_, i) => filler(12, seed + i));

  it('sends under 10% of 10,000 tokens of filler under the one matching heading', async () => {
    const answer = 'The Zephyr plan costs 12 dollars a month and includes five seats.';
    const before = paragraphs(40, 1);
    const after = paragraphs(200, 50);
    const md = `# Company\n\n${paragraphs(5, 900).join('\n\n')}\n\n## Zephyr plan pricing\n\n${[...before, answer, ...after].join('\n\n')}`;
    const fillerTokens = estimateTokens([...before, ...after].join('\n\n'));
    assert.ok(fillerTokens >= 10_000, `${fillerTokens} filler tokens`);
    const chosen = await selectPassages(md, 'How much does the Zephyr plan cost?', 3000);
    const text = chosen.join('\n\n');
    assert.ok(text.includes(answer), 'the answer is kept');
    const sent = [...before, ...after].filter((p) => text.includes(p));
    const sentTokens = estimateTokens(sent.join('\n\n'));
    assert.ok(sentTokens < fillerTokens * 0.1, `${sentTokens} of ${fillerTokens} filler tokens sent`);
    assert.ok(total(chosen, estimateTokens) <= 3000);
  });

  it('lets a heading bring in its section lead when no body matches', async () => {
    const md = `# Guide\n\n${filler(20, 3)}\n\n## Installation\n\nRun the setup script once.\n\n${filler(40, 9)}\n\n## Usage\n\n${filler(40, 5)}`;
    const chosen = await selectPassages(md, 'installation', 300);
    assert.ok(chosen.join('\n').includes('Run the setup script once.'));
    assert.ok(total(chosen, estimateTokens) < 150, 'only the section lead is sent');
  });

  it('drops passages far below the best instead of filling the budget', async () => {
    const strong =
      'Quokka colonies on Rottnest Island number about ten thousand quokka animals, a quokka census says.';
    const weak = paragraphs(30, 7).map((p, i) => (i % 10 === 0 ? `${p} A quokka was mentioned once.` : p));
    const md = [strong, ...weak].join('\n\n');
    const chosen = await selectPassages(md, 'quokka colonies Rottnest Island census', 3000);
    assert.ok(chosen.join('\n').includes(strong));
    assert.ok(total(chosen, estimateTokens) < 1000, `${total(chosen, estimateTokens)} tokens sent`);
  });

  it('uses the reply estimate by default and never exceeds the budget by it', async () => {
    const md = `${paragraphs(60, 2).join('\n\n')}\n\n中文段落，讲述熊猫的生活。${'熊猫吃竹子。'.repeat(100)}`;
    for (const budget of [50, 120, 300, 1000, 3000]) {
      for (const q of ['', 'river stone', '熊猫', 'nothing matches this']) {
        const chosen = await selectPassages(md, q, budget);
        assert.ok(total(chosen, estimateTokens) <= budget, `${budget} ${q}`);
      }
    }
  });
});
