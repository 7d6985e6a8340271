// The unstorage driver for the disk cache: one file per key, written atomically
// (temp file in the same directory, then rename) so a crash never leaves a torn entry.
// Only regular files are read: a FIFO, device, symlink or directory at a key is absent, and so
// is a file larger than any entry the server writes (told by its size, before reading it).
// Only node:fs and node:path, so Bun and Deno can use it unchanged.
import { constants, lstat, mkdir, open, readdir, rename, rm, unlink, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { type Driver, defineDriver } from 'unstorage';

export interface FsCacheDriverOptions {
  readonly base: string;
  /** A temp file older than this is debris from a crashed write; listing keys deletes it. */
  readonly staleTempMs?: number;
  /** The largest entry written; a larger file at a key is absent. */
  readonly maxEntryBytes?: number;
}

const DEFAULT_STALE_TEMP_MS = 10 * 60 * 1000;
/** Far above any page text or answer the server stores (a long PDF's text is a few megabytes). */
export const MAX_ENTRY_BYTES = 32 * 1_048_576;
/** Temp files start with a dot and end in .tmp; keys may do neither, so the two never meet. */
const TEMP_NAME = /^\..*\.tmp$/;

function errorCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('code' in error)) return undefined;
  return typeof error.code === 'string' ? error.code : undefined;
}

/** Missing files (or a missing directory on the way) just mean "no such entry". */
const isAbsent = (error: unknown) => ['ENOENT', 'ENOTDIR', 'EISDIR'].includes(errorCode(error) ?? '');

const ignoreAbsent = (error: unknown) => {
  if (!isAbsent(error)) throw error;
};

/**
 * Non-blocking so that opening a FIFO returns at once instead of waiting for a writer
 * (and holding an I/O thread); no-follow so a symlink planted at a key is never read.
 */
const READ_FLAGS = constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOFOLLOW;

/** The text of the regular file at `path`, or undefined when there is none (or something else, or something larger, is there). */
async function readRegular(path: string, maxBytes: number): Promise<string | undefined> {
  const handle = await open(path, READ_FLAGS).catch((error: unknown) => {
    if (isAbsent(error) || errorCode(error) === 'ELOOP') return undefined;
    throw error;
  });
  if (handle === undefined) return undefined;
  try {
    const info = await handle.stat();
    if (!info.isFile() || info.size > maxBytes) return undefined;
    return await handle.readFile('utf8');
  } finally {
    await handle.close().catch(() => undefined);
  }
}

/** getMeta gives this many leading bytes as `head`: a sweep reads an entry's times there, not the whole file. */
export const META_HEAD_BYTES = 128;

/** Size, mtime and first bytes of the regular file at `path`, or null when there is none. */
async function metaOf(path: string): Promise<{ mtime: Date; size: number; head: string } | null> {
  const handle = await open(path, READ_FLAGS).catch((error: unknown) => {
    if (isAbsent(error) || errorCode(error) === 'ELOOP') return undefined;
    throw error;
  });
  if (handle === undefined) return null;
  try {
    const info = await handle.stat();
    if (!info.isFile()) return null;
    const bytes = new Uint8Array(Math.min(META_HEAD_BYTES, info.size));
    const { bytesRead } = await handle.read(bytes, 0, bytes.length, 0);
    return {
      mtime: info.mtime,
      size: info.size,
      head: new TextDecoder().decode(bytes.subarray(0, bytesRead)),
    };
  } finally {
    await handle.close().catch(() => undefined);
  }
}

export const fsCacheDriver: (options: FsCacheDriverOptions) => Driver = defineDriver(
  (options: FsCacheDriverOptions) => {
    const base = resolve(options.base);
    const staleTempMs = options.staleTempMs ?? DEFAULT_STALE_TEMP_MS;
    const maxEntryBytes = options.maxEntryBytes ?? MAX_ENTRY_BYTES;
    const encoder = new TextEncoder();
    let tempCounter = 0;

    const pathOf = (key: string): string => {
      const segments = key.split(':');
      if (segments.some((s) => s === '' || s === '.' || s === '..' || s.startsWith('.') || /[/\\]/.test(s))) {
        throw new Error(
          `cache key ${JSON.stringify(key)} is not a plain key (no empty, dot or slash segments)`,
        );
      }
      return join(base, ...segments);
    };

    const atomicWrite = async (path: string, value: string) => {
      const dir = dirname(path);
      const name = path.slice(dir.length + 1);
      tempCounter += 1;
      const temp = join(dir, `.${name}.${crypto.randomUUID().slice(0, 8)}${tempCounter}.tmp`);
      try {
        try {
          // No fsync: a torn file after power loss fails validation and is a miss, which a cache can afford.
          await writeFile(temp, value, { encoding: 'utf8', flag: 'wx' });
        } catch (error) {
          if (errorCode(error) !== 'ENOENT') throw error;
          // Directory missing (first write, or deleted under us): create it once, then retry.
          await mkdir(dir, { recursive: true });
          await writeFile(temp, value, { encoding: 'utf8', flag: 'wx' });
        }
        await rename(temp, path);
      } catch (error) {
        // A full disk leaves a partial temp file: it goes at once, so the space comes back.
        await unlink(temp).catch(() => undefined);
        throw error;
      }
    };

    const walk = async (dir: string, now: number): Promise<string[]> => {
      const entries = await readdir(dir, { withFileTypes: true }).catch((error: unknown) => {
        ignoreAbsent(error);
        return [];
      });
      const keys: string[] = [];
      for (const entry of entries) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) {
          keys.push(...(await walk(path, now)));
        } else if (TEMP_NAME.test(entry.name)) {
          // A recent temp file may be a write in progress; only old ones are debris.
          const info = await lstat(path).catch(() => undefined);
          if (info !== undefined && now - info.mtimeMs > staleTempMs)
            await unlink(path).catch(() => undefined);
        } else if (entry.isFile() && !entry.name.startsWith('.')) {
          keys.push(relative(base, path).split(sep).join(':'));
        }
      }
      return keys;
    };

    return {
      name: 'web-mcp-fs',
      options,
      async hasItem(key) {
        return (await lstat(pathOf(key)).catch(ignoreAbsent))?.isFile() ?? false;
      },
      async getItem(key) {
        return (await readRegular(pathOf(key), maxEntryBytes)) ?? null;
      },
      async setItem(key, value) {
        if (value.length > maxEntryBytes / 3 && encoder.encode(value).length > maxEntryBytes)
          throw new Error(`cache entry ${key} is larger than ${maxEntryBytes} bytes; not written`);
        await atomicWrite(pathOf(key), value);
      },
      async removeItem(key) {
        await unlink(pathOf(key)).catch(ignoreAbsent);
      },
      async getMeta(key) {
        return metaOf(pathOf(key));
      },
      async getKeys() {
        return walk(base, Date.now());
      },
      async clear() {
        await rm(base, { recursive: true, force: true });
      },
    };
  },
);
