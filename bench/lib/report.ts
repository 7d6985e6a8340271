// The machine line and the results file shared by the benches: each prints its
// report and, with --write, stores it as bench/results/<name>.md for scripts/bench.mjs.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';

export const REPO = fileURLToPath(new URL('../../', import.meta.url));

export function cpuModel(): string {
  try {
    const line = readFileSync('/proc/cpuinfo', 'utf8')
      .split('\n')
      .find((l) => l.startsWith('model name'));
    return line?.split(':')[1]?.trim() ?? 'unknown CPU';
  } catch {
    return 'unknown CPU';
  }
}

/** `--version` of a binary, first line, or "absent". */
export function versionOf(command: string, args: readonly string[] = ['--version']): string {
  try {
    return execFileSync(command, args, { encoding: 'utf8', timeout: 10_000 }).split('\n')[0]?.trim() ?? '';
  } catch {
    return 'absent';
  }
}

export function machine(): string {
  const date = new Date().toISOString().slice(0, 16).replace('T', ' ');
  return `${availableParallelism()} CPUs (${cpuModel()}), Node ${process.version}, ${date} UTC, load average ${loadavg()[0]?.toFixed(1)} at the end`;
}

/** Prints the report and writes bench/results/<name>.md when run with --write. */
export function publish(name: string, report: string): void {
  const text = report.endsWith('\n') ? report : `${report}\n`;
  process.stdout.write(text);
  if (process.argv.includes('--write')) writeFileSync(`${REPO}bench/results/${name}.md`, text);
}

/** A deterministic PRNG (mulberry32), so every run draws the same samples. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
