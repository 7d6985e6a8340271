// Types of scripts/audit.mjs, for its tests.
export interface Accepted {
  id: string;
  package: string;
  reason: string;
  until: string;
}
export function readAllowList(path: string, today?: string): { accepted: Accepted[]; problems: string[] };
export function blockingAdvisories(
  report: unknown,
  dirs: string[],
  accepted: Accepted[],
): { id: string; package: string; severity: string; title: string; url?: string; nodes: string[] }[];
export function bundledDirs(): Promise<string[]>;
