// The real `claude` CLI (the npm package, installed once into a cache folder) against a
// mock Messages API, with the server, the page and the mock inside a network namespace
// that has only loopback: the run's tools are WebSearch, the reader and StructuredOutput;
// its scripted read_page reaches the server's reader; the reply quoting it is verified 1/1.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { ROOT } from '../helpers/entries.ts';

const VERSION = '2.1.332';
const CACHE = join(
  process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'),
  'web-mcp-test',
  `claude-code-${VERSION}`,
);
const PKG = join(CACHE, 'node_modules', '@anthropic-ai');
// The postinstall copies the native binary over the wrapper's stub; without it, the platform package has it.
const CANDIDATES = [
  join(PKG, 'claude-code', 'bin', 'claude.exe'),
  join(PKG, 'claude-code-linux-x64', 'claude'),
];
const found = () => CANDIDATES.find((p) => existsSync(p) && statSync(p).size > 1_000_000);

function install(): string {
  const have = found();
  if (have) return have;
  mkdirSync(CACHE, { recursive: true });
  const npm = spawnSync(
    'npm',
    [
      'install',
      '--no-save',
      '--no-package-lock',
      '--no-audit',
      '--no-fund',
      '--prefix',
      CACHE,
      `@anthropic-ai/claude-code@${VERSION}`,
    ],
    { encoding: 'utf8', timeout: 300_000 },
  );
  const bin = found();
  if (!bin)
    assert.fail(
      `could not install @anthropic-ai/claude-code@${VERSION} into ${CACHE}: ${npm.stderr.slice(-1500)}`,
    );
  return bin;
}

const isRoot = process.getuid?.() === 0;
const canUnshare = isRoot && spawnSync('unshare', ['-n', 'true']).status === 0;
const skip = canUnshare ? false : 'needs root (unshare -n) to run the real CLI with no network route out';

describe('the real claude CLI', () => {
  it('reads a loopback page through the server reader and its quote comes back verified 1/1', {
    skip,
    timeout: 420_000,
  }, () => {
    const bin = install();
    const run = spawnSync(
      'unshare',
      [
        '-n',
        'sh',
        '-c',
        'ip link set lo up && exec "$0" --import tsx test/helpers/real-claude-run.ts',
        process.execPath,
      ],
      { cwd: ROOT, encoding: 'utf8', timeout: 120_000, env: { ...process.env, REAL_CLAUDE_BIN: bin } },
    );
    const line = run.stdout.split('\n').find((l) => l.startsWith('{'));
    assert.ok(line, `no result from the run: ${run.stderr.slice(-3000)}`);
    const out = JSON.parse(line) as {
      result: { content: { text: string }[]; isError?: boolean };
      initTools: string[];
      toolResults: string[];
      pageHits: string[];
      stderr: string;
    };
    assert.notEqual(out.result.isError, true, out.result.content[0]?.text ?? out.stderr);
    assert.deepEqual([...out.initTools].sort(), ['StructuredOutput', 'WebSearch', 'mcp__web__read_page']);
    // The model's second turn holds the reader's passages of the page, as the reader gave them.
    assert.equal(out.toolResults.length, 1);
    assert.match(out.toolResults[0] ?? '', /Title: Getting to Rottnest/);
    assert.match(
      out.toolResults[0] ?? '',
      /The Rottnest Island ferry takes about ninety minutes from Fremantle/,
    );
    assert.deepEqual(
      out.pageHits,
      ['/ferry'],
      'read once by the reader, never fetched again to check the quote',
    );
    const reply = JSON.parse(out.result.content[0]?.text ?? '{}') as {
      meta: { verified: number; quotes: number; pages: number; searches: number };
      findings: { verified?: boolean }[];
    };
    assert.equal(reply.meta.verified, 1);
    assert.equal(reply.meta.quotes, 1);
    assert.equal(reply.meta.pages, 1);
    assert.equal(reply.findings[0]?.verified, true);
  });
});
