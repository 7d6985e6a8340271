// Short, bounded `claude` invocations for doctor (`--version`, `auth status`):
// through the Runtime seam, with the same environment allow-list as research runs.
import { stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, isAbsolute, join } from 'node:path';
import { buildClaudeEnv } from '../claude/args.ts';
import { type Runtime, SpawnError } from '../runtime.ts';

export const PROBE_TIMEOUT_MS = 5000;
const MAX_OUTPUT_CHARS = 64 * 1024;

export type Probe =
  | {
      readonly kind: 'exited';
      readonly code: number | null;
      readonly stdout: string;
      readonly stderr: string;
    }
  | { readonly kind: 'timeout' }
  | { readonly kind: 'not_started'; readonly reason: SpawnError['reason'] };

async function drain(stream: ReadableStream<Uint8Array>): Promise<string> {
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let text = '';
  for (;;) {
    const chunk = await reader.read().catch(() => ({ done: true as const, value: undefined }));
    if (chunk.done) return (text + decoder.decode()).slice(0, MAX_OUTPUT_CHARS);
    if (text.length < MAX_OUTPUT_CHARS) text += decoder.decode(chunk.value, { stream: true });
  }
}

export async function probeClaude(
  runtime: Pick<Runtime, 'spawn'>,
  claudeBin: string,
  args: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
  timeoutMs = PROBE_TIMEOUT_MS,
): Promise<Probe> {
  let proc: ReturnType<Runtime['spawn']>;
  try {
    proc = runtime.spawn(claudeBin, { args, env: buildClaudeEnv(env), cwd: tmpdir() });
  } catch (error) {
    return { kind: 'not_started', reason: error instanceof SpawnError ? error.reason : 'other' };
  }
  proc.stdin.close().catch(() => {});
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), timeoutMs);
  });
  const finished = Promise.all([proc.exited, drain(proc.stdout), drain(proc.stderr)]);
  const outcome = await Promise.race([finished, timedOut]);
  clearTimeout(timer);
  if (outcome === 'timeout') {
    proc.kill('SIGKILL');
    return { kind: 'timeout' };
  }
  const [code, stdout, stderr] = outcome;
  return { kind: 'exited', code, stdout, stderr };
}

/** Where PATH lookup finds `command` (or the command itself when it is a path); undefined when nowhere. */
export async function findCommand(
  command: string,
  env: Readonly<Record<string, string | undefined>>,
): Promise<string | undefined> {
  const candidates =
    command.includes('/') || isAbsolute(command)
      ? [command]
      : (env.PATH ?? '')
          .split(delimiter)
          .filter((dir) => dir !== '')
          .map((dir) => join(dir, command));
  for (const file of candidates) if (await isExecutableFile(file)) return file;
  return undefined;
}

// Mode bits rather than access(X_OK): Deno's access() needs --allow-sys to learn the uid.
// Without read permission on PATH the lookup finds nothing, and the spawn decides.
async function isExecutableFile(file: string): Promise<boolean> {
  try {
    const info = await stat(file);
    return info.isFile() && (info.mode & 0o111) !== 0;
  } catch {
    return false;
  }
}

/** [major, minor, patch] of the first x.y.z in the text. */
export function parseVersion(text: string): [number, number, number] | undefined {
  const m = /(\d+)\.(\d+)\.(\d+)/.exec(text);
  return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : undefined;
}

export function olderThan(version: readonly number[], minimum: readonly number[]): boolean {
  for (let i = 0; i < 3; i++) {
    const a = version[i] ?? 0;
    const b = minimum[i] ?? 0;
    if (a !== b) return a < b;
  }
  return false;
}
