// Bun runs the cache-driver contract on its own adapter's driver (`bun test` this file;
// test/runtime/cache-driver.test.ts starts it).
import { bunRuntime } from '../../adapters/bun/runtime.ts';
import { testCacheDriver } from './cache-driver.contract.ts';

testCacheDriver('bun', (dir) => bunRuntime.cacheDriver(dir));
