// Starts a real server process and connects the official MCP client to it, over
// stdio or HTTP, in the modern (2026-07-28) or legacy (2025) protocol era.
import { type ChildProcess, spawn } from 'node:child_process';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import type { Entry } from './entries.ts';

export type Era = 'modern' | 'legacy';
export const ERAS: readonly Era[] = ['modern', 'legacy'];

export function newClient(era: Era): Client {
  return new Client(
    { name: 'web-mcp-tests', version: '1.0.0' },
    era === 'modern' ? { versionNegotiation: { mode: { pin: '2026-07-28' } } } : {},
  );
}

/** A minimal environment: tests never inherit the developer's keys or config. */
export function baseEnv(extra: Record<string, string> = {}): Record<string, string> {
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: process.env.HOME ?? '/tmp',
  };
  if (process.env.TMPDIR) env.TMPDIR = process.env.TMPDIR;
  return { ...env, ...extra };
}

export interface StdioSession {
  readonly client: Client;
  readonly transport: StdioClientTransport;
  stderr(): string;
  close(): Promise<void>;
}

export async function connectStdio(
  entry: Entry,
  era: Era,
  options: { env?: Record<string, string>; args?: string[]; cwd?: string } = {},
): Promise<StdioSession> {
  const transport = new StdioClientTransport({
    command: entry.command,
    args: [...entry.args, ...(options.args ?? [])],
    env: baseEnv(options.env),
    ...(options.cwd ? { cwd: options.cwd } : {}),
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const client = newClient(era);
  await client.connect(transport);
  return { client, transport, stderr: () => stderr, close: () => client.close() };
}

export interface HttpServer {
  readonly url: string;
  readonly port: number;
  readonly process: ChildProcess;
  stderr(): string;
  stop(): Promise<void>;
}

/** Starts `--http 127.0.0.1:0` (or the given listen address) and waits for its "listening on" line. */
export async function startHttp(
  entry: Entry,
  options: { env?: Record<string, string>; listen?: string; args?: string[] } = {},
): Promise<HttpServer> {
  const child = spawn(
    entry.command,
    [...entry.args, '--http', options.listen ?? '127.0.0.1:0', ...(options.args ?? [])],
    {
      env: baseEnv(options.env),
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const url = await listening(child, 15_000);
  return {
    url,
    port: Number(new URL(url).port),
    process: child,
    stderr: () => stderr,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

export async function connectHttp(
  url: string,
  era: Era,
  headers: Record<string, string> = {},
): Promise<Client> {
  const client = newClient(era);
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } }));
  return client;
}

/** Resolves with the URL of the first "listening on" line a server prints to stderr. */
export function listening(child: ChildProcess, timeoutMs: number): Promise<string> {
  let stderr = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no "listening on" line: ${stderr}`)), timeoutMs);
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      const m = /listening on (http:\/\/\S+)/.exec(stderr);
      if (m?.[1]) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}: ${stderr}`));
    });
  });
}
