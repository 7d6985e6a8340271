// Runs the built entry point with a subcommand as a child process and collects
// its exit code and both streams, for the CLI tests.
import { type ChildProcess, spawn } from 'node:child_process';
import type { Entry } from '../helpers/entries.ts';

export interface CliRun {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

export interface Started {
  readonly child: ChildProcess;
  stderr(): string;
  done: Promise<CliRun>;
}

/** Only the given environment (plus HOME and TMPDIR): never the developer's keys. */
export function startCli(entry: Entry, args: readonly string[], env: Record<string, string> = {}): Started {
  const child = spawn(entry.command, [...entry.args, ...args], {
    env: { HOME: '/tmp', TMPDIR: process.env.TMPDIR ?? '/tmp', PATH: '/usr/bin:/bin', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (d: Buffer) => {
    stdout += d.toString();
  });
  child.stderr?.on('data', (d: Buffer) => {
    stderr += d.toString();
  });
  const done = new Promise<CliRun>((resolve) => {
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
  return { child, stderr: () => stderr, done };
}

export function runCli(
  entry: Entry,
  args: readonly string[],
  env: Record<string, string> = {},
): Promise<CliRun> {
  return startCli(entry, args, env).done;
}
