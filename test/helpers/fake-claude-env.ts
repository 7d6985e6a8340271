// A sandbox for integration tests: a `claude` on PATH that runs the fake with its
// scenario settings baked in (the server passes claude only an allow-list of
// variables, so FAKE_CLAUDE_* cannot travel through the server's environment),
// a log of its runs, and a private cache dir — no test touches the real claude or ~/.cache.
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { ROOT } from './entries.ts';

const FAKE_CLAUDE = join(ROOT, 'test', 'fake-claude.js');

export interface FakeRun {
  readonly argv: string[];
  readonly env: Record<string, string>;
  readonly stdin: string;
  readonly cwd: string;
  readonly pid: number;
}

export interface Sandbox {
  readonly dir: string;
  readonly log: string;
  readonly pidFile: string;
  readonly cacheDir: string;
  /** Tool uses the fake announced, in order (FAKE_CLAUDE_TOOL_LOG). */
  toolUses(): string[];
  /** Environment for the server: the fake first on PATH, a private cache dir and TMPDIR, plus `extra`. */
  env(extra?: Record<string, string>): Record<string, string>;
  /** Claude run dirs left in the private TMPDIR: each run must remove its own. */
  leftoverRunDirs(): string[];
  runs(): FakeRun[];
  remove(): void;
}

const shellQuote = (value: string) => `'${value.replace(/'/g, `'\\''`)}'`;

/** `fake` sets the fake's FAKE_CLAUDE_* variables (scenario, output…). */
export function sandbox(fake: Record<string, string> = {}): Sandbox {
  const dir = mkdtempSync(join(tmpdir(), 'web-mcp-it-'));
  const bin = join(dir, 'bin');
  const log = join(dir, 'claude.log');
  const pidFile = join(dir, 'grandchild.pid');
  const toolLog = join(dir, 'tools.log');
  const cacheDir = join(dir, 'cache');
  const tmp = join(dir, 'tmp');
  mkdirSync(bin);
  mkdirSync(tmp);
  const settings = {
    FAKE_CLAUDE_LOG: log,
    FAKE_CLAUDE_PIDFILE: pidFile,
    FAKE_CLAUDE_TOOL_LOG: toolLog,
    ...fake,
  };
  const exports = Object.entries(settings).map(([k, v]) => `export ${k}=${shellQuote(v)}`);
  writeFileSync(
    join(bin, 'claude'),
    `#!/bin/sh\n${exports.join('\n')}\nexec ${shellQuote(process.execPath)} ${shellQuote(FAKE_CLAUDE)} "$@"\n`,
  );
  chmodSync(join(bin, 'claude'), 0o755);
  return {
    dir,
    log,
    pidFile,
    cacheDir,
    env: (extra = {}) => ({
      PATH: `${bin}:${dirname(process.execPath)}:/usr/bin:/bin`,
      WEB_MCP_CACHE_DIR: cacheDir,
      TMPDIR: tmp,
      ...extra,
    }),
    toolUses: () => {
      try {
        return readFileSync(toolLog, 'utf8')
          .split('\n')
          .filter((l) => l.trim())
          .map((l) => (JSON.parse(l) as { name: string }).name);
      } catch {
        return [];
      }
    },
    leftoverRunDirs: () => readdirSync(tmp).filter((name) => name.startsWith('web-mcp-run-')),
    runs: () => {
      try {
        return readFileSync(log, 'utf8')
          .split('\n')
          .filter((l) => l.trim())
          .map((l) => JSON.parse(l) as FakeRun);
      } catch {
        return [];
      }
    },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
