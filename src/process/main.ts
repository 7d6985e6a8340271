// The process around the server, the same on Node, Bun and Deno (all three speak
// node:process): command line → a subcommand (doctor, ask, config) or config → stdio
// or HTTP, and a clean shutdown that kills every run on stdin EOF, SIGTERM, SIGINT or SIGHUP.
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import process from 'node:process';
import { fileURLToPath } from 'node:url';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import type { ResponseStyle } from '../app.ts';
import { isCommandLine, runCommand } from '../cli/commands.ts';
import { clientText, createLog } from '../log.ts';
import { WebStreamTransport } from '../mcp/stdio.ts';
import { systemResolver } from '../page/fetch/address.ts';
import type { Runtime } from '../runtime.ts';
import { startup } from '../serve.ts';
import { killAllChildren } from './children.ts';
import { bindAddress } from './listen-address.ts';
import { processTable } from './process-table.ts';
import { reapOrphanRuns } from './run-record.ts';

export interface Listen {
  readonly fetch: (request: Request) => Response | Promise<Response>;
  readonly host: string;
  readonly port: number;
  onListen(port: number): void;
  onError(error: Error): void;
}

/** How long runs get to stop on their own before the rest is killed outright. */
const SHUTDOWN_GRACE_MS = 1500;

export function runMain(
  runtime: Runtime,
  listen: (options: Listen) => void,
  responses: ResponseStyle = 'auto',
): void {
  const sources = {
    argv: process.argv.slice(2),
    env: process.env,
    platform: process.platform,
    readTextFile: (path: string) => readFileSync(path, 'utf8'),
  };
  if (isCommandLine(sources.argv)) {
    runSubcommand(runtime, sources);
    return;
  }
  const log = createLog((line) => process.stderr.write(line));
  const started = startup(runtime, sources, log);
  if (started.kind === 'exit') {
    if (started.stdout) process.stdout.write(started.stdout);
    if (started.stderr) process.stderr.write(started.stderr);
    process.exitCode = started.code;
    return;
  }

  const { config, services } = started;
  // A failure nobody waited for is a bug to report, never a reason to end every caller's call.
  process.on('unhandledRejection', (reason: unknown) => {
    const what = reason instanceof Error ? `${reason.name}: ${reason.message}` : String(reason);
    log.warn(`internal: an unexpected failure was ignored (${clientText(what)}); please report it`);
  });
  void reapOrphanRuns({
    ...processTable({ proc: runtime.name !== 'deno' }),
    tmp: tmpdir(),
    self: process.pid,
    clock: Date.now,
  }).then(
    ({ removed, killed }) => {
      if (removed.length > 0)
        log.info(
          `removed ${removed.length} run dir(s) and ended ${killed.length} run(s) left by a server that died`,
        );
    },
    (error: unknown) => log.warn(`could not clean up after servers that died (${clientText(String(error))})`),
  );
  let stopping = false;
  const shutdown = (code: number) => {
    if (stopping) return;
    stopping = true;
    services.shutdown();
    // Runs stop on the shutdown signal and remove their working dirs; whatever is
    // still alive after the grace period is killed outright.
    const grace = new Promise<void>((resolve) => setTimeout(resolve, SHUTDOWN_GRACE_MS));
    void Promise.race([services.settled(), grace]).then(() => {
      killAllChildren();
      process.exit(code);
    });
  };
  process.on('SIGTERM', () => shutdown(143));
  process.on('SIGINT', () => shutdown(130));
  process.on('SIGHUP', () => shutdown(129));

  const http = config.http;
  if (http === undefined) {
    serveStdio(started.factory, {
      transport: new WebStreamTransport(runtime.stdio(), () => shutdown(0)),
      onerror: (error) => log.warn(`stdio: ${clientText(error.message)}`),
    });
    return;
  }
  let bound: number | undefined;
  const app = started.app(() => bound, responses);
  // A name binds by the addresses it resolves to (src/listen-address.ts), not by its spelling.
  void bindAddress(http, config.httpToken, systemResolver).then((bind) => {
    if (typeof bind === 'string') {
      process.stderr.write(`web-mcp: ${bind}\n`);
      process.exit(2);
    }
    const shown = bind.host.includes(':') ? `[${bind.host}]` : bind.host;
    listen({
      fetch: app.fetch,
      host: bind.host,
      port: http.port,
      onListen: (port) => {
        bound = port;
        log.info(`listening on http://${shown}:${port}/mcp`);
      },
      onError: (error) => {
        log.warn(`cannot listen on ${shown}:${http.port}: ${error.message}`);
        process.exit(1);
      },
    });
  });
}

/** How long Ctrl-C lets a subcommand stop its run before the process ends anyway. */
const INTERRUPT_GRACE_MS = 2000;

/** `doctor`, `ask`, `config`: Ctrl-C aborts the command's signal; a second one ends at once. */
function runSubcommand(runtime: Runtime, sources: Parameters<typeof startup>[1]): void {
  const interrupt = new AbortController();
  const end = (code: number) => {
    // Exit only once both streams have flushed what the command wrote.
    process.stdout.write('', () => process.stderr.write('', () => process.exit(code)));
  };
  process.on('SIGINT', () => {
    if (interrupt.signal.aborted) {
      killAllChildren();
      process.exit(130);
    }
    interrupt.abort(new Error('interrupted'));
    setTimeout(() => {
      killAllChildren();
      process.exit(130);
    }, INTERRUPT_GRACE_MS).unref();
  });
  runCommand({
    runtime,
    sources,
    root: fileURLToPath(new URL('../../', import.meta.url)).replace(/[\\/]+$/, ''),
    fetch: runtime.webFetch(),
    clock: Date.now,
    interrupt: interrupt.signal,
    stderrIsTTY: process.stderr.isTTY === true,
    columns: process.stderr.columns ?? 80,
    out: (text) => process.stdout.write(text),
    err: (text) => process.stderr.write(text),
  }).then(end, (error: unknown) => {
    process.stderr.write(`web-mcp: ${error instanceof Error ? error.message : String(error)}\n`);
    end(1);
  });
}
