// Where the ledger lives: the `usage` folder of the cache directory, kept out of
// the answer cache's sight so that its sweep never counts or removes the ledger.
import { join } from 'node:path';
import type { Driver } from 'unstorage';
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

/** The ledger store in `cacheDir`, through the runtime's file driver. */
export function ledgerStore(
  runtime: Pick<Runtime, 'cacheDriver'>,
  cacheDir: string,
  clock: () => number,
): LedgerStore {
  return createLedgerStore({ driver: runtime.cacheDriver(usageDir(cacheDir)), clock });
}
