// Starting and stopping the server's real entry points for the process-level
// benches: a stdio round trip from spawn, resident memory, and HTTP on 127.0.0.1:0.
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';

export interface Command {
  readonly command: string;
  readonly args: readonly string[];
}

/** VmRSS of a live process in MB (Linux /proc), or NaN. */
export function rssMb(pid: number | undefined): number {
  try {
    const kb = /VmRSS:\s+(\d+)\s+kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb === undefined ? Number.NaN : Number(kb) / 1024;
  } catch {
    return Number.NaN;
  }
}

/** Waits for the child to exit; SIGKILLs it after `graceMs`. */
export function stop(child: ChildProcess, graceMs = 3000, signal: NodeJS.Signals | null = 'SIGTERM') {
  return new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    if (signal) child.kill(signal);
  });
}

export interface StdioSample {
  readonly ms: number;
  readonly rssMb: number;
}

/** Spawn → the first line on stdout (stdio servers print only JSON-RPC there); then RSS, then a clean stop (stdin EOF). */
export async function stdioRoundTrip(
  cmd: Command,
  env: Record<string, string>,
  request: string,
): Promise<StdioSample> {
  const start = performance.now();
  const child = spawn(cmd.command, [...cmd.args], { env, stdio: ['pipe', 'pipe', 'pipe'] });
  child.stdin.write(`${request}\n`);
  let out = '';
  let err = '';
  child.stderr.on('data', (chunk: Buffer) => {
    err += chunk.toString();
  });
  const ms = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`no answer in 15 s from ${cmd.command}: ${err}`)),
      15_000,
    );
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('\n')) {
        clearTimeout(timer);
        resolve(performance.now() - start);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${cmd.command} exited with ${code} before answering: ${err}`));
    });
  });
  if (!out.includes('"result"')) throw new Error(`error answer: ${out.slice(0, 300)}`);
  const rss = rssMb(child.pid);
  child.stdin.end();
  await stop(child, 3000, null);
  return { ms, rssMb: rss };
}

export interface HttpProcess {
  readonly child: ChildProcess;
  readonly port: number;
  stop(): Promise<void>;
}

/** Starts `--http 127.0.0.1:0` and waits for the "listening on" line. */
export async function startHttp(cmd: Command, env: Record<string, string>): Promise<HttpProcess> {
  const child = spawn(cmd.command, [...cmd.args, '--http', '127.0.0.1:0'], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let err = '';
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start: ${err}`)), 20_000);
    child.stderr?.on('data', (chunk: Buffer) => {
      err += chunk.toString();
      const m = /listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(err);
      if (m?.[1]) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}: ${err}`));
    });
  });
  child.stdout?.resume();
  return { child, port, stop: () => stop(child) };
}
