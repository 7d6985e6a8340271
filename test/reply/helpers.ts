// Shared reply builders for the reply tests: a valid reply with overridable parts.
import type { Finding, Meta, Reply, Source } from '../../src/reply/contract.ts';

export function meta(overrides: Partial<Meta> = {}): Meta {
  return {
    model: 'haiku',
    searches: 2,
    pages: 3,
    brave: true,
    verified: 0,
    quotes: 0,
    cached: false,
    trimmed: false,
    seconds: 8.4,
    ...overrides,
  };
}

export function source(n: number): Source {
  return { title: `Source ${n}`, url: `https://example.com/${n}` };
}

export function reply(overrides: Partial<Reply> = {}): Reply {
  return {
    answer: 'Paris is the capital of France [1].',
    confidence: 'high',
    findings: [] as Finding[],
    sources: [source(1)],
    gaps: [],
    meta: meta(),
    ...overrides,
  };
}
