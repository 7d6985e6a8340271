// Doctor's look at the cache directory: where it is, how big, and whether the
// server can write there (without it answers are simply not cached).
import { lstat, readdir, unlink, writeFile } from 'node:fs/promises';
import type { Check } from './checks.ts';

async function exists(path: string): Promise<boolean> {
  return lstat(path).then(
    () => true,
    () => false,
  );
}

// A real write, not access(W_OK): Deno's access() needs --allow-sys (the uid), and
// a write is what the cache will do. The probe file is removed at once.
async function writable(dir: string): Promise<boolean> {
  const probe = `${dir}/.doctor-${crypto.randomUUID()}`;
  try {
    await writeFile(probe, '', { flag: 'wx' });
    await unlink(probe).catch(() => {});
    return true;
  } catch {
    return false;
  }
}

/** Bytes of every file under dir (symlinks not followed). */
export async function directorySize(dir: string): Promise<number> {
  let total = 0;
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) total += await directorySize(path);
    else if (entry.isFile())
      total += await lstat(path).then(
        (s) => s.size,
        () => 0,
      );
  }
  return total;
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Number((bytes / 1024).toFixed(1))} KB`;
  return `${Number((bytes / 1024 / 1024).toFixed(1))} MB`;
}

export async function cacheCheck(dir: string, maxBytes: number): Promise<Check> {
  const cap = formatBytes(maxBytes);
  const fix =
    'fix its permissions or set WEB_MCP_CACHE_DIR to a writable directory; until then nothing is cached';
  if (!(await exists(dir))) {
    // Not probed: writing into its parent is not ours to do (and Deno may write only the dir itself).
    const message = `${dir} (not created yet; made on first use; cap ${cap})`;
    return { name: 'cache', status: 'ok', message, facts: { dir, bytes: 0, maxBytes, exists: false } };
  }
  const bytes = await directorySize(dir);
  const facts = { dir, bytes, maxBytes, exists: true };
  if (!(await writable(dir))) {
    return { name: 'cache', status: 'warn', message: `${dir} is not writable`, fix, facts };
  }
  return { name: 'cache', status: 'ok', message: `${dir}, ${formatBytes(bytes)} of ${cap}`, facts };
}
