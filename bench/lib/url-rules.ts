// Each URL rule's effect on the pages whose address it matches: web-mcp on the page as it is
// against the same page under an address no rule matches (where the page's own statement of its
// kind decides, both read alike: the rule decided nothing there).
import { extractPage } from '../../src/page/html/extract.ts';
import { URL_RULES, urlRule } from '../../src/page/html/page-kind.ts';
import type { CorpusPage } from './corpora.ts';
import { pageF1, scorePage } from './shingles.ts';
import { table } from './stats.ts';
import { wordScore } from './wordset.ts';

const NEUTRAL = 'https://page.example/page';

interface Effect {
  matched: number;
  decided: number;
  withWords: number;
  withoutWords: number;
  withShingles: number;
  withoutShingles: number;
}

/** The rules' effects on `pages` (the markup of each is read once). */
export async function urlRuleEffects(pages: readonly CorpusPage[]): Promise<Map<string, Effect>> {
  const effects = new Map<string, Effect>();
  for (const lazy of pages) {
    const rule = urlRule(lazy.url);
    if (rule === undefined) continue;
    const html = lazy.html;
    const withRule = (await extractPage(html, lazy.url)).text;
    const without = (await extractPage(html, NEUTRAL)).text;
    const e = effects.get(rule.name) ?? {
      matched: 0,
      decided: 0,
      withWords: 0,
      withoutWords: 0,
      withShingles: 0,
      withoutShingles: 0,
    };
    e.matched++;
    if (withRule !== without) e.decided++;
    e.withWords += wordScore(withRule, lazy.expected).f1;
    e.withoutWords += wordScore(without, lazy.expected).f1;
    e.withShingles += pageF1(scorePage(withRule, lazy.expected));
    e.withoutShingles += pageF1(scorePage(without, lazy.expected));
    effects.set(rule.name, e);
  }
  return effects;
}

const signed = (x: number): string => `${x >= 0 ? '+' : ''}${x.toFixed(3)}`;

/** A table row per rule: pages matched, pages it decided, mean page F1 with and without it. */
export function urlRuleTable(effects: Map<string, Effect>): string {
  const rows = URL_RULES.map((rule) => {
    const e = effects.get(rule.name);
    if (e === undefined) return [`\`${rule.name}\``, rule.kind, '0', '0', '', '', ''];
    const n = e.matched;
    return [
      `\`${rule.name}\``,
      rule.kind,
      String(n),
      String(e.decided),
      `${(e.withoutWords / n).toFixed(3)} → ${(e.withWords / n).toFixed(3)}`,
      signed((e.withWords - e.withoutWords) / n),
      signed((e.withShingles - e.withoutShingles) / n),
    ];
  });
  return table(
    [
      'rule',
      'kind',
      'pages matched',
      'pages it decides',
      'word-set F1 without → with',
      'Δ word-set',
      'Δ shingle',
    ],
    ['l', 'l', 'r', 'r', 'r', 'r', 'r'],
    rows,
  );
}
