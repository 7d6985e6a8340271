// `web-mcp doctor`: is this set-up usable, and if not, what to do — one line per
// check (✓ ok, ! warning, ✗ failure) or one JSON object for scripts.
import { type ConfigSources, type HttpListen, parseCli } from '../config.ts';
import type { Runtime } from '../runtime.ts';
import { cacheCheck } from './cache-check.ts';
import { callTimeCheck } from './call-time-check.ts';
import { braveCheck, type Check, claudeCheck, httpCheck, runtimeCheck, signInCheck } from './checks.ts';
import { readerCheck } from './reader-check.ts';
import { usageCheck } from './usage.ts';

export interface DoctorOptions {
  readonly json: boolean;
  readonly online: boolean;
  readonly http: HttpListen | undefined;
}

export interface DoctorDeps {
  readonly runtime: Runtime;
  readonly sources: ConfigSources;
  readonly fetch: typeof fetch;
  /** For the usage line's "today"; default Date.now. */
  readonly clock?: () => number;
}

const SYMBOL = { ok: '✓', warn: '!', fail: '✗' } as const;

export async function doctorChecks(deps: DoctorDeps, options: DoctorOptions): Promise<Check[]> {
  const checks: Check[] = [runtimeCheck(deps.runtime)];
  // Flags are the doctor's own; only the environment is read as the server would read it.
  const parsed = parseCli({ ...deps.sources, argv: [] });
  if (parsed.kind !== 'serve') {
    const message = parsed.kind === 'error' ? parsed.message : 'unreadable';
    checks.push({ name: 'config', status: 'fail', message, fix: 'fix that setting and run doctor again' });
    return checks;
  }
  const config = parsed.config;
  const env = deps.sources.env;
  const claude = await claudeCheck(deps.runtime, config.claudeBin, env);
  checks.push(claude.check);
  if (claude.runs) checks.push(await signInCheck(deps.runtime, config.claudeBin, env));
  checks.push(await readerCheck(deps.runtime, config));
  checks.push(await braveCheck(config, options.online, deps.fetch));
  checks.push(await cacheCheck(config.cacheDir, config.cacheMaxBytes));
  checks.push(callTimeCheck(config));
  checks.push(await usageCheck({ ...deps, clock: deps.clock ?? Date.now }));
  if (options.http) checks.push(httpCheck(options.http, config.httpToken));
  return checks;
}

export function usable(checks: readonly Check[]): boolean {
  return checks.every((c) => c.status !== 'fail');
}

export function renderChecks(checks: readonly Check[]): string {
  const lines = checks.map((c) => `${SYMBOL[c.status]} ${c.name}: ${c.message}${c.fix ? ` → ${c.fix}` : ''}`);
  const verdict = usable(checks)
    ? 'web-mcp is ready to use.'
    : 'web-mcp cannot answer yet: fix the ✗ lines above and run web-mcp doctor again.';
  return `${lines.join('\n')}\n\n${verdict}\n`;
}

export function renderJson(checks: readonly Check[]): string {
  return `${JSON.stringify({ ok: usable(checks), checks }, null, 2)}\n`;
}

/** Exit code 0 when usable, 1 when not. */
export async function runDoctor(
  deps: DoctorDeps,
  options: DoctorOptions,
  out: (text: string) => void,
): Promise<0 | 1> {
  const checks = await doctorChecks(deps, options);
  out(options.json ? renderJson(checks) : renderChecks(checks));
  return usable(checks) ? 0 : 1;
}
