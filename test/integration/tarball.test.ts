// What the packed tarball holds: only what users need (no src/, test/, bench/), the
// third-party notices naming every package the bundle holds (with Readability's
// Apache-2.0 text), and declarations a TypeScript consumer compiles against.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { build } from 'esbuild';
import { BUNDLE_OPTIONS } from '../../scripts/bundle-options.mjs';
import { bundledPackageDirs, readPackage } from '../../scripts/notices.mjs';
import { ROOT } from '../helpers/entries.ts';
import { packTarball, tarballFiles, tarballText } from '../helpers/pack.ts';

const TSC = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');

describe('packed tarball', () => {
  let dir: string;
  let tarball: string;
  let files: string[];
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'web-mcp-tarball-'));
    tarball = packTarball(dir);
    files = tarballFiles(tarball);
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('holds only what users need', () => {
    const allowed =
      /^(bin\/|dist\/|package\.json$|README\.md$|LICENSE$|THIRD_PARTY_NOTICES\.md$|deno\.json$)/;
    const extra = files.filter((f) => !allowed.test(f));
    assert.deepEqual(extra, [], `unexpected files in the tarball: ${extra.join(', ')}`);
    for (const needed of [
      'bin/web-mcp.js',
      'dist/node/main.js',
      'dist/bun/main.js',
      'dist/deno/main.js',
      'dist/read-worker.js',
    ]) {
      assert.ok(files.includes(needed), `${needed} is packed`);
    }
    assert.ok(!files.some((f) => /^(src|test|bench|scripts|adapters)\//.test(f)));
  });

  it('names every bundled package, with its version, license and license text', async () => {
    const { metafile } = await build({ ...BUNDLE_OPTIONS, outdir: join(dir, 'out'), write: false });
    const bundled = bundledPackageDirs(metafile).map((d) => readPackage(join(ROOT, d)));
    assert.ok(bundled.length >= 10, `found ${bundled.length} bundled packages`);
    const notices = tarballText(tarball, 'THIRD_PARTY_NOTICES.md');
    for (const pkg of bundled) {
      assert.ok(
        notices.includes(`| ${pkg.name} | ${pkg.version} | ${pkg.license} |`),
        `${pkg.name}@${pkg.version} is listed`,
      );
      const heading = `## ${pkg.name} ${pkg.version} — ${pkg.license}`;
      assert.ok(notices.includes(heading), `${heading} has a section`);
      for (const text of pkg.licenses)
        assert.ok(notices.includes(text.text), `${pkg.name} ${text.file} is copied`);
    }
  });

  it('names code a package carries inside it under its own license (PDF.js in unpdf)', () => {
    const notices = tarballText(tarball, 'THIRD_PARTY_NOTICES.md');
    assert.match(notices, /\| PDF\.js \(inside unpdf\) \| \d+\.\d+\.\d+ \| Apache-2\.0 \|/);
  });

  it("carries Readability's Apache-2.0 license text", () => {
    const notices = tarballText(tarball, 'THIRD_PARTY_NOTICES.md');
    const start = notices.indexOf('## @mozilla/readability ');
    assert.notEqual(start, -1);
    const section = notices.slice(start, notices.indexOf('\n## ', start + 1));
    assert.match(section, /— Apache-2\.0/);
    assert.match(section, /Licensed under the Apache License, Version 2\.0/);
    // Its LICENSE.md is the short header; the full text it refers to is appended.
    assert.match(section, /full Apache-2\.0 text its license refers to/);
    const full = notices.slice(notices.indexOf('\n## Apache-2.0 (full text)'));
    assert.match(full, /Apache License\s+Version 2\.0, January 2004/);
    assert.match(full, /TERMS AND CONDITIONS FOR USE, REPRODUCTION, AND DISTRIBUTION/);
    assert.match(full, /END OF TERMS AND CONDITIONS/);
  });

  it('ships dist/mod.d.ts, named by the "types" export', () => {
    assert.ok(files.includes('dist/mod.d.ts'));
    assert.ok(files.includes('dist/types/page/html/extract.d.ts'));
    const manifest = JSON.parse(tarballText(tarball, 'package.json')) as {
      exports: Record<string, { types?: string; default?: string }>;
    };
    assert.deepEqual(manifest.exports['.'], { types: './dist/mod.d.ts', default: './dist/mod.js' });
  });

  it('ships the Node runtime for embedders as web-mcp/node, with its declaration', () => {
    const manifest = JSON.parse(tarballText(tarball, 'package.json')) as {
      exports: Record<string, { types?: string; default?: string }>;
    };
    assert.deepEqual(manifest.exports['./node'], {
      types: './dist/node/runtime.d.ts',
      default: './dist/node/runtime.js',
    });
    for (const file of ['dist/node/runtime.js', 'dist/node/runtime.d.ts'])
      assert.ok(files.includes(file), file);
  });

  it('a TypeScript consumer compiles against the installed package, and a misuse does not', () => {
    const app = join(dir, 'consumer');
    const install = spawnSync(
      'npm',
      ['install', '--offline', '--no-audit', '--no-fund', '--prefix', app, tarball],
      {
        encoding: 'utf8',
        env: { ...process.env, npm_config_cache: join(dir, 'npm-cache') },
      },
    );
    assert.equal(install.status, 0, install.stderr);
    writeFileSync(
      join(app, 'package.json'),
      JSON.stringify({ name: 'consumer', private: true, type: 'module' }),
    );
    writeFileSync(
      join(app, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2023',
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          lib: ['ES2023', 'DOM'],
          types: [],
          strict: true,
          skipLibCheck: true,
          noEmit: true,
        },
        files: ['consumer.ts'],
      }),
    );
    const good = `import { createApp, extractPage, selectPassages, type Extracted, type ToolError } from 'web-mcp';
const page: Extracted = await extractPage('<html><body><p>Hello</p></body></html>', 'http://127.0.0.1/');
const passages: string[] = await selectPassages(page.markdown, 'hello', 300);
const failure: ToolError = { kind: 'error', code: 'invalid_input', message: 'invalid_input: say what' };
console.log(passages, failure, typeof createApp);
`;
    writeFileSync(join(app, 'consumer.ts'), good);
    const ok = spawnSync(process.execPath, [TSC, '-p', app], { encoding: 'utf8' });
    assert.equal(ok.status, 0, ok.stdout);

    writeFileSync(
      join(app, 'consumer.ts'),
      `${good}const wrong: number = page.title;\nconsole.log(wrong);\n`,
    );
    const bad = spawnSync(process.execPath, [TSC, '-p', app], { encoding: 'utf8' });
    assert.notEqual(bad.status, 0, 'a type error is reported: the declarations are not `any`');
    assert.match(bad.stdout, /TS2322: Type 'string' is not assignable to type 'number'/);
  });
});
