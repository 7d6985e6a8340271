// The held text a reply's sources are checked against: Brave snippets and page copies
// keyed so a cited URL finds them, and findings that cite a source that is not there dropped.
import type { BraveResult } from '../brave/client.ts';
import type { Draft } from '../reply/contract.ts';
import { canonicalUrl } from '../url.ts';

const canonical = (url: string): string | undefined => {
  try {
    return canonicalUrl(url);
  } catch {
    return undefined;
  }
};

export function snippetsByUrl(results: readonly BraveResult[]): Map<string, string> {
  const byUrl = new Map<string, string>();
  for (const r of results) {
    const key = canonical(r.url);
    if (key !== undefined) byUrl.set(key, r.snippet);
  }
  return byUrl;
}

/** Held page text under the URL each source cites, matched canonically (a trailing slash or fragment does not matter). */
export function pagesForSources(draft: Draft, held: ReadonlyMap<string, string>): Map<string, string> {
  const byKey = new Map<string, string>();
  for (const [url, text] of held) {
    const key = canonical(url);
    if (key !== undefined) byKey.set(key, text);
  }
  const out = new Map<string, string>();
  for (const s of draft.sources) {
    const key = canonical(s.url);
    const text = key === undefined ? undefined : byKey.get(key);
    if (text !== undefined) out.set(s.url, text);
  }
  return out;
}

/** Findings that point past the sources list cite nothing: they are dropped, not guessed at. */
export function keepCitedSources(draft: Draft): Draft {
  return { ...draft, findings: draft.findings.filter((f) => f.source < draft.sources.length) };
}
