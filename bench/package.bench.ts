// What users download and unpack: the packed tarball's size, dist/ by part, the largest
// chunks and the packages inside each (esbuild's metafile), the share of the notices and
// declarations against the code, and `npx -y web-mcp --version` from a loopback registry
// with an empty cache (download and unpack) against the same with a warm cache (baseline).
// Run after `npm run build`: node --import tsx bench/package.bench.ts [--write]
import { execFile, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { BUNDLE_OPTIONS } from '../scripts/bundle-options.mjs';
import { startNpmRegistry } from '../test/helpers/npm-registry.ts';
import { packTarball, tarballFiles } from '../test/helpers/pack.ts';
import { machine, publish, REPO } from './lib/report.ts';

const RUNS = 3;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MB`;

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? walk(join(dir, d.name)) : [join(dir, d.name)],
  );
}

const dist = join(REPO, 'dist');
const files = walk(dist).map((path) => ({ path: relative(REPO, path), bytes: statSync(path).size }));
const total = (list: { bytes: number }[]) => list.reduce((sum, f) => sum + f.bytes, 0);
const gz = (path: string) => gzipSync(readFileSync(join(REPO, path))).length;

// Which packages make up each output chunk.
const { metafile } = await build({
  ...BUNDLE_OPTIONS,
  outdir: join(REPO, 'dist'),
  write: false,
  logLevel: 'error',
});
const owner = (input: string) =>
  /node_modules\/((?:@[^/]+\/)?[^/]+)\/(?!.*node_modules\/)/.exec(input)?.[1] ?? 'web-mcp';
function contents(output: string): string {
  const by = new Map<string, number>();
  for (const [input, { bytesInOutput }] of Object.entries(metafile.outputs[output]?.inputs ?? {})) {
    by.set(owner(input), (by.get(owner(input)) ?? 0) + bytesInOutput);
  }
  return [...by]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3)
    .map(([name, bytes]) => `${name} ${kb(bytes)}`)
    .join(', ');
}

const work = mkdtempSync(join(tmpdir(), 'web-mcp-bench-package-'));
const started = Date.now();
const tarball = packTarball(work);
const packMs = Date.now() - started;
const packed = statSync(tarball).size;
const inTarball = tarballFiles(tarball);

const parts = [
  ['node/ bun/ deno/ entries', (p: string) => /^dist\/(node|bun|deno)\//.test(p) && p.endsWith('.js')],
  ['mod.js (library entry)', (p: string) => p === 'dist/mod.js'],
  ['chunks/*.js', (p: string) => /^dist\/chunks\/.*\.js$/.test(p)],
  ['declarations (mod.d.ts, types/)', (p: string) => p.endsWith('.d.ts')],
  ['legal comments (*.LEGAL.txt)', (p: string) => p.endsWith('.LEGAL.txt')],
] as const;
const partRows = parts.map(([name, test]) => {
  const list = files.filter((f) => test(f.path));
  return `| ${name} | ${list.length} | ${kb(total(list))} | ${kb(list.reduce((s, f) => s + gz(f.path), 0))} |`;
});
const notices = {
  path: 'THIRD_PARTY_NOTICES.md',
  bytes: statSync(join(REPO, 'THIRD_PARTY_NOTICES.md')).size,
};
const code = files.filter((f) => f.path.endsWith('.js'));
const added = [...files.filter((f) => f.path.endsWith('.d.ts')), notices];

const chunks = files
  .filter((f) => f.path.endsWith('.js'))
  .sort((a, b) => b.bytes - a.bytes)
  .slice(0, 8)
  .map(
    (f) => `| ${f.path.replace(/^dist\//, '')} | ${kb(f.bytes)} | ${kb(gz(f.path))} | ${contents(f.path)} |`,
  );

// npx -y web-mcp --version from a loopback registry: empty cache vs warm cache.
const registry = await startNpmRegistry(tarball);
function npx(cache: string): Promise<number> {
  const cwd = join(work, 'cwd');
  mkdirSync(cwd, { recursive: true });
  const env = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: work,
    npm_config_registry: registry.url,
    npm_config_cache: cache,
    npm_config_update_notifier: 'false',
    npm_config_audit: 'false',
    npm_config_fund: 'false',
  };
  const t0 = performance.now();
  return new Promise((resolve, reject) => {
    execFile('npx', ['-y', 'web-mcp', '--version'], { cwd, env, timeout: 120_000 }, (error) =>
      error ? reject(error) : resolve(performance.now() - t0),
    );
  });
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const cold: number[] = [];
const warm: number[] = [];
for (let i = 0; i < RUNS; i++) {
  const cache = join(work, `cache-${i}`);
  cold.push(await npx(cache));
  warm.push(await npx(cache));
}
await registry.close();
const unpacked = spawnSync('du', ['-sb', join(work, 'cache-0', '_npx')], { encoding: 'utf8' }).stdout.split(
  '\t',
)[0];
rmSync(work, { recursive: true, force: true });

publish(
  'package',
  `# bench/package.bench.ts

${machine()}. The package as \`npm pack\` makes it from the current \`dist/\`.

| what | size |
|---|---|
| tarball (packed, what npm downloads) | ${mb(packed)} |
| files in the tarball | ${inTarball.length} |
| dist/ on disk | ${mb(total(files))} in ${files.length} files |
| installed by npx (its _npx folder) | ${mb(Number(unpacked))} |
| npm pack time | ${packMs} ms |

**dist/ by part** (gzip is each file compressed alone, an upper bound on its share of the tarball):

| part | files | size | gzip |
|---|---|---|---|
${partRows.join('\n')}
| THIRD_PARTY_NOTICES.md | 1 | ${kb(notices.bytes)} | ${kb(gz(notices.path))} |

Notices and declarations add ${kb(total(added))} to ${mb(total(code))} of JavaScript (${((100 * total(added)) / total(code)).toFixed(1)}%).

**Largest chunks**, with the three packages contributing most to each:

| file | size | gzip | mostly |
|---|---|---|---|
${chunks.join('\n')}

**\`npx -y web-mcp --version\`** from a registry on loopback, median of ${RUNS} (each a fresh cache):

| run | median | runs |
|---|---|---|
| empty cache (fetch, unpack, start) | ${median(cold).toFixed(0)} ms | ${cold.map((x) => x.toFixed(0)).join(', ')} |
| warm cache (baseline: start only) | ${median(warm).toFixed(0)} ms | ${warm.map((x) => x.toFixed(0)).join(', ')} |
`,
);
