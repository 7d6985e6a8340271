// Node's half of Runtime.spawn: a child that leads its own process group, Web
// streams for its stdio, and a kill() that ends the whole group without throwing.
import { type ChildProcess, spawn } from 'node:child_process';
import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, isAbsolute, join, resolve } from 'node:path';
import { Readable, Writable } from 'node:stream';
import { SpawnError, type SpawnOptions, type Subprocess } from '../../src/runtime.ts';

/** Starts `command` detached (own process group). Throws SpawnError when it cannot start. */
export function spawnNode(command: string, options: SpawnOptions): Subprocess {
  let child: ChildProcess;
  try {
    child = spawn(command, [...options.args], {
      cwd: options.cwd,
      env: { ...options.env },
      detached: true,
      stdio: ['pipe', 'pipe', 'pipe'],
      windowsHide: true,
    });
  } catch (error) {
    throw new SpawnError(
      'other',
      `cannot start ${command}: ${error instanceof Error ? error.message : 'unknown error'}`,
    );
  }
  // Node reports ENOENT/EACCES only on a later tick, but leaves pid unset at once:
  // classify the failure now so the caller gets a synchronous, typed error.
  const pid = child.pid;
  if (pid === undefined) {
    child.on('error', () => {});
    const reason = classifyCommand(command, options.env.PATH, options.cwd);
    throw new SpawnError(reason, `cannot start ${command}: ${REASON_TEXT[reason]}`);
  }
  const { stdin, stdout, stderr } = child;
  if (!stdin || !stdout || !stderr) throw new SpawnError('other', `cannot start ${command}: no stdio pipes`);
  // A child that exits before reading its prompt makes stdin emit EPIPE; that is
  // not a crash of ours — the run's outcome is read from stdout and the exit code.
  stdin.on('error', () => {});
  stdout.on('error', () => {});
  stderr.on('error', () => {});
  child.on('error', () => {});

  const exited = new Promise<number | null>((done) => {
    child.once('exit', (code) => {
      done(code);
    });
  });

  return {
    pid,
    stdin: Writable.toWeb(stdin) as WritableStream<Uint8Array>,
    stdout: Readable.toWeb(stdout) as ReadableStream<Uint8Array>,
    stderr: Readable.toWeb(stderr) as ReadableStream<Uint8Array>,
    exited,
    kill(signal = 'SIGTERM') {
      try {
        process.kill(-pid, signal);
      } catch {
        // ESRCH: the group is already gone. Elsewhere (Windows) fall back to the pid.
        try {
          child.kill(signal);
        } catch {}
      }
    },
  };
}

const REASON_TEXT = {
  not_found: 'no such file on PATH',
  not_executable: 'the file is not executable',
  other: 'the system refused to start it',
} as const;

/** Why a command that failed to start failed: missing, or present but not runnable. */
export function classifyCommand(
  command: string,
  pathEnv: string | undefined,
  cwd: string,
): 'not_found' | 'not_executable' | 'other' {
  const candidates =
    command.includes('/') || isAbsolute(command)
      ? [resolve(cwd, command)]
      : (pathEnv ?? process.env.PATH ?? '')
          .split(delimiter)
          .filter((dir) => dir !== '')
          .map((dir) => join(resolve(cwd, dir), command));
  let sawFile = false;
  for (const file of candidates) {
    try {
      if (!statSync(file).isFile()) {
        sawFile = true;
        continue;
      }
      sawFile = true;
      accessSync(file, constants.X_OK);
      return 'other';
    } catch (error) {
      if (isCode(error, 'EACCES')) sawFile = true;
    }
  }
  return sawFile ? 'not_executable' : 'not_found';
}

function isCode(error: unknown, code: string): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === code;
}
