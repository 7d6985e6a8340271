// WEB_MCP_MAX_PDF_MB: 10 MB by default, 1–50 allowed; a bad value stops the server at
// start with one line naming the variable and exit code 2.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { describe, it } from 'node:test';
import { parseCli } from '../src/config.ts';
import { ROOT } from './helpers/entries.ts';

const parse = (env: Record<string, string>) =>
  parseCli({ argv: [], env: { HOME: '/home/u', ...env }, platform: 'linux', readTextFile: () => '' });

describe('WEB_MCP_MAX_PDF_MB', () => {
  it('defaults to 10 MB and takes 1 to 50', () => {
    for (const [value, mb] of [
      [undefined, 10],
      ['1', 1],
      [' 50 ', 50],
    ] as const) {
      const parsed = parse(value === undefined ? {} : { WEB_MCP_MAX_PDF_MB: value });
      assert.equal(parsed.kind, 'serve');
      if (parsed.kind === 'serve') assert.equal(parsed.config.maxPdfBytes, mb * 1024 * 1024);
    }
  });

  it('refuses 0, 51, fractions and words, naming the variable', () => {
    for (const value of ['0', '51', '2.5', 'ten', '']) {
      const parsed = parse({ WEB_MCP_MAX_PDF_MB: value });
      assert.equal(parsed.kind, 'error', value);
      if (parsed.kind === 'error')
        assert.match(parsed.message, /^WEB_MCP_MAX_PDF_MB must be a whole number from 1 to 50/);
    }
  });

  it('a bad value stops the server before it starts: one line on stderr, exit 2', () => {
    const run = spawnSync(process.execPath, [`${ROOT}dist/node/main.js`], {
      env: { ...process.env, WEB_MCP_MAX_PDF_MB: '51' },
      input: '',
      encoding: 'utf8',
      timeout: 30_000,
    });
    assert.equal(run.status, 2);
    const lines = run.stderr.trim().split('\n');
    assert.equal(lines.length, 1, run.stderr);
    assert.match(lines[0] ?? '', /WEB_MCP_MAX_PDF_MB/);
  });

  it('is listed in --help', () => {
    const run = spawnSync(process.execPath, [`${ROOT}dist/node/main.js`, '--help'], { encoding: 'utf8' });
    assert.match(run.stdout, /WEB_MCP_MAX_PDF_MB/);
    assert.match(
      run.stdout,
      /\nResearch reads pages with: this server \(WEB_MCP_READER=server, the default\)\n$/,
    );
  });
});
