// Shared by the research tests: run the fake claude through the real Node spawn
// adapter, read what it logged, and tell whether a process is gone.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawnNode } from '../../adapters/node/spawn.ts';
import { buildClaudeArgs, buildClaudeEnv } from '../../src/claude/args.ts';
import { type RunEvent, type RunResult, runClaude } from '../../src/claude/run.ts';
import { researchSchema } from '../../src/claude/schema.ts';
import type { ToolError } from '../../src/errors.ts';

export { isGone, waitFor, waitGone } from '../helpers/processes.ts';

export const FAKE_CLAUDE = fileURLToPath(new URL('../fake-claude.js', import.meta.url));
export const nodeRuntime = { spawn: spawnNode };

export const researchArgs = () =>
  buildClaudeArgs({
    model: 'haiku',
    schema: researchSchema(400),
    systemPrompt: 'Be careful.',
    maxTurns: 16,
    tools: 'web',
  });

export async function scratchDir(): Promise<string> {
  return mkdtemp(join(tmpdir(), 'web-mcp-test-'));
}

export interface FakeRun {
  readonly result: RunResult | ToolError;
  readonly events: RunEvent[];
  readonly dirs: string[];
  readonly log: FakeLogEntry[];
}

export interface FakeLogEntry {
  argv: string[];
  env: Record<string, string>;
  stdin: string;
  cwd: string;
  pid: number;
  pgid?: number;
  grandchildPid?: number;
}

/** Runs the fake once with `fakeEnv` added to the child env built from `parentEnv`. */
export async function runFake(
  fakeEnv: Record<string, string>,
  extra: {
    signal?: AbortSignal;
    parentEnv?: Record<string, string | undefined>;
    args?: string[];
    prompt?: string;
  } = {},
): Promise<FakeRun> {
  const scratch = await scratchDir();
  const logFile = join(scratch, 'log.ndjson');
  const dirs: string[] = [];
  const events: RunEvent[] = [];
  try {
    const result = await runClaude({
      runtime: nodeRuntime,
      claudeBin: FAKE_CLAUDE,
      args: extra.args ?? researchArgs(),
      env: { ...buildClaudeEnv(extra.parentEnv ?? process.env), FAKE_CLAUDE_LOG: logFile, ...fakeEnv },
      prompt: extra.prompt ?? 'Question: what is example.com?',
      signal: extra.signal ?? new AbortController().signal,
      onEvent: (e) => events.push(e),
      makeTempDir: async () => {
        const dir = await mkdtemp(join(tmpdir(), 'web-mcp-run-'));
        dirs.push(dir);
        return dir;
      },
      removeDir: (p) => rm(p, { recursive: true, force: true }),
    });
    return { result, events, dirs, log: await readLog(logFile) };
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

export async function readLog(file: string): Promise<FakeLogEntry[]> {
  const text = await readFile(file, 'utf8').catch(() => '');
  return text
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l) as FakeLogEntry);
}
