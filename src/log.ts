// The stderr logger: one line per event, never on stdout (stdout carries only
// MCP messages in stdio mode), never a secret.
export interface Log {
  info(message: string): void;
  warn(message: string): void;
}

export function createLog(write: (line: string) => void): Log {
  return {
    info: (message) => write(`web-mcp: ${message}\n`),
    warn: (message) => write(`web-mcp: warning: ${message}\n`),
  };
}

export const silentLog: Log = { info() {}, warn() {} };
