// Inside a private network namespace: starts the server with `--http localhost:0` and reports,
// as one JSON line, the address it printed and which of 127.0.0.1 and 11.22.33.44 answer on its port.
import { spawn } from 'node:child_process';
import { connect } from 'node:net';

const [command = '', ...args] = process.argv.slice(2);
const child = spawn(command, [...args, '--http', 'localhost:0'], { stdio: ['ignore', 'ignore', 'pipe'] });
let stderr = '';
const opens = (host: string, port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect({ host, port }, () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });
child.stderr.setEncoding('utf8').on('data', async (chunk: string) => {
  stderr += chunk;
  const m = /listening on http:\/\/(\S+):(\d+)\/mcp/.exec(stderr);
  if (!m) return;
  const port = Number(m[2]);
  const reached = { loopback: await opens('127.0.0.1', port), other: await opens('11.22.33.44', port) };
  process.stdout.write(`${JSON.stringify({ listening: m[1], ...reached })}\n`);
  child.kill('SIGTERM');
});
child.on('exit', (code) => {
  if (!/listening on/.test(stderr)) process.stdout.write(`${JSON.stringify({ exit: code, stderr })}\n`);
});
