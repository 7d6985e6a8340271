// A page's identity: the one canonical spelling of its address, shared by cache keys, quote
// checking and research sources, so that two spellings of one page are one page everywhere.

/**
 * Lower-case host, default port and fragment dropped (the WHATWG parser does the
 * first two), query parameters sorted by name (stable, so repeated names keep their order).
 */
export function canonicalUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    // Tools validate URLs before they get here; a key for junk must still be stable.
    return raw.trim();
  }
  url.hash = '';
  url.searchParams.sort();
  if (url.search === '?') url.search = '';
  return url.href;
}
