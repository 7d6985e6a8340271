// Types of scripts/bundle-options.mjs, for the tests and benches that import it.
import type { BuildOptions } from 'esbuild';
export const BUNDLE_OPTIONS: BuildOptions & { metafile: true };
