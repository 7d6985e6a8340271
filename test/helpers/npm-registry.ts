// A minimal npm registry on loopback that serves one packed package (its packument and
// tarball), so npx, bunx and Deno install it the way users do, without the network.

import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { type LoopbackServer, startLoopbackServer } from './loopback-server.ts';

export interface NpmRegistry {
  /** `http://127.0.0.1:<port>/` — what npm_config_registry, BUN_CONFIG_REGISTRY and NPM_CONFIG_REGISTRY take. */
  readonly url: string;
  /** Request paths served so far, in order (404s included). */
  readonly served: readonly string[];
  close(): Promise<void>;
}

/** The package.json inside a packed tarball, as the registry publishes it. */
export function packedManifest(tarball: string): Record<string, unknown> {
  const out = spawnSync('tar', ['-xzOf', tarball, 'package/package.json'], { encoding: 'utf8' });
  if (out.status !== 0) throw new Error(`cannot read package.json from ${tarball}: ${out.stderr}`);
  return JSON.parse(out.stdout) as Record<string, unknown>;
}

/** Serves `tarball` as the only version of its package; every other path answers 404. */
export async function startNpmRegistry(tarball: string): Promise<NpmRegistry> {
  const bytes = readFileSync(tarball);
  const manifest = packedManifest(tarball);
  const name = String(manifest.name);
  const version = String(manifest.version);
  const file = `${name}-${version}.tgz`;
  const served: string[] = [];
  let server: LoopbackServer | undefined;
  server = await startLoopbackServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://127.0.0.1').pathname);
    served.push(path);
    const base = server?.url ?? '';
    if (req.method === 'GET' && path === `/${name}`) {
      const packument = {
        name,
        'dist-tags': { latest: version },
        versions: {
          [version]: {
            ...manifest,
            _id: `${name}@${version}`,
            dist: {
              tarball: `${base}/${name}/-/${file}`,
              shasum: createHash('sha1').update(bytes).digest('hex'),
              integrity: `sha512-${createHash('sha512').update(bytes).digest('base64')}`,
            },
          },
        },
        time: { [version]: new Date(0).toISOString() },
      };
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(packument));
      return;
    }
    if (req.method === 'GET' && path === `/${name}/-/${file}`) {
      res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': bytes.length });
      res.end(bytes);
      return;
    }
    res.writeHead(404, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ error: 'not found' }));
  });
  return { url: `${server.url}/`, served, close: () => server.close() };
}
