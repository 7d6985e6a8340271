// One stored cache entry: a versioned JSON envelope with its own expiry, and the
// reader that turns whatever is on disk (garbage, a torn file, an old shape) into an entry or nothing.
import * as v from 'valibot';

/** Bumped whenever a cached value's shape changes: older entries then read as misses. */
export const FORMAT_VERSION = 1;

const EntrySchema = v.object({
  v: v.literal(FORMAT_VERSION),
  storedAt: v.number(),
  expiresAt: v.number(),
  value: v.unknown(),
});
export type Entry = v.InferOutput<typeof EntrySchema>;

export function readEntry(raw: unknown): Entry | undefined {
  let data: unknown = raw;
  if (typeof raw === 'string') {
    try {
      data = JSON.parse(raw);
    } catch {
      return undefined; // garbage or a truncated file
    }
  }
  const parsed = v.safeParse(EntrySchema, data);
  return parsed.success ? parsed.output : undefined;
}

/** How many leading bytes of a stored entry hold its times (`{"v":1,"storedAt":…,"expiresAt":…,`). */
export const ENTRY_HEAD_BYTES = 96;
const HEAD =
  /^\{"v":(\d+),"storedAt":(-?\d+(?:\.\d+)?(?:e\+?\d+)?),"expiresAt":(-?\d+(?:\.\d+)?(?:e\+?\d+)?),/;

/** The times from the head of an entry as `set` writes it; undefined when the head is not that shape. */
export function readEntryHead(head: string): { storedAt: number; expiresAt: number } | undefined {
  const m = HEAD.exec(head);
  if (m === null || Number(m[1]) !== FORMAT_VERSION) return undefined;
  return { storedAt: Number(m[2]), expiresAt: Number(m[3]) };
}
