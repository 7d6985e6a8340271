// Packs the package as `npm publish` would (from the built dist/) and lists the tarball's files.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './entries.ts';

/** Runs `npm pack` into `dir` and returns the tarball's path. */
export function packTarball(dir: string): string {
  const packed = spawnSync('npm', ['pack', '--ignore-scripts', '--pack-destination', dir], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  if (packed.status !== 0) throw new Error(`npm pack failed: ${packed.stderr}`);
  const name = readdirSync(dir).find((f) => f.endsWith('.tgz'));
  if (!name) throw new Error('npm pack wrote no tarball');
  return join(dir, name);
}

/** The paths inside a tarball, without the leading `package/`. */
export function tarballFiles(tarball: string): string[] {
  const listed = spawnSync('tar', ['-tzf', tarball], { encoding: 'utf8' });
  if (listed.status !== 0) throw new Error(`tar -t failed: ${listed.stderr}`);
  return listed.stdout
    .split('\n')
    .filter(Boolean)
    .map((p) => p.replace(/^package\//, ''));
}

/** One file's text from inside a tarball. */
export function tarballText(tarball: string, path: string): string {
  const out = spawnSync('tar', ['-xzOf', tarball, `package/${path}`], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (out.status !== 0) throw new Error(`no ${path} in ${tarball}: ${out.stderr}`);
  return out.stdout;
}
