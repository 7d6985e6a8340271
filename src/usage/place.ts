// Where the ledger lives: the `usage` folder of the cache directory, kept out of
// the answer cache's sight so that its sweep never counts or removes the ledger.
import { join } from 'node:path';
import type { Driver } from 'unstorage';
import { boundDriver } from '../cache/bounded-driver.ts';
import { CACHE_OP_TIMEOUT_MS } from '../cache/cache.ts';
import type { Runtime } from '../runtime.ts';
import { createLedgerStore, type LedgerStore } from './store.ts';

export const USAGE_FOLDER = 'usage';

export const usageDir = (cacheDir: string): string => join(cacheDir, USAGE_FOLDER);

/** The answer cache's driver without the ledger's keys (`usage:…`) in its listings. */
export function withoutLedger(driver: Driver): Driver {
  return {
    ...driver,
    getKeys: async (base, opts) =>
      (await driver.getKeys(base, opts)).filter((key) => !key.startsWith(`${USAGE_FOLDER}:`)),
  };
}

/**
 * The ledger store in `cacheDir`, through the runtime's file driver, every operation with
 * the cache's deadline: a disk that stops answering leaves the ledger behind, not a call.
 */
export function ledgerStore(
  runtime: Pick<Runtime, 'cacheDriver'>,
  cacheDir: string,
  clock: () => number,
): LedgerStore {
  const driver = boundDriver(runtime.cacheDriver(usageDir(cacheDir)), {
    timeoutMs: CACHE_OP_TIMEOUT_MS,
    listTimeoutMs: CACHE_OP_TIMEOUT_MS,
    concurrency: 2,
    onTimeout: () => {},
  });
  return createLedgerStore({ driver, clock });
}
