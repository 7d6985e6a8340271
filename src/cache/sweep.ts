// Keeps the cache bounded: removes expired and unreadable entries, then the oldest
// ones until the total fits. Works with any unstorage driver (sizes from getMeta when it has one).
import type { Driver } from 'unstorage';

/** What the sweep needs to know about one stored entry; undefined means "not a valid entry". */
export type ReadEntryTimes = (
  raw: unknown,
) => { readonly storedAt: number; readonly expiresAt: number } | undefined;

export interface SweepOptions {
  readonly driver: Driver;
  readonly now: number;
  /** The cap; the sweep only evicts live entries when the total is above it. */
  readonly maxBytes: number;
  /** Where eviction stops, below the cap so that the next few writes don't sweep again. */
  readonly targetBytes: number;
  readonly readTimes: ReadEntryTimes;
}

export interface SweepResult {
  readonly keptBytes: number;
  readonly keptEntries: number;
  readonly removedEntries: number;
}

interface Live {
  readonly key: string;
  readonly bytes: number;
  readonly storedAt: number;
}

/** Reads a few entries at a time: enough to hide disk latency, few enough not to flood the fd table. */
const PARALLEL = 8;
const encoder = new TextEncoder();

async function sizeOf(driver: Driver, key: string, raw: unknown): Promise<number> {
  const meta = await Promise.resolve(driver.getMeta?.(key, {})).catch(() => null);
  const size: unknown = meta?.size;
  if (typeof size === 'number' && Number.isFinite(size)) return size;
  return typeof raw === 'string'
    ? encoder.encode(raw).length
    : encoder.encode(JSON.stringify(raw) ?? '').length;
}

export async function sweepEntries(options: SweepOptions): Promise<SweepResult> {
  const { driver, now, readTimes } = options;
  const remove = async (key: string) => {
    await Promise.resolve(driver.removeItem?.(key, {})).catch(() => undefined);
  };
  // Listing also lets the driver clear debris of its own (an fs driver's stale temp files).
  const keys = await driver.getKeys('', {});
  const live: Live[] = [];
  let removedEntries = 0;

  let next = 0;
  const worker = async () => {
    while (next < keys.length) {
      const key = keys[next++];
      if (key === undefined) break;
      const raw: unknown = await Promise.resolve(driver.getItem(key, {})).catch(() => null);
      if (raw === null || raw === undefined) continue; // removed since listing
      const times = readTimes(raw);
      if (times === undefined || times.expiresAt <= now) {
        await remove(key);
        removedEntries += 1;
        continue;
      }
      live.push({ key, bytes: await sizeOf(driver, key, raw), storedAt: times.storedAt });
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, keys.length) }, worker));

  let keptBytes = live.reduce((sum, entry) => sum + entry.bytes, 0);
  let keptEntries = live.length;
  if (keptBytes > options.maxBytes) {
    live.sort((a, b) => a.storedAt - b.storedAt);
    for (const entry of live) {
      if (keptBytes <= options.targetBytes) break;
      await remove(entry.key);
      keptBytes -= entry.bytes;
      keptEntries -= 1;
      removedEntries += 1;
    }
  }
  return { keptBytes, keptEntries, removedEntries };
}
