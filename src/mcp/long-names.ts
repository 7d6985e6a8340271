// Names a caller sends that the server would echo back: a tool name longer than any tool's
// is answered with a short error, so a 1 MB name never becomes a 1 MB reply or log line.
/** Longer than every tool name (MCP suggests 1–128 characters), far shorter than an attack. */
export const MAX_NAME_CHARS = 128;

/** `text` cut to `max` characters, saying how long it was. */
export function clip(text: string, max: number = MAX_NAME_CHARS): string {
  return text.length <= max ? text : `${text.slice(0, max)}… (${text.length} characters)`;
}

export interface NameRefusal {
  readonly id: string | number;
  readonly code: number;
  readonly message: string;
}

/**
 * The JSON-RPC error for a `tools/call` request whose tool name is longer than any tool's, or
 * undefined for every other message (the SDK then answers unknown names itself, echoing them).
 */
export function longToolName(message: unknown): NameRefusal | undefined {
  if (typeof message !== 'object' || message === null) return undefined;
  const { method, id, params } = message as { method?: unknown; id?: unknown; params?: unknown };
  if (method !== 'tools/call' || (typeof id !== 'string' && typeof id !== 'number')) return undefined;
  const name =
    typeof params === 'object' && params !== null ? (params as { name?: unknown }).name : undefined;
  if (typeof name !== 'string' || name.length <= MAX_NAME_CHARS) return undefined;
  return {
    id,
    code: -32602,
    message: `Invalid params: no tool has a name of ${name.length} characters (tool names are at most ${MAX_NAME_CHARS}); call a name from tools/list`,
  };
}
