// Deno runs the cache-driver contract on its own adapter's driver (`deno test` this file;
// test/runtime/cache-driver.test.ts starts it).
import { denoRuntime } from '../../adapters/deno/runtime.ts';
import { testCacheDriver } from './cache-driver.contract.ts';

testCacheDriver('deno', (dir) => denoRuntime.cacheDriver(dir));
