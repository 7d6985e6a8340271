// The Claude plan's state, read before a run starts: a plan rejected until a reset
// refuses the call at once (no process), a warning adds a note to the reply's meta.
import { type ToolError, toolError } from '../errors.ts';
import type { PlanState } from './record.ts';

const WINDOWS: Readonly<Record<string, string>> = {
  five_hour: '5-hour',
  seven_day: 'weekly',
  seven_day_opus: 'weekly Opus',
  seven_day_sonnet: 'weekly Sonnet',
};

/** `5-hour`, `weekly`, or the CLI's own word for a window this server does not know. */
export function windowName(window: string | undefined): string {
  if (window === undefined) return '';
  return WINDOWS[window] ?? window.replace(/_/g, ' ');
}

/** `18:42 UTC (in 1 h 12 min)`, with the date when it is not today. */
export function resetWords(resetsAt: number, now: number): string {
  const iso = new Date(resetsAt).toISOString();
  const sameDay = iso.slice(0, 10) === new Date(now).toISOString().slice(0, 10);
  const at = `${sameDay ? '' : `${iso.slice(0, 10)} `}${iso.slice(11, 16)} UTC`;
  return `${at} (in ${durationWords(resetsAt - now)})`;
}

export function durationWords(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return minutes % 60 === 0 ? `${hours} h` : `${hours} h ${minutes % 60} min`;
  return `${Math.round(hours / 24)} days`;
}

/** The plan is rejected until a known time still ahead. */
export function planBlocked(
  plan: PlanState | undefined,
  now: number,
): plan is PlanState & { resetsAt: number } {
  return plan?.status === 'rejected' && plan.resetsAt !== undefined && plan.resetsAt > now;
}

/** `rate_limited` while the plan is rejected until a reset still ahead; undefined when a run may start. */
export function planRefusal(plan: PlanState | undefined, now: number): ToolError | undefined {
  if (!planBlocked(plan, now)) return undefined;
  const kind = windowName(plan.window);
  return toolError(
    'rate_limited',
    `rate_limited: your Claude subscription's ${kind ? `${kind} ` : ''}usage limit is reached; it resets ${resetWords(plan.resetsAt, now)}, so no run was started — cached answers still come back; try again after the reset`,
  );
}

/** A short note for replies' meta while the plan warns (allowed_warning); undefined otherwise. */
export function planNote(plan: PlanState | undefined, now: number): string | undefined {
  if (plan === undefined || !/warning/i.test(plan.status)) return undefined;
  if (plan.resetsAt !== undefined && plan.resetsAt <= now) return undefined;
  const kind = windowName(plan.window);
  const used = plan.utilization === undefined ? 'nearly used' : `${percent(plan.utilization)}% used`;
  const reset = plan.resetsAt === undefined ? '' : `, resets ${resetWords(plan.resetsAt, now)}`;
  return `Claude plan ${kind ? `${kind} window ` : ''}${used}${reset}; slow down`;
}

/** The CLI's utilization as a whole percentage: a share (0–1) or already a percentage. */
export const percent = (utilization: number): number =>
  Math.round(utilization > 1 ? utilization : utilization * 100);
