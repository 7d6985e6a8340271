// Quote verification (R-R4, R-V1): a quote stays only if it occurs, after normalisation,
// in text the server itself holds for the quote's OWN source, and is verified only when it
// is long enough to prove something (quoteProves: four words, or twelve characters without spaces).
import type { Finding, Reply } from './contract.ts';
import { matchesFragments, normalizeForMatch, quoteFragments, quoteProves } from './normalize.ts';

/**
 * Checks every quote against `held` (source index → texts the server holds for that
 * source: page text, Brave snippets…). Found → `verified: true`. Not found → the quote is
 * removed and its claim kept. A source with no held text cannot be checked, so its quotes
 * stay, unverified (an unfetchable page is not evidence against the quote); so does a quote
 * found but too short to prove anything.
 * `meta.verified` / `meta.quotes` are recomputed as n found of the m quotes left.
 */
export function verifyQuotes(reply: Reply, held: ReadonlyMap<number, readonly string[]>): Reply {
  // Normalise each held text at most once, and only for sources that are actually quoted.
  const normalised = new Map<number, string[]>();
  const heldFor = (source: number): string[] | undefined => {
    const cached = normalised.get(source);
    if (cached) return cached;
    const texts = held.get(source);
    if (!texts || texts.length === 0) return undefined;
    const fresh = texts.map(normalizeForMatch);
    normalised.set(source, fresh);
    return fresh;
  };

  const findings = reply.findings.map((finding) => checkFinding(finding, heldFor));
  return { ...reply, findings, meta: { ...reply.meta, ...quoteCounts(findings) } };
}

function checkFinding(finding: Finding, heldFor: (source: number) => string[] | undefined): Finding {
  // `verified` is the server's word only: never trust one that arrived with the draft.
  const { verified: _ignored, quote, ...rest } = finding;
  if (quote === undefined) return rest;
  try {
    const fragments = quoteFragments(quote);
    if (fragments.length === 0) return rest;
    const texts = heldFor(finding.source);
    if (texts === undefined) return { ...rest, quote };
    if (!texts.some((text) => matchesFragments(text, fragments))) return rest;
    // Found, but too short to prove anything: kept, unverified.
    return quoteProves(fragments) ? { ...rest, quote, verified: true } : { ...rest, quote };
  } catch {
    // A check that fails proves nothing either way: the quote stays, unverified; the call goes on.
    return { ...rest, quote };
  }
}

/** `verified n/m`: n quotes checked and found, of the m quotes left in the reply. */
export function quoteCounts(findings: readonly Finding[]): { verified: number; quotes: number } {
  let verified = 0;
  let quotes = 0;
  for (const finding of findings) {
    if (finding.quote === undefined) continue;
    quotes += 1;
    if (finding.verified === true) verified += 1;
  }
  return { verified, quotes };
}
