// Fills a cache directory with entries as the server writes them (one file per hex key,
// a versioned envelope with its own expiry), for tests and benches of a big cache.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Writes `count` live entries of about `bytes` bytes each, keyed like the server's keys (64 hex digits). */
export function fillCache(dir: string, count: number, bytes = 1500): void {
  mkdirSync(dir, { recursive: true });
  const now = Date.now();
  const filler = 'x'.repeat(Math.max(0, bytes - 120));
  for (let i = 0; i < count; i++) {
    const key = i.toString(16).padStart(64, 'f');
    const entry = {
      v: 1,
      storedAt: now - i * 1000,
      expiresAt: now + 7 * 24 * 3600 * 1000,
      value: { filler, i },
    };
    writeFileSync(join(dir, key), JSON.stringify(entry));
  }
}
