// The notices generator on made-up bundles: it lists what the metafile says landed in the
// output, reads license ids and texts, and refuses a license it may not ship or cannot read.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { bundledPackageDirs, licenseAllowed } from '../../scripts/notices.mjs';
import { ROOT } from '../helpers/entries.ts';

const SCRIPT = join(ROOT, 'scripts', 'notices.mjs');

describe('third-party notices', () => {
  const dir = mkdtempSync(join(tmpdir(), 'web-mcp-notices-'));
  after(() => rmSync(dir, { recursive: true, force: true }));

  function project(name: string, packages: Record<string, { pkg: object; files?: Record<string, string> }>) {
    const root = join(dir, name);
    const inputs: Record<string, { bytesInOutput: number }> = { 'src/own.ts': { bytesInOutput: 10 } };
    for (const [path, { pkg, files = {} }] of Object.entries(packages)) {
      mkdirSync(join(root, path), { recursive: true });
      writeFileSync(join(root, path, 'package.json'), JSON.stringify(pkg));
      for (const [file, text] of Object.entries(files)) writeFileSync(join(root, path, file), text);
      inputs[`${path}/index.js`] = { bytesInOutput: 100 };
    }
    inputs['node_modules/shaken/index.js'] = { bytesInOutput: 0 };
    writeFileSync(join(root, 'meta.json'), JSON.stringify({ outputs: { 'out.js': { inputs } } }));
    return root;
  }
  const run = (root: string) =>
    spawnSync(process.execPath, [SCRIPT, '--metafile', 'meta.json', '--out', 'NOTICES.md'], {
      cwd: root,
      encoding: 'utf8',
    });

  it('finds package folders, nested and scoped, and skips code tree-shaken to nothing', () => {
    const metafile = {
      outputs: {
        a: {
          inputs: {
            'node_modules/a/lib/x.js': { bytesInOutput: 5 },
            'node_modules/a/node_modules/b/y.js': { bytesInOutput: 5 },
            'node_modules/@s/c/z.js': { bytesInOutput: 1 },
            'node_modules/gone/index.js': { bytesInOutput: 0 },
            'src/mod.ts': { bytesInOutput: 9 },
          },
        },
      },
    };
    assert.deepEqual(bundledPackageDirs(metafile), [
      'node_modules/@s/c',
      'node_modules/a',
      'node_modules/a/node_modules/b',
    ]);
  });

  it('accepts allowed SPDX expressions and refuses the rest', () => {
    for (const ok of ['MIT', '(MIT OR GPL-3.0)', 'Apache-2.0 AND MIT', 'BSD-3-Clause', 'CC0-1.0', '0BSD']) {
      assert.equal(licenseAllowed(ok), true, ok);
    }
    for (const no of ['GPL-3.0', 'MIT AND GPL-2.0', 'SEE LICENSE IN x.txt', 'UNLICENSED', '(MIT', '']) {
      assert.equal(licenseAllowed(no), false, no);
    }
  });

  it('writes each package with version, license id and full texts, NOTICE included', () => {
    const root = project('good', {
      'node_modules/alpha': {
        pkg: { name: 'alpha', version: '1.2.3', license: 'MIT' },
        files: { LICENSE: 'MIT License\n\nCopyright (c) Alpha' },
      },
      'node_modules/@scope/beta': {
        pkg: { name: '@scope/beta', version: '2.0.0', licenses: [{ type: 'Apache-2.0' }] },
        files: {
          'LICENSE.md': 'Licensed under the Apache License, Version 2.0',
          NOTICE: 'Beta includes gamma.',
        },
      },
    });
    const result = run(root);
    assert.equal(result.status, 0, result.stderr);
    const text = readFileSync(join(root, 'NOTICES.md'), 'utf8');
    assert.match(text, /\| alpha \| 1\.2\.3 \| MIT \|/);
    assert.match(text, /## @scope\/beta 2\.0\.0 — Apache-2\.0/);
    assert.match(text, /Copyright \(c\) Alpha/);
    assert.match(text, /### NOTICE\n\n```text\nBeta includes gamma\./);
    assert.match(text, /## Apache-2\.0 \(full text\)[\s\S]*END OF TERMS AND CONDITIONS/);
    assert.doesNotMatch(text, /shaken/);
  });

  it('fails naming every package it may not ship: a license outside the list, none, or no text', () => {
    const root = project('bad', {
      'node_modules/copyleft': {
        pkg: { name: 'copyleft', version: '1.0.0', license: 'GPL-3.0-only' },
        files: { LICENSE: 'GNU GPL' },
      },
      'node_modules/silent': { pkg: { name: 'silent', version: '0.1.0' }, files: { LICENSE: 'x' } },
      'node_modules/textless': { pkg: { name: 'textless', version: '3.0.0', license: 'MIT' } },
    });
    const result = run(root);
    assert.equal(result.status, 1);
    assert.match(result.stderr, /3 bundled package\(s\) cannot be shipped/);
    assert.match(result.stderr, /copyleft@1\.0\.0 .*license "GPL-3\.0-only" is not in the allow-list/);
    assert.match(result.stderr, /silent@0\.1\.0 .*names no license/);
    assert.match(result.stderr, /textless@3\.0\.0 .*ships no LICENSE file/);
  });
});
