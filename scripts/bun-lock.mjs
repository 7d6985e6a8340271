// Keeps bun.lockb in step with package.json: `--check` fails when it is stale
// (run by CI), no flag rewrites it. Works in a scratch folder, so node_modules is untouched.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const check = process.argv.includes('--check');
const bun = ['node_modules/bun/bin/bun.exe', 'node_modules/@oven/bun-linux-x64/bin/bun'].find(existsSync);
if (!bun) {
  console.error('bun-lock: Bun is not installed; run npm ci first');
  process.exit(1);
}
const scratch = mkdtempSync(join(tmpdir(), 'web-mcp-bun-lock-'));
try {
  for (const file of ['package.json', 'bunfig.toml', ...(check ? ['bun.lockb'] : [])])
    copyFileSync(file, join(scratch, file));
  const args = ['install', '--lockfile-only', ...(check ? ['--frozen-lockfile'] : [])];
  const result = spawnSync(join(process.cwd(), bun), args, { cwd: scratch, encoding: 'utf8' });
  if (result.status !== 0) {
    console.error(
      `bun-lock: bun.lockb is not current with package.json; run node scripts/bun-lock.mjs\n${result.stderr}`,
    );
    process.exit(1);
  }
  if (!check) copyFileSync(join(scratch, 'bun.lockb'), 'bun.lockb');
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
