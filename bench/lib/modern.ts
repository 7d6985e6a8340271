// Hand-built 2026-07-28 ("modern") MCP requests, as the official client sends them:
// the `_meta` envelope in the body and MCP-Protocol-Version / Mcp-Method / Mcp-Name headers.

export const MODERN = '2026-07-28';

const META = {
  'io.modelcontextprotocol/protocolVersion': MODERN,
  'io.modelcontextprotocol/clientCapabilities': {},
  'io.modelcontextprotocol/clientInfo': { name: 'web-mcp-bench', version: '1.0.0' },
};

let nextId = 1;

/** A JSON-RPC request body with the modern `_meta` envelope. */
export function modernBody(method: string, params: Record<string, unknown> = {}): string {
  return JSON.stringify({ jsonrpc: '2.0', id: nextId++, method, params: { ...params, _meta: META } });
}

/** The headers a modern client sends with `method` (Mcp-Name for named calls). */
export function modernHeaders(method: string, name?: string): Record<string, string> {
  return {
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    'mcp-protocol-version': MODERN,
    'mcp-method': method,
    ...(name === undefined ? {} : { 'mcp-name': name }),
  };
}

/** A modern POST /mcp as a Web Request (in-process handlers). */
export function modernRequest(url: string, method: string, params: Record<string, unknown> = {}): Request {
  const name = typeof params.name === 'string' ? params.name : undefined;
  return new Request(url, {
    method: 'POST',
    headers: { host: new URL(url).host, ...modernHeaders(method, name) },
    body: modernBody(method, params),
  });
}

/** The JSON-RPC message of a reply, whether sent as plain JSON or as one SSE event. */
export function rpcOf(text: string): { result?: unknown; error?: { message: string } } {
  const trimmed = text.trim();
  if (trimmed.startsWith('{')) return JSON.parse(trimmed);
  const data = trimmed
    .split('\n')
    .filter((l) => l.startsWith('data:'))
    .map((l) => l.slice(5).trim())
    .find((l) => l.includes('"result"') || l.includes('"error"'));
  if (data === undefined) throw new Error(`no JSON-RPC message in: ${trimmed.slice(0, 200)}`);
  return JSON.parse(data);
}
