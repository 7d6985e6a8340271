// The whole test suite in one command: build, type-check, lint, then every test
// file under node:test. Integration tests start the built entry points on Node,
// Bun and Deno and talk to them with the official MCP client.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

function run(command, args) {
  const result = spawnSync(command, args, { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

function testFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const path = join(dir, d.name);
    if (d.isDirectory()) return d.name === 'fixtures' ? [] : testFiles(path);
    return d.name.endsWith('.test.ts') ? [path] : [];
  });
}

const only = process.argv.slice(2);
run(process.execPath, ['scripts/build.mjs']);
if (only.length === 0) {
  run(process.execPath, ['node_modules/typescript/bin/tsc', '-p', '.']);
  run(process.execPath, ['node_modules/@biomejs/biome/bin/biome', 'check', '.']);
}
const files = only.length > 0 ? only : testFiles('test').sort();
run(process.execPath, ['--import', 'tsx', '--test', '--test-concurrency=2', ...files]);
