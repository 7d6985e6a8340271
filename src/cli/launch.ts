// How a client starts this installation: the runtime it was started with, the
// absolute path of this copy, or the registry command when this copy is a throwaway cache.
import type { Config } from '../config.ts';

export type RuntimeName = 'node' | 'bun' | 'deno';

export interface Launch {
  readonly command: string;
  readonly args: readonly string[];
  /** Only what the runtime needs (Deno's permissions name the cache dir and TMPDIR). */
  readonly env: Readonly<Record<string, string>>;
}

export interface Installation {
  readonly runtime: RuntimeName;
  /** The package root, absolute, without a trailing slash. */
  readonly root: string;
}

// npx, bunx and Deno unpack registry packages into caches that come and go:
// a client pointed at such a path breaks on the next clean, so name the package instead.
const REGISTRY_CACHES: Record<RuntimeName, RegExp> = {
  node: /[\\/]_npx[\\/]/,
  bun: /[\\/]bunx-[^\\/]*[\\/]/,
  deno: /[\\/]npm[\\/]registry\.npmjs\.org[\\/]|[\\/]node_modules[\\/]\.deno[\\/]/,
};

export function fromRegistry(install: Installation): boolean {
  return REGISTRY_CACHES[install.runtime].test(install.root);
}

/** The documented Deno permissions (deno.json task `start`), with the cache dir and CLAUDE_BIN filled in. */
export function denoPermissions(config: Pick<Config, 'cacheDir' | 'claudeBin'>): string[] {
  const reads = [config.cacheDir, '/tmp'].join(',');
  const runs = ['claude', 'kill', 'sh', ...(config.claudeBin === 'claude' ? [] : [config.claudeBin])].join(
    ',',
  );
  return [
    '--unstable-no-legacy-abort',
    '--allow-env',
    '--allow-net',
    `--allow-read=${reads}`,
    `--allow-write=${config.cacheDir},/tmp`,
    `--allow-run=${runs}`,
  ];
}

export function launchCommand(install: Installation, config: Pick<Config, 'cacheDir' | 'claudeBin'>): Launch {
  const registry = fromRegistry(install);
  if (install.runtime === 'node') {
    return registry
      ? { command: 'npx', args: ['-y', 'web-mcp'], env: {} }
      : { command: 'node', args: [`${install.root}/bin/web-mcp.js`], env: {} };
  }
  if (install.runtime === 'bun') {
    return registry
      ? { command: 'bunx', args: ['--bun', 'web-mcp'], env: {} }
      : { command: 'bun', args: [`${install.root}/bin/web-mcp.js`], env: {} };
  }
  return {
    command: 'deno',
    args: ['run', ...denoPermissions(config), registry ? 'npm:web-mcp' : `${install.root}/dist/deno/main.js`],
    // The permissions name these two directories, so the process must use exactly them.
    env: { TMPDIR: '/tmp', WEB_MCP_CACHE_DIR: config.cacheDir },
  };
}
