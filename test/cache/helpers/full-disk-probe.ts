// Run inside a tmpfs too small for its writes: stores twelve 64 KB entries through the fs
// cache driver, then prints how many writes failed and which files the directory holds.
import { readdir } from 'node:fs/promises';
import process from 'node:process';
import { fsCacheDriver } from '../../../src/cache/fs-driver.ts';

const dir = process.argv[process.argv.length - 1] ?? '';
const driver = fsCacheDriver({ base: dir });
let failed = 0;
for (let i = 0; i < 12; i++)
  await Promise.resolve(driver.setItem?.(`entry${i}`, 'x'.repeat(65_536), {})).catch(() => {
    failed++;
  });
console.log(JSON.stringify({ failed, files: await readdir(dir) }));
