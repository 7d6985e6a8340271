// The package version, read from package.json at build time (bundled) or load time (Bun, Deno).
import pkg from '../package.json' with { type: 'json' };

export const VERSION: string = pkg.version;
