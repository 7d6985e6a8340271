// Types of scripts/notices.mjs, for the tests that import it.
export interface Metafile {
  outputs: Record<string, { inputs: Record<string, { bytesInOutput: number }> }>;
}
export interface BundledPackage {
  dir: string;
  name: string;
  version: string;
  license: string | undefined;
  homepage: string | undefined;
  licenses: { file: string; text: string }[];
  notices: { file: string; text: string }[];
  /** License ids whose full text is appended because the package's own file only refers to it. */
  refersTo: string[];
  problem?: string;
}
export const ALLOWED: string[];
export function bundledPackageDirs(metafile: Metafile): string[];
export function licenseAllowed(expression: string): boolean;
export function readPackage(dir: string): BundledPackage;
export function renderNotices(packages: BundledPackage[]): string;
export function writeNotices(metafile: Metafile, out: string): BundledPackage[];
