// The stderr logger: one line per event, never on stdout (stdout carries only
// MCP messages in stdio mode), never a secret. Control characters in a message are
// escaped, so no text (least of all a client's) can break a line or forge another.
export interface Log {
  info(message: string): void;
  warn(message: string): void;
}

/** How much of a client's text a log line quotes. */
export const CLIENT_TEXT_CHARS = 200;

/** C0 and C1 controls, DEL, and the Unicode line and paragraph separators. */
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;

/** `\n` for a newline, `\u001b` for ESC and every other control character. */
export function escapeControls(text: string): string {
  return text.replace(CONTROL, (c) =>
    c === '\n' ? '\\n' : `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** Text that came from a client, made safe to quote in a log line: escaped, then cut to 200 characters. */
export function clientText(text: string): string {
  const escaped = [...escapeControls(text)];
  if (escaped.length <= CLIENT_TEXT_CHARS) return escaped.join('');
  return `${escaped.slice(0, CLIENT_TEXT_CHARS - 1).join('')}…`;
}

export function createLog(write: (line: string) => void): Log {
  return {
    info: (message) => write(`web-mcp: ${escapeControls(message)}\n`),
    warn: (message) => write(`web-mcp: warning: ${escapeControls(message)}\n`),
  };
}

export const silentLog: Log = { info() {}, warn() {} };
