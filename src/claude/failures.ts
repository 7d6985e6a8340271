// Turning a run that gave no usable reply into one ToolError: the failure
// signatures of reference/claude-cli.md, matched defensively across CLI versions.
import { type ToolError, toolError } from '../errors.ts';
import type { StreamState } from './events.ts';

export interface RunEnd {
  readonly state: StreamState;
  /** Exit code, or null when a signal ended the process. */
  readonly exitCode: number | null;
  /** The tail of stderr, used for matching only, never echoed. */
  readonly stderr: string;
}

const STUB = /native binary not installed/i;
const SIGNED_OUT =
  /not logged in|please run \/login|invalid api key|oauth token (?:has been )?revoked|token revoked|oauth token has expired|failed to authenticate|authentication_error/i;
const USAGE_LIMIT = /hit your .{0,40}limit|usage limit reached|usage_limit_reached|out of extra usage/i;
const THROTTLED = /temporarily limiting requests|rate_limit_error|too many requests|\b429\b/i;
const OVERLOADED = /overloaded|\b529\b/i;
const API_TIMEOUT = /request timed out|timed out|etimedout/i;

/** Maps a finished run without a valid structured_output to its error code and sentence. */
export function mapFailure(end: RunEnd): ToolError {
  const { state, exitCode, stderr } = end;
  const r = state.result;
  // A run that ended "success" is judged on its output alone: its prose may well mention 429 or /login.
  if (r !== undefined && !r.isError) {
    return toolError(
      'bad_output',
      'bad_output: claude answered in prose instead of the structured reply; try again',
    );
  }
  const text = [r?.text ?? '', ...(r?.errors ?? []), r?.apiError ?? '', state.plainText, stderr].join('\n');

  if (STUB.test(text)) {
    return toolError(
      'no_backend',
      'no_backend: the claude command on PATH is the npm stub without its native binary; reinstall Claude Code (npm i -g @anthropic-ai/claude-code) or set CLAUDE_BIN',
    );
  }
  if (SIGNED_OUT.test(text) || r?.apiStatus === 401 || r?.apiStatus === 403) {
    return toolError(
      'claude_not_signed_in',
      'claude_not_signed_in: Claude Code is not signed in (or its sign-in was revoked); run `claude` once in a terminal and sign in with /login, then retry',
    );
  }
  if (USAGE_LIMIT.test(text) || state.rateLimit?.status === 'rejected') return usageLimit(end);
  if (THROTTLED.test(text) || r?.apiStatus === 429) {
    return toolError(
      'rate_limited',
      "rate_limited: Anthropic's API is temporarily limiting requests (not your usage limit); try again in a minute",
    );
  }
  if (OVERLOADED.test(text) || r?.apiStatus === 529) {
    return toolError(
      'rate_limited',
      "rate_limited: Anthropic's API is overloaded right now; try again in a few minutes",
    );
  }
  if (API_TIMEOUT.test(text)) {
    return toolError('timeout', "timeout: the request to Anthropic's API timed out; try again in a moment");
  }
  if (r === undefined) return noResult(end, exitCode);
  if (r.subtype === 'error_max_turns') {
    const turns = /maximum number of turns \((\d+)\)/i.exec(text)?.[1];
    return toolError(
      'bad_output',
      `bad_output: the research run used all its${turns ? ` ${turns}` : ''} turns without returning a reply; ask a narrower question or use a deeper depth`,
    );
  }
  if (r.subtype === 'error_max_structured_output_retries') {
    return toolError(
      'bad_output',
      'bad_output: claude could not produce a reply in the required shape after several attempts; try again, perhaps with a larger max_tokens',
    );
  }
  const subtype = /^[a-z_]{1,60}$/.test(r.subtype) ? ` (${r.subtype})` : '';
  return toolError(
    'bad_output',
    `bad_output: the claude run ended with an error${subtype} and no reply; try again`,
  );
}

function noResult(end: RunEnd, exitCode: number | null): ToolError {
  if (end.state.jsonLines === 0 && end.state.plainText !== '') {
    return toolError(
      'bad_output',
      'bad_output: claude printed something other than stream-json events; check that CLAUDE_BIN is Claude Code 2.x (`claude --version`)',
    );
  }
  const flag = /unknown option '(--?[A-Za-z][\w-]{0,40})'/.exec(end.stderr)?.[1];
  if (flag) {
    return toolError(
      'bad_output',
      `bad_output: this claude does not accept the option ${flag}; update Claude Code (npm i -g @anthropic-ai/claude-code)`,
    );
  }
  const how = exitCode === null ? 'was stopped by a signal' : `exited with code ${exitCode}`;
  return toolError('bad_output', `bad_output: claude ${how} before giving a reply; try again`);
}

function usageLimit(end: RunEnd): ToolError {
  const r = end.state.result;
  const text = [r?.text ?? '', ...(r?.errors ?? [])].join('\n');
  const limit = end.state.rateLimit;
  const kind =
    limit?.type === 'seven_day' || /weekly/i.test(text)
      ? 'weekly'
      : limit?.type === 'five_hour' || /5-hour/i.test(text)
        ? '5-hour'
        : '';
  // Prefer the machine-readable epoch; fall back to the CLI's own wording or the old `|<epoch>` form.
  const epoch = limit?.resetsAt ?? Number(/usage limit reached\|(\d{9,11})/i.exec(text)?.[1] ?? Number.NaN);
  const wording = /resets\s+([^·\n]{1,60}?)\s*(?:·|$)/im.exec(text)?.[1];
  const when = Number.isFinite(epoch) && epoch > 0 ? formatUtc(epoch) : wording;
  return toolError(
    'rate_limited',
    `rate_limited: your Claude subscription's ${kind ? `${kind} ` : ''}usage limit is reached${
      when ? `; it resets ${when}` : ''
    }; try again after that`,
  );
}

function formatUtc(epochSeconds: number): string {
  return `${new Date(epochSeconds * 1000).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}
