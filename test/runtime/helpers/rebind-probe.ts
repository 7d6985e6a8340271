// Runs inside a private network and mount namespace (see rebinding.test.ts): a
// "public" service on 11.22.33.44 and a loopback service on 127.0.0.1, both on port
// 8080, and a hosts file that flips rebind.test between the two every 2 ms. Fetches
// the page N times through the runtime's pinned page fetch and N times through the
// runtime's plain fetch (the old path), counting which service each request reached.
// Prints one JSON line. Refuses to run unless /etc/hosts is the test's own file.
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import process from 'node:process';
import { isToolError } from '../../../src/errors.ts';
import { connectGuard, systemResolver } from '../../../src/page/fetch/address.ts';
import { safeFetch } from '../../../src/page/fetch/safe-fetch.ts';
import type { Runtime } from '../../../src/runtime.ts';

export const PUBLIC_IP = '11.22.33.44';
const PORT = 8080;
const NAME = 'rebind.test';

async function adapter(name: string | undefined): Promise<Runtime> {
  if (name === 'bun') return (await import('../../../adapters/bun/runtime.ts')).bunRuntime;
  if (name === 'deno') return (await import('../../../adapters/deno/runtime.ts')).denoRuntime;
  return (await import('../../../adapters/node/runtime.ts')).nodeRuntime;
}

const [runtimeName, hostsFile, countText] = process.argv.slice(2);
if (hostsFile === undefined) throw new Error('usage: rebind-probe RUNTIME HOSTS_FILE [COUNT]');
const count = Number(countText ?? 150);
const publicHosts = `127.0.0.1 localhost\n${PUBLIC_IP} ${NAME}\n`;
const loopbackHosts = `127.0.0.1 localhost\n127.0.0.1 ${NAME}\n`;
writeFileSync(hostsFile, publicHosts);
if (readFileSync('/etc/hosts', 'utf8') !== publicHosts)
  throw new Error('/etc/hosts is not the test hosts file: refusing to run outside the namespace');

const hits = { public: 0, loopback: 0 };
const serve = (host: string, which: 'public' | 'loopback') =>
  new Promise<Server>((resolve, reject) => {
    const server = createServer((_req, res) => {
      hits[which] += 1;
      res.writeHead(200, { 'content-type': 'text/plain' }).end(`${which} service`);
    });
    server.once('error', reject);
    server.listen(PORT, host, () => resolve(server));
  });
const servers = [await serve(PUBLIC_IP, 'public'), await serve('127.0.0.1', 'loopback')];

let flips = 0;
const flipper = setInterval(() => {
  flips += 1;
  writeFileSync(hostsFile, flips % 2 === 0 ? publicHosts : loopbackHosts);
}, 2);

async function measure(fetchPage: typeof fetch) {
  hits.public = hits.loopback = 0;
  const outcomes: Record<string, number> = {};
  for (let i = 0; i < count; i++) {
    const result = await safeFetch(`http://${NAME}:${PORT}/page`, {
      fetch: fetchPage,
      resolve: systemResolver,
      allowHosts: [],
      timeoutMs: 5000,
    });
    // A refusal at connect time means the check passed and the name flipped right after.
    const outcome = !isToolError(result)
      ? 'ok'
      : result.message.includes('when connecting')
        ? `${result.code} at connect`
        : result.code;
    outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
  }
  return { calls: count, reachedLoopback: hits.loopback, reachedPublic: hits.public, outcomes };
}

const runtime = await adapter(runtimeName);
const policy = { resolve: systemResolver, allowHosts: [] };
const pinned = await measure(runtime.pageFetch(connectGuard(policy)));
const unpinned = await measure(globalThis.fetch.bind(globalThis));
clearInterval(flipper);
for (const server of servers) server.close();
process.stdout.write(`${JSON.stringify({ runtime: runtime.name, flips, pinned, unpinned })}\n`);
process.exit(0);
