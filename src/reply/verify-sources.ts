// Research quotes checked against everything the server holds for each cited
// source (R-R4, R-V1): its own copy of the page and the Brave snippet for that URL.
// Only a page the server read can prove a quote absent; a snippet can only confirm one.
import { canonicalUrl } from '../url.ts';
import type { Reply } from './contract.ts';
import { matchesFragments, normalizeForMatch, quoteFragments, quoteProves } from './normalize.ts';
import { quoteCounts, verifyQuotes } from './verify.ts';

export interface HeldText {
  /** Extracted page text by source URL, for pages the server fetched. */
  readonly pages: ReadonlyMap<string, string>;
  /** Brave snippet by canonical URL. */
  readonly snippets: ReadonlyMap<string, string>;
}

const canonical = (url: string) => {
  try {
    return canonicalUrl(url);
  } catch {
    return url;
  }
};

export function checkResearchQuotes(reply: Reply, held: HeldText): Reply {
  const complete = new Map<number, string[]>();
  const partial = new Map<number, string>();
  reply.sources.forEach((source, i) => {
    const page = held.pages.get(source.url);
    const snippet = held.snippets.get(canonical(source.url));
    if (page !== undefined) complete.set(i, snippet === undefined ? [page] : [page, snippet]);
    else if (snippet !== undefined) partial.set(i, normalizeForMatch(snippet));
  });

  const checked = verifyQuotes(reply, complete);
  const findings = checked.findings.map((f) => {
    const snippet = partial.get(f.source);
    if (f.quote === undefined || f.verified || snippet === undefined) return f;
    try {
      const fragments = quoteFragments(f.quote);
      return quoteProves(fragments) && matchesFragments(snippet, fragments) ? { ...f, verified: true } : f;
    } catch {
      return f; // a failed check leaves the quote unverified
    }
  });

  const unchecked = [
    ...new Set(findings.filter((f) => f.quote !== undefined && !f.verified).map((f) => f.source)),
  ].map((i) => reply.sources[i]?.url ?? '');
  const gaps =
    unchecked.length >= 2
      ? [...checked.gaps, `${unchecked.length} sources could not be checked: ${unchecked.join(', ')}`]
      : checked.gaps;
  return { ...checked, findings, gaps, meta: { ...checked.meta, ...quoteCounts(findings) } };
}
