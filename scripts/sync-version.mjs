// Copies package.json's version (the one place it is kept) into server.json, for the
// server itself and its npm package. `npm version X` runs it; `--check` only compares.
import { readFileSync, writeFileSync } from 'node:fs';

const { version } = JSON.parse(readFileSync('package.json', 'utf8'));
const text = readFileSync('server.json', 'utf8');
const server = JSON.parse(text);
const stale = [server.version, ...(server.packages ?? []).map((p) => p.version)].some((v) => v !== version);

if (process.argv.includes('--check')) {
  if (stale) {
    console.error(`server.json is not at package.json's version ${version}: run node scripts/sync-version.mjs`);
    process.exit(1);
  }
} else if (stale) {
  server.version = version;
  for (const p of server.packages ?? []) p.version = version;
  writeFileSync('server.json', `${JSON.stringify(server, null, 2)}\n`);
  console.log(`server.json: version ${version}`);
}
