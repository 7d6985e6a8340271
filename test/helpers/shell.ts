// Shell commands and long-running server processes for tests that act as a user would:
// run asynchronously, so loopback servers living in the test process keep answering.
import { type ChildProcess, spawn } from 'node:child_process';

export interface Ran {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs `command` with sh in `cwd` (asynchronously: the loopback page and Brave live in this process). */
export function sh(
  command: string,
  cwd: string,
  env: Record<string, string>,
  timeoutMs = 120_000,
): Promise<Ran> {
  return new Promise((resolve, reject) => {
    const child = spawn('/bin/sh', ['-c', command], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => {
      stdout += c.toString();
    });
    child.stderr.on('data', (c: Buffer) => {
      stderr += c.toString();
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

export const show = (command: string, ran: Ran) =>
  `${command} exited ${ran.code}\n--- stdout\n${ran.stdout.slice(-2000)}\n--- stderr\n${ran.stderr.slice(-2000)}`;

/** SIGTERM, then waits for the exit. */
export function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}
