// `web-mcp usage`: reads the ledger in the cache directory (no server needed) and
// prints what calls spent, or one JSON object with --json; and doctor's one line.
import { type ConfigSources, parseCli } from '../config.ts';
import type { Runtime } from '../runtime.ts';
import { ledgerStore } from '../usage/place.ts';
import { buildReport, type UsageReport } from '../usage/report.ts';
import type { Check } from './checks.ts';
import { braveLine, planLine, renderUsage } from './usage-render.ts';

export interface UsageDeps {
  readonly runtime: Pick<Runtime, 'cacheDriver'>;
  readonly sources: ConfigSources;
  readonly clock: () => number;
}

/** The report from the configured cache directory, or the configuration's complaint. */
export async function readUsage(deps: UsageDeps): Promise<UsageReport | string> {
  const parsed = parseCli({ ...deps.sources, argv: [] });
  if (parsed.kind !== 'serve') return parsed.kind === 'error' ? parsed.message : 'unreadable configuration';
  const { cacheDir, braveMonthlyQuota } = parsed.config;
  try {
    const snapshot = await ledgerStore(deps.runtime, cacheDir, deps.clock).load();
    return buildReport(snapshot, { now: deps.clock(), braveQuota: braveMonthlyQuota });
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    return `the ledger in ${cacheDir} could not be read (${why}); check WEB_MCP_CACHE_DIR and that directory's permissions`;
  }
}

/** Exit 0 with the report on `out`, 1 when the configuration or the ledger cannot be read. */
export async function runUsage(
  deps: UsageDeps,
  options: { readonly json: boolean },
  out: (text: string) => void,
  err: (text: string) => void,
): Promise<0 | 1> {
  const report = await readUsage(deps);
  if (typeof report === 'string') {
    err(`web-mcp usage: ${report}\n`);
    return 1;
  }
  out(options.json ? `${JSON.stringify(report, null, 2)}\n` : renderUsage(report, deps.clock()));
  return 0;
}

/** Doctor's one line: today's calls and spend, Brave's month, the plan. */
export async function usageCheck(deps: UsageDeps): Promise<Check> {
  const report = await readUsage(deps);
  if (typeof report === 'string') return { name: 'usage', status: 'warn', message: report };
  const t = report.windows.today;
  const b = report.brave;
  const today = `today ${t.calls} calls (${t.cached} from cache), ${t.runs} Claude runs, $${t.costUsd.toFixed(4)} list price`;
  const brave = `Brave ${b.requests}/${b.quota} this month`;
  const plan = report.plan === null ? 'plan: not reported yet' : `plan: ${report.plan.status}`;
  const facts = {
    callsToday: t.calls,
    runsToday: t.runs,
    costUsdToday: t.costUsd,
    braveRequests: b.requests,
    braveQuota: b.quota,
    plan: report.plan?.status ?? null,
  };
  if (report.plan?.blocked)
    return {
      name: 'usage',
      status: 'warn',
      message: `${today}; ${planLine(report, deps.clock())}`,
      fix: 'wait for the reset; cached answers still come back',
      facts,
    };
  if (b.quotaSpent !== null || b.left === 0)
    return {
      name: 'usage',
      status: 'warn',
      message: `${today}; ${braveLine(report)}`,
      fix: 'raise the Brave plan (and BRAVE_MONTHLY_QUOTA) or wait for the month to renew',
      facts,
    };
  return {
    name: 'usage',
    status: 'ok',
    message: `${today}; ${brave}; ${plan} (web-mcp usage for more)`,
    facts,
  };
}
