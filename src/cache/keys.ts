// Cache keys: SHA-256 of a canonical JSON of exactly the inputs that change an
// answer, so spelling noise (spaces, query order, domain order) still hits.
// The render format is deliberately absent: the reply object is cached, rendered on the way out.
import { canonicalUrl } from '../url.ts';

export type CacheTool = 'research' | 'page' | 'page-text';

export interface CacheKeyParts {
  readonly tool: CacheTool;
  readonly question?: string;
  readonly goal?: string;
  readonly url?: string;
  readonly depth?: string;
  readonly recency?: string;
  readonly domains?: readonly string[];
  readonly maxTokens?: number;
  readonly model?: string;
}

/** Bumped when the canonical form changes, so old entries simply stop matching. */
const KEY_VERSION = 1;

/** Trim, collapse runs of whitespace to one space, NFC: what a person would call "the same text". */
export function normaliseText(text: string): string {
  return text.normalize('NFC').replace(/\s+/gu, ' ').trim();
}

export function canonicalDomains(domains: readonly string[]): string[] {
  const set = new Set(domains.map((d) => d.trim().toLowerCase().replace(/\.$/, '')).filter((d) => d !== ''));
  return [...set].sort();
}

/** The canonical JSON that is hashed; exported so tests can see why two keys differ. */
export function canonicalKeyJson(parts: CacheKeyParts): string {
  // Fixed field order and explicit nulls: "absent" and "empty" never collide by accident.
  return JSON.stringify([
    KEY_VERSION,
    parts.tool,
    parts.question === undefined ? null : normaliseText(parts.question),
    parts.goal === undefined ? null : normaliseText(parts.goal),
    parts.url === undefined ? null : canonicalUrl(parts.url),
    parts.depth ?? null,
    parts.recency ?? null,
    // No domains and an empty list both mean "no restriction".
    parts.domains === undefined || parts.domains.length === 0 ? null : canonicalDomains(parts.domains),
    parts.maxTokens ?? null,
    parts.model === undefined ? null : parts.model.trim(),
  ]);
}

/** A 64-character lower-case hex SHA-256 key, safe as a file name on every platform. */
export async function cacheKey(parts: CacheKeyParts): Promise<string> {
  const bytes = new TextEncoder().encode(canonicalKeyJson(parts));
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  let hex = '';
  for (const byte of digest) hex += byte.toString(16).padStart(2, '0');
  return hex;
}
