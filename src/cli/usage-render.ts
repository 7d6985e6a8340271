// `web-mcp usage` as text: three columns (today, 7 days, 30 days), the tools of the
// last 30 days, Brave's month against its quota, and the plan's last word.

import { durationWords, percent, windowName } from '../usage/plan.ts';
import type { UsageReport, WindowReport } from '../usage/report.ts';
import type { Totals } from '../usage/totals.ts';

const num = (n: number) => Math.round(n).toLocaleString('en-US');
const share = (part: number, whole: number) => (whole === 0 ? '–' : `${Math.round((part / whole) * 100)}%`);
const usd = (n: number) => (n === 0 ? '$0' : n < 0.01 ? `$${n.toFixed(4)}` : `$${n.toFixed(2)}`);
const kilo = (n: number) => (n < 10_000 ? num(n) : `${(n / 1000).toFixed(n < 100_000 ? 1 : 0)}k`);

function row(label: string, cells: readonly string[]): string {
  return `${label.padEnd(18)}${cells.map((c) => c.padStart(12)).join('')}`;
}

function columns(report: UsageReport): string[] {
  const w: WindowReport[] = [report.windows.today, report.windows.days7, report.windows.days30];
  const errors = (t: Totals) => Object.values(t.errors).reduce((a, b) => a + b, 0);
  return [
    row('', ['today', '7 days', '30 days']),
    row(
      'calls',
      w.map((t) => num(t.calls)),
    ),
    row(
      '  from cache',
      w.map((t) => share(t.cached, t.calls)),
    ),
    row(
      '  failed',
      w.map((t) => num(errors(t))),
    ),
    row(
      'Claude runs',
      w.map((t) => num(t.runs)),
    ),
    row(
      '  turns',
      w.map((t) => num(t.turns)),
    ),
    row(
      '  tokens in',
      w.map((t) => kilo(t.inputTokens)),
    ),
    row(
      '  tokens out',
      w.map((t) => kilo(t.outputTokens)),
    ),
    row(
      '  list price',
      w.map((t) => usd(t.costUsd)),
    ),
    row(
      'Brave requests',
      w.map((t) => num(t.braveRequests)),
    ),
  ];
}

function tools(report: UsageReport): string[] {
  const entries = Object.entries(report.windows.days30.byTool);
  if (entries.length === 0) return ['No calls in the last 30 days.'];
  return [
    'By tool, last 30 days:',
    ...entries.map(
      ([tool, t]) =>
        `  ${tool.padEnd(16)} ${num(t.calls)} calls, ${share(t.cached, t.calls)} from cache, ${num(t.runs)} runs, ${usd(t.costUsd)}, ${num(t.braveRequests)} Brave`,
    ),
  ];
}

export function braveLine(report: UsageReport): string {
  const b = report.brave;
  const rate = b.perSecondStated
    ? `${b.perSecond} a second (as Brave states it)`
    : '1 a second (the free plan, until Brave states the key’s rate)';
  const spent = b.quotaSpent
    ? `; Brave said the quota is spent${b.quotaSpent.renewsAt ? ` until ${b.quotaSpent.renewsAt.slice(0, 16).replace('T', ' ')} UTC` : ''}, so research runs without its head start`
    : '';
  return `Brave: ${num(b.requests)} of ${num(b.quota)} requests this month (${share(b.requests, b.quota)}), ${num(b.left)} left; ${rate}${spent}`;
}

export function planLine(report: UsageReport, now: number): string {
  const p = report.plan;
  if (p === null) return 'Claude plan: no state reported yet (it comes with the first run)';
  const kind = windowName(p.window ?? undefined);
  const used = p.utilization === null ? '' : `, ${percent(p.utilization)}% used`;
  const resets =
    p.resetsAt === null
      ? ''
      : `, resets ${p.resetsAt.slice(0, 16).replace('T', ' ')} UTC${Date.parse(p.resetsAt) > now ? ` (in ${durationWords(Date.parse(p.resetsAt) - now)})` : ''}`;
  const what = p.blocked ? 'rejected: calls that need a run answer rate_limited until the reset' : p.status;
  return `Claude plan: ${what}${kind ? ` (${kind} window${used})` : used}${resets}; seen ${p.seenAt.slice(0, 16).replace('T', ' ')} UTC`;
}

export function renderUsage(report: UsageReport, now: number): string {
  return `${[
    `web-mcp usage (days in UTC; list price is what Claude Code reports, not a bill)`,
    '',
    ...columns(report),
    '',
    ...tools(report),
    '',
    braveLine(report),
    planLine(report, now),
  ].join('\n')}\n`;
}
