// Property: in scripts written without spaces (Chinese, Japanese, Thai), a quote elided with
// "…" verifies against a page that holds both pieces in order, and the same pieces swapped do not.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { verifyQuotes } from '../../src/reply/verify.ts';
import { reply } from './helpers.ts';

const VOCABULARY: Record<string, { words: string[]; stop: string; gap: string }> = {
  chinese: {
    words: ['高原', '反应', '可能', '类似', '中毒', '医生', '认为', '空气', '稀薄', '呼吸', '困难', '头痛'],
    stop: '。',
    gap: '',
  },
  japanese: {
    words: ['高山病', 'は', '空気', 'が', '薄い', '山', 'で', '頭痛', 'を', '起こす', '医者', '言った'],
    stop: '。',
    gap: '',
  },
  thai: {
    words: ['ภูเขา', 'อากาศ', 'หายใจ', 'ลำบาก', 'ปวดหัว', 'แพทย์', 'บอกว่า', 'อาการ', 'คล้าย', 'เป็นพิษ'],
    stop: '',
    gap: ' ',
  },
};

/** A page of unique sentences (each ends in its own number), two of them close together. */
function pageWithPieces(script: keyof typeof VOCABULARY) {
  const { words, stop, gap } = VOCABULARY[script] ?? { words: [], stop: '', gap: '' };
  const sentence = fc.array(fc.constantFrom(...words), { minLength: 4, maxLength: 8 }).map((w) => w.join(''));
  return fc
    .record({
      sentences: fc.array(sentence, { minLength: 3, maxLength: 12 }),
      first: fc.nat(),
      distance: fc.integer({ min: 1, max: 3 }),
    })
    .map(({ sentences, first, distance }) => {
      const numbered = sentences.map((s, i) => `${s}${i}号${stop}`);
      const a = first % (numbered.length - 1);
      const b = Math.min(numbered.length - 1, a + distance);
      return { page: numbered.join(gap), early: numbered[a] ?? '', late: numbered[b] ?? '' };
    });
}

function verified(quote: string, page: string): boolean {
  const checked = verifyQuotes(
    reply({ findings: [{ claim: 'c', quote, source: 0 }] }),
    new Map([[0, [page]]]),
  );
  return checked.findings[0]?.verified === true;
}

describe('elided quotes in scripts without spaces', () => {
  it('verifies the example that word counting by spaces refused', () => {
    const page = '专家说，他认为高原反应可能在很多方面类似于中毒。';
    assert.ok(verified('他认为高原反应可能 … 类似于中毒。', page));
    assert.ok(!verified('类似于中毒。 … 他认为高原反应可能', page));
    // Pieces of one word each still prove nothing.
    assert.ok(!verified('他 … 中毒', page));
  });

  for (const script of Object.keys(VOCABULARY)) {
    it(`${script}: a faithful elided quote verifies, the same pieces swapped do not`, () => {
      fc.assert(
        fc.property(pageWithPieces(script), ({ page, early, late }) => {
          assert.ok(verified(`${early} … ${late}`, page), `${early} … ${late} in ${page}`);
          assert.ok(verified(`"${early}...${late}"`, page));
          assert.ok(!verified(`${late} … ${early}`, page), `${late} … ${early} in ${page}`);
        }),
        { numRuns: 200 },
      );
    });
  }
});
