// The held text a reply's sources are checked against: the passages the run was handed,
// Brave snippets and page copies keyed so a cited URL finds them, and findings that cite a
// source that is not there dropped.
import type { BraveResult } from '../brave/client.ts';
import type { Draft } from '../reply/contract.ts';
import { canonicalUrl } from '../url.ts';
import type { PageCollector } from './page-collector.ts';
import type { ReaderRecord } from './reader-record.ts';

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

export interface HeldFor {
  readonly record: ReaderRecord;
  readonly collector: PageCollector | undefined;
  /** URLs the run read with WebFetch: it saw more of them than the record holds. */
  readonly webFetched: readonly string[];
  readonly until: number;
  readonly clock: () => number;
}

/**
 * The text each of `urls` is checked against: the passages the run was handed for it
 * (reader, head start) and, for a page it read with WebFetch or never tried to read
 * through the reader, the server's own copy fetched by `until`. A page the reader tried
 * and could not read gave the run nothing: nothing more is fetched for it.
 */
export async function heldPages(urls: readonly string[], from: HeldFor): Promise<Map<string, string>> {
  const fetchedKeys = new Set(from.webFetched.map(canonical));
  const held = new Map<string, string>();
  const rest: string[] = [];
  for (const url of urls) {
    const text = from.record.textFor(url);
    if (text !== undefined) held.set(url, text);
    if (fetchedKeys.has(canonical(url)) || (text === undefined && !from.record.wasTried(url))) rest.push(url);
  }
  if (from.collector && rest.length > 0) {
    for (const [url, copy] of await from.collector.collect(rest, from.until, from.clock)) {
      const passages = held.get(url);
      held.set(url, passages === undefined ? copy : `${passages}\n\n${copy}`);
    }
  }
  return held;
}
