// One headless `claude -p` run: spawn in its own process group and a fresh temp
// dir, prompt on stdin, live events, kill on abort, and the outcome as a value.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as v from 'valibot';
import { abortCode, type ToolError, toolError } from '../errors.ts';
import { type Draft, DraftSchema } from '../reply/contract.ts';
import { RUN_DIR_PREFIX, type Runtime, SpawnError, type Subprocess } from '../runtime.ts';
import {
  createLineSplitter,
  createStreamState,
  type RunEvent,
  readLine,
  type StreamState,
} from './events.ts';
import { mapFailure } from './failures.ts';

export { buildClaudeArgs, buildClaudeEnv, type ClaudeArgsOptions } from './args.ts';
export type { RunEvent } from './events.ts';

export interface RunResult {
  readonly draft: Draft;
  readonly searches: number;
  readonly pages: number;
  readonly fetchedUrls: readonly string[];
  readonly model?: string;
  readonly seconds: number;
}

export interface RunClaudeOptions {
  readonly runtime: Pick<Runtime, 'spawn'>;
  readonly claudeBin: string;
  readonly args: readonly string[];
  readonly env: Readonly<Record<string, string>>;
  readonly prompt: string;
  /** Files written into the run's directory before it starts (owner-only), by name. */
  readonly files?: Readonly<Record<string, string>>;
  /** Fires on cancel or deadline; `abortCode(signal.reason)` tells which. */
  readonly signal: AbortSignal;
  readonly onEvent?: (event: RunEvent) => void;
  /** Told what a started run spent once it ends, however it ends (the usage ledger). */
  readonly onSpend?: (spend: RunSpend) => void;
  /** Default: a fresh `web-mcp-run-*` directory under the OS temp dir. */
  readonly makeTempDir?: () => Promise<string>;
  /** Default: recursive removal. */
  readonly removeDir?: (path: string) => Promise<void>;
  /** How long SIGTERM gets before SIGKILL. */
  readonly killGraceMs?: number;
}

/** What one started run spent: the `result` event's figures, its tool uses and the plan's last notice. */
export interface RunSpend {
  readonly turns: number;
  readonly inputTokens: number;
  readonly outputTokens: number;
  readonly costUsd: number;
  readonly searches: number;
  readonly pages: number;
  readonly plan: StreamState['rateLimit'];
}

function spendOf(state: StreamState): RunSpend {
  const r = state.result;
  return {
    turns: r?.turns ?? 0,
    inputTokens: r?.inputTokens ?? 0,
    outputTokens: r?.outputTokens ?? 0,
    costUsd: r?.costUsd ?? 0,
    searches: state.searches,
    pages: state.pages,
    plan: state.rateLimit,
  };
}

const STOPPED = {
  cancelled: 'cancelled: the caller cancelled the call, so its claude run was stopped; no reply was produced',
  timeout:
    'timeout: the research run passed its time budget and was stopped; ask a narrower question or use a quicker depth',
} as const;

export async function runClaude(opts: RunClaudeOptions): Promise<RunResult | ToolError> {
  const started = Date.now();
  const stopped = () => {
    const code = abortCode(opts.signal.reason);
    return toolError(code, STOPPED[code]);
  };
  if (opts.signal.aborted) return stopped();
  const cwd = await (opts.makeTempDir ?? makeRunDir)();
  try {
    if (opts.signal.aborted) return stopped();
    for (const [name, text] of Object.entries(opts.files ?? {}))
      await writeFile(join(cwd, name), text, { mode: 0o600, flag: 'wx' });
    let proc: Subprocess;
    try {
      proc = opts.runtime.spawn(opts.claudeBin, { args: opts.args, env: opts.env, cwd });
    } catch (error) {
      return noBackend(error);
    }
    const state = createStreamState();
    const outcome = await watch(proc, opts, state).finally(() => opts.onSpend?.(spendOf(state)));
    if (outcome === 'aborted') return stopped();
    const { exitCode, stderr } = outcome;
    const r = state.result;
    if (r === undefined || r.isError || !r.hasStructuredOutput)
      return mapFailure({ state, exitCode, stderr });
    const draft = v.safeParse(DraftSchema, r.structuredOutput);
    if (!draft.success) {
      const issue = draft.issues[0];
      const where = issue ? v.getDotPath(issue) : null;
      return toolError(
        'bad_output',
        `bad_output: claude's reply did not match the reply contract${where ? ` at ${where}` : ''}; try again`,
      );
    }
    return {
      draft: draft.output,
      searches: state.searches,
      pages: state.pages,
      fetchedUrls: state.fetchedUrls,
      ...(state.model === undefined ? {} : { model: state.model }),
      seconds: Math.round((Date.now() - started) / 100) / 10,
    };
  } finally {
    await (opts.removeDir ?? removeRunDir)(cwd).catch(() => {});
  }
}

/** An empty working directory per run, so the CLI finds no project files, CLAUDE.md or settings. */
export const makeRunDir = () => mkdtemp(join(tmpdir(), RUN_DIR_PREFIX));
export const removeRunDir = (path: string) => rm(path, { recursive: true, force: true });

function noBackend(error: unknown): ToolError {
  const why =
    error instanceof SpawnError && error.reason === 'not_executable'
      ? 'exists but is not executable'
      : error instanceof SpawnError && error.reason === 'not_found'
        ? 'was not found'
        : 'could not be started';
  return toolError(
    'no_backend',
    `no_backend: the claude command ${why}; install Claude Code (npm i -g @anthropic-ai/claude-code) or point CLAUDE_BIN at it`,
  );
}

const MAX_STDERR_CHARS = 4000;

/** Feeds the prompt, reads both pipes and waits for the end — or kills the group on abort. */
async function watch(proc: Subprocess, opts: RunClaudeOptions, state: StreamState) {
  let stderr = '';
  const lines = createLineSplitter((line) => {
    for (const event of readLine(state, line)) opts.onEvent?.(event);
  });
  const readers = [proc.stdout.getReader(), proc.stderr.getReader()] as const;
  const pump = async (which: 0 | 1) => {
    const decoder = new TextDecoder();
    for (;;) {
      const chunk = await readers[which].read().catch(() => ({ done: true as const, value: undefined }));
      if (chunk.done) break;
      const text = decoder.decode(chunk.value, { stream: true });
      if (which === 0) lines.push(text);
      else stderr = (stderr + text).slice(-MAX_STDERR_CHARS);
    }
    if (which === 0) lines.push(decoder.decode());
    if (which === 0) lines.end();
  };
  const writer = proc.stdin.getWriter();
  const feed = writer
    .write(new TextEncoder().encode(opts.prompt))
    .then(() => writer.close())
    .catch(() => {}); // a child that died early shows in its output and exit code

  let graceTimer: ReturnType<typeof setTimeout> | undefined;
  let onAbort = () => {};
  const aborted = new Promise<'aborted'>((resolve) => {
    onAbort = () => {
      proc.kill('SIGTERM');
      graceTimer = setTimeout(() => proc.kill('SIGKILL'), opts.killGraceMs ?? 1000);
      resolve('aborted');
    };
    // An already-aborted signal sends no event: act on it now.
    if (opts.signal.aborted) onAbort();
    else opts.signal.addEventListener('abort', onAbort, { once: true });
  });
  const exited = proc.exited.then((code) => {
    // Anything the run left behind in its group goes with it (R-X3); this also
    // closes pipes a straggler still holds, so the readers below can finish.
    proc.kill('SIGKILL');
    return code;
  });
  try {
    const done = Promise.all([exited, pump(0), pump(1), feed]);
    const first = await Promise.race([done, aborted]);
    if (first === 'aborted' || opts.signal.aborted) {
      await exited;
      for (const r of readers) r.cancel().catch(() => {});
      return 'aborted' as const;
    }
    return { exitCode: first[0], stderr };
  } finally {
    opts.signal.removeEventListener('abort', onAbort);
    if (graceTimer !== undefined) clearTimeout(graceTimer);
  }
}
