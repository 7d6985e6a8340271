// Node entry: command line → config → serve over stdio (default) or HTTP.
import { readFileSync } from 'node:fs';
import { serve } from '@hono/node-server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { createLog } from '../../src/log.ts';
import { WebStreamTransport } from '../../src/mcp/stdio.ts';
import { startup } from '../../src/serve.ts';
import { killAllChildren, nodeRuntime } from './runtime.ts';

const log = createLog((line) => process.stderr.write(line));
const started = startup(
  nodeRuntime,
  {
    argv: process.argv.slice(2),
    env: process.env,
    platform: process.platform,
    readTextFile: (path) => readFileSync(path, 'utf8'),
  },
  log,
);

if (started.kind === 'exit') {
  if (started.stdout) process.stdout.write(started.stdout);
  if (started.stderr) process.stderr.write(started.stderr);
  process.exitCode = started.code;
} else {
  const { config, services } = started;
  let shuttingDown = false;
  const shutdown = (code: number) => {
    if (shuttingDown) return;
    shuttingDown = true;
    services.shutdown();
    // Runs stop on the shutdown signal; give them a moment to kill their groups, then make sure.
    setTimeout(() => {
      killAllChildren();
      process.exit(code);
    }, 300).unref();
  };
  process.on('exit', killAllChildren);
  process.on('SIGTERM', () => shutdown(143));
  process.on('SIGINT', () => shutdown(130));
  process.on('SIGHUP', () => shutdown(129));

  if (config.http) {
    let port: number | undefined;
    const app = started.app(() => port);
    const server = serve({ fetch: app.fetch, hostname: config.http.host, port: config.http.port }, (info) => {
      port = info.port;
      log.info(
        `listening on http://${config.http?.host.includes(':') ? `[${config.http.host}]` : config.http?.host}:${info.port}/mcp`,
      );
    });
    server.on('error', (error) => {
      log.warn(`cannot listen on ${config.http?.host}:${config.http?.port}: ${error.message}`);
      process.exit(1);
    });
  } else {
    serveStdio(started.factory, {
      transport: new WebStreamTransport(nodeRuntime.stdio(), () => shutdown(0)),
      onerror: (error) => log.warn(`stdio: ${error.message}`),
    });
  }
}
