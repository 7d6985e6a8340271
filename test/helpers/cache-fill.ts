// Fills a cache directory with entries as the server writes them (one file per hex key,
// a versioned envelope with its own expiry), for tests and benches of a big cache.
import { mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
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

/**
 * Resolves once `dir` holds at least `min` entries and has not changed for `quietMs`: the
 * server writes its cache after each reply, so a test that reads the cache, or expects the
 * next call to hit it, waits for the write to land.
 */
export async function cacheWritten(dir: string, min = 1, quietMs = 250, timeoutMs = 5000): Promise<void> {
  const listing = () => {
    try {
      return readdirSync(dir, { recursive: true, encoding: 'utf8' })
        .map((name) => join(dir, name))
        .filter((path) => statSync(path, { throwIfNoEntry: false })?.isFile() === true)
        .map((path) => {
          const info = statSync(path, { throwIfNoEntry: false });
          return `${path}:${info?.size}:${info?.mtimeMs}`;
        })
        .sort();
    } catch {
      return [];
    }
  };
  const end = Date.now() + timeoutMs;
  let last = listing();
  let since = Date.now();
  while (Date.now() < end) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    const now = listing();
    if (now.join('\n') !== last.join('\n')) {
      last = now;
      since = Date.now();
    } else if (now.length >= min && Date.now() - since >= quietMs) return;
  }
  throw new Error(`the cache at ${dir} holds ${last.length} entries after ${timeoutMs} ms, expected ${min}`);
}
