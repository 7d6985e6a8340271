// web_search (advanced tier): raw Brave results — numbered title, URL, date and
// snippet — as compact markdown or JSON, trimmed to fit the caller's max_tokens.
import * as v from 'valibot';
import type { Brave, BraveResult } from '../../brave/client.ts';
import { toolError } from '../../errors.ts';
import { count, domains, format, maxTokens, query, recency } from '../inputs.ts';
import type { ToolDef } from '../tool.ts';
import { braveCounter } from '../usage-meter.ts';

export const WebSearchInput = v.object({
  query,
  count,
  recency,
  domains,
  format,
  max_tokens: maxTokens(800),
});

export type WebSearchArgs = v.InferOutput<typeof WebSearchInput>;

export interface WebSearchDeps {
  readonly brave: Brave;
  /** Resolves to the server's one token estimate, loaded (src/reply/budget.ts `loadedEstimate`). */
  readonly estimate: () => Promise<(text: string) => number>;
}

/** Snippet caps tried in turn for every result, before any result is dropped. */
const SNIPPET_CAPS = [Number.POSITIVE_INFINITY, 400, 240, 120];
const SHORTEST = 120;

function shorten(text: string, max: number): string {
  if (text.length <= max) return text;
  if (max === 0) return '';
  const cut = text.slice(0, max + 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut.slice(0, max)).trimEnd()}…`;
}

// Brackets in titles and parentheses in URLs would end the link early.
const linkText = (s: string) => s.replace(/[[\]\\]/g, (c) => `\\${c}`);
const linkUrl = (s: string) =>
  s.replace(/[()\s]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);

function markdown(results: readonly BraveResult[], omitted: number, queryText: string): string {
  if (results.length === 0 && omitted === 0) return `No web results for "${queryText}".`;
  const lines = results.map((r, i) => {
    const head = `${i + 1}. [${linkText(r.title)}](${linkUrl(r.url)})${r.date ? ` · ${r.date}` : ''}`;
    return r.snippet ? `${head}\n   ${r.snippet}` : head;
  });
  if (omitted > 0)
    lines.push(`(${omitted} more result${omitted === 1 ? '' : 's'} left out to fit max_tokens)`);
  return lines.join('\n');
}

function json(results: readonly BraveResult[], omitted: number): string {
  return JSON.stringify({ results, ...(omitted > 0 ? { omitted } : {}) });
}

/** The first results with snippets cut so the rendering fits `maxTokens`. */
export function fitResults(
  all: readonly BraveResult[],
  render: (results: readonly BraveResult[], omitted: number) => string,
  maxTokens: number,
  estimateTokens: (text: string) => number,
): string {
  const withCap = (n: number, cap: number) =>
    render(
      all.slice(0, n).map((r) => ({ ...r, snippet: shorten(r.snippet, cap) })),
      all.length - n,
    );
  const fits = (text: string) => estimateTokens(text) <= maxTokens;
  for (const cap of SNIPPET_CAPS) {
    const text = withCap(all.length, cap);
    if (fits(text)) return text;
  }
  // Short snippets for all do not fit: keep the most results that do.
  for (let n = all.length - 1; n >= 1; n--) {
    const text = withCap(n, SHORTEST);
    if (fits(text)) return text;
  }
  // Not even one title and URL fit: say how many were left out (always small).
  return withCap(0, 0);
}

export function webSearchTool(deps: WebSearchDeps): ToolDef<WebSearchArgs> {
  return {
    name: 'web_search',
    tier: 'advanced',
    description:
      'Raw Brave web search: numbered titles, URLs, dates and snippets. No answer; one Brave request per call.',
    input: WebSearchInput,
    async run(input, ctx) {
      const out = await deps.brave.search({
        query: input.query,
        count: input.count,
        recency: input.recency,
        domains: input.domains ?? [],
        signal: ctx.signal,
        ...braveCounter(ctx.usage),
      });
      if (out.kind === 'skipped') {
        return toolError(
          'no_backend',
          `no_backend: ${out.reason}; web_lookup and web_research work without Brave`,
        );
      }
      if (out.kind === 'error') return out;
      const render =
        input.format === 'json'
          ? json
          : (results: readonly BraveResult[], omitted: number) => markdown(results, omitted, input.query);
      return fitResults(out.results, render, input.max_tokens, await deps.estimate());
    },
  };
}
