// What a research run was handed by the server's reader and head start: every passage
// text, keyed by the page's canonical URL, so its quotes are checked against exactly that.
import { canonicalUrl } from '../url.ts';

export interface ReaderRecord {
  /** Keeps `passages` as handed over for each of `urls` (the URL asked for and the one after redirects). */
  add(urls: readonly string[], passages: readonly string[]): void;
  /** Every passage handed over for `url`, joined; undefined when the page was never handed over. */
  textFor(url: string): string | undefined;
  /** Each page handed over (first URL it was asked by) and its passages, joined. */
  pages(): Map<string, string>;
  /** Notes that the reader tried `url`, whatever came of it. */
  tried(url: string): void;
  /** Whether the reader tried `url`: a page it could not read is not fetched again to check a quote. */
  wasTried(url: string): boolean;
}

const canonical = (url: string): string | undefined => {
  try {
    return canonicalUrl(url);
  } catch {
    return undefined;
  }
};

export function createReaderRecord(): ReaderRecord {
  const byKey = new Map<string, string[]>();
  const firstUrl = new Map<string[], string>();

  function add(urls: readonly string[], passages: readonly string[]): void {
    const keys = [...new Set(urls.map(canonical).filter((k) => k !== undefined))];
    // One list per page, shared by all the URLs it was reached by.
    const list = keys.map((k) => byKey.get(k)).find((l) => l !== undefined) ?? [];
    for (const key of keys) byKey.set(key, list);
    if (!firstUrl.has(list) && urls[0] !== undefined) firstUrl.set(list, urls[0]);
    for (const p of passages) if (!list.includes(p)) list.push(p);
  }

  function textFor(url: string): string | undefined {
    const key = canonical(url);
    const list = key === undefined ? undefined : byKey.get(key);
    return list === undefined || list.length === 0 ? undefined : list.join('\n\n');
  }

  function pages(): Map<string, string> {
    const out = new Map<string, string>();
    for (const [list, url] of firstUrl) if (list.length > 0) out.set(url, list.join('\n\n'));
    return out;
  }

  const attempts = new Set<string>();
  const tried = (url: string) => {
    const key = canonical(url);
    if (key !== undefined) attempts.add(key);
  };
  const wasTried = (url: string) => {
    const key = canonical(url);
    return key !== undefined && attempts.has(key);
  };

  return { add, textFor, pages, tried, wasTried };
}
