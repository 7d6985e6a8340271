// Keeps the cache bounded: removes expired and unreadable entries, then the oldest
// ones until the total fits. Works with any unstorage driver; one whose getMeta gives
// the size and the entry's first bytes (`head`) is swept without reading whole entries.
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
  /** The times from an entry's first bytes, when the driver's getMeta gives them as `head`. */
  readonly readHeadTimes?: (
    head: string,
  ) => { readonly storedAt: number; readonly expiresAt: number } | undefined;
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

const sizeOfRaw = (raw: unknown): number =>
  typeof raw === 'string' ? encoder.encode(raw).length : encoder.encode(JSON.stringify(raw) ?? '').length;

type Looked = { readonly times: ReturnType<ReadEntryTimes>; readonly bytes: number } | 'gone';

/** An entry's times and size: from getMeta alone when it gives both, else from the whole entry. */
async function look(driver: Driver, key: string, options: SweepOptions): Promise<Looked> {
  const meta = await Promise.resolve(driver.getMeta?.(key, {})).catch(() => null);
  const size: unknown = meta?.size;
  const known = typeof size === 'number' && Number.isFinite(size) ? size : undefined;
  const head: unknown = meta?.head;
  const fromHead = typeof head === 'string' ? options.readHeadTimes?.(head) : undefined;
  if (fromHead !== undefined && known !== undefined) return { times: fromHead, bytes: known };
  const raw: unknown = await Promise.resolve(driver.getItem(key, {})).catch(() => null);
  if (raw === null || raw === undefined) return 'gone'; // removed since listing
  return { times: options.readTimes(raw), bytes: known ?? sizeOfRaw(raw) };
}

export async function sweepEntries(options: SweepOptions): Promise<SweepResult> {
  const { driver, now } = options;
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
      const looked = await look(driver, key, options);
      if (looked === 'gone') continue;
      const { times, bytes } = looked;
      if (times === undefined || times.expiresAt <= now) {
        await remove(key);
        removedEntries += 1;
        continue;
      }
      live.push({ key, bytes, storedAt: times.storedAt });
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
