// Expected failures as values: a code the caller can branch on and one
// sentence saying what happened and what to do. Handlers return these, never throw them.
export const ERROR_CODES = [
  'claude_not_signed_in',
  'no_backend',
  'rate_limited',
  'busy',
  'timeout',
  'cancelled',
  'fetch_failed',
  'blocked_url',
  'bad_output',
  'invalid_input',
  // A tool threw where it should have returned a value: a bug, reported with a code all the same.
  'internal_error',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export interface ToolError {
  readonly kind: 'error';
  readonly code: ErrorCode;
  readonly message: string;
}

export function toolError(code: ErrorCode, message: string): ToolError {
  return { kind: 'error', code, message };
}

export function isToolError(value: unknown): value is ToolError {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { kind?: unknown }).kind === 'error' &&
    typeof (value as { code?: unknown }).code === 'string'
  );
}

/** Reads an abort reason: a deadline (ours or AbortSignal.timeout) is `timeout`, anything else `cancelled`. */
export function abortCode(reason: unknown): 'timeout' | 'cancelled' {
  if (typeof reason !== 'object' || reason === null) return 'cancelled';
  if ('code' in reason && reason.code === 'timeout') return 'timeout';
  return 'name' in reason && reason.name === 'TimeoutError' ? 'timeout' : 'cancelled';
}
