// Representative replies for the golden render fixtures in test/fixtures/render/.
import type { Reply } from '../../src/reply/contract.ts';
import { meta, reply, source } from './helpers.ts';

export const GOLDEN: Record<string, Reply> = {
  full: reply({
    answer: 'Node 22 became LTS in October 2024 [1]; it is supported until April 2027 [2].',
    confidence: 'high',
    findings: [
      {
        claim: 'Node 22 entered LTS on 29 October 2024',
        quote: 'Node.js 22 is now LTS',
        source: 0,
        rank: 1,
        verified: true,
      },
      { claim: 'End of life is 30 April 2027', quote: 'End-of-life: 2027-04-30', source: 1, rank: 2 },
      { claim: 'LTS lines get 30 months of support', source: 1, rank: 3 },
    ],
    sources: [
      { title: 'Node.js 22 is now LTS', url: 'https://nodejs.org/en/blog/release/v22.11.0' },
      { title: 'Node.js release schedule', url: 'https://github.com/nodejs/release' },
    ],
    gaps: ['No statement on security backports after EOL'],
    meta: meta({ searches: 2, pages: 2, verified: 1, quotes: 2, seconds: 14.26 }),
  }),
  cached: reply({
    answer: 'Yes, Deno reads npm packages through npm: specifiers [1].',
    confidence: 'medium',
    sources: [
      { title: 'Node and npm compatibility?', url: 'https://docs.deno.com/runtime/fundamentals/node/' },
    ],
    meta: meta({ brave: false, cached: true, age: 7300, seconds: 0.02 }),
  }),
  notFound: reply({
    answer: 'The page does not give a release date.',
    confidence: 'low',
    sources: [source(1)],
    gaps: ['The page is a thin JavaScript shell; its text could not be read'],
    not_found: 'release date',
    meta: meta({ searches: 0, pages: 1, trimmed: true, compact: true }),
  }),
  unicode: reply({
    answer: '東京の人口は約1400万人です [1]。 مدينة كبيرة 🌆',
    confidence: 'medium',
    findings: [{ claim: '人口 約1400万', quote: '約1,400万人', source: 0, verified: true }],
    sources: [{ title: '東京都の統計', url: 'https://www.toukei.metro.tokyo.lg.jp/' }],
    meta: meta({ verified: 1, quotes: 1 }),
  }),
};
