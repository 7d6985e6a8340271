// `web-mcp config <client>`: the exact snippet or command each client takes, for
// this installation over stdio or for a running server's URL over HTTP.
import { isLoopbackHost } from '../config.ts';
import type { Launch } from './launch.ts';

export const CLIENTS = ['claude-code', 'mcp-json', 'vscode', 'cursor', 'codex', 'lm-studio', 'pi'] as const;
export type Client = (typeof CLIENTS)[number];

export type Target =
  | { readonly kind: 'stdio'; readonly launch: Launch }
  | {
      readonly kind: 'http';
      readonly url: string;
      /** WEB_MCP_HTTP_TOKEN is set here: the server most likely wants it even on loopback. */
      readonly token?: boolean;
    };

export interface Snippet {
  /** What to paste or run: stdout carries only this. */
  readonly text: string;
  /** Where it goes; stderr, so `web-mcp config vscode > .vscode/mcp.json` works. */
  readonly where: string;
}

const TOKEN_ENV = 'WEB_MCP_HTTP_TOKEN';
const HEADER_PLACEHOLDER = `Bearer <${TOKEN_ENV}>`;
/** Deep research runs up to 300 s; Codex and pi's adapter give a tool 60 s unless told. */
const CODEX_TOOL_TIMEOUT_SEC = 330;
const PI_REQUEST_TIMEOUT_MS = CODEX_TOOL_TIMEOUT_SEC * 1000;

const WHERE: Record<Client, string> = {
  'claude-code': 'run it in a terminal (add --scope user to use it in every project)',
  'mcp-json': "merge it into your client's mcp.json",
  vscode: 'put it in .vscode/mcp.json (or run "MCP: Open User Configuration")',
  cursor: 'put it in ~/.cursor/mcp.json (or .cursor/mcp.json in a project)',
  codex: 'add it to ~/.codex/config.toml',
  'lm-studio': 'LM Studio: Program tab → Install → Edit mcp.json, and merge it in',
  pi: 'put it in ~/.pi/agent/mcp.json; pi reads MCP servers through its adapter: pi install npm:pi-mcp-adapter',
};

/** Off loopback the server demands a bearer token, so the client must send one. */
export function needsToken(url: string): boolean {
  return !isLoopbackHost(new URL(url).hostname.replace(/^\[|\]$/g, ''));
}

/** The header goes in when the server demands it or a token is in use; only ever as a reference. */
const sendsToken = (target: { url: string; token?: boolean }) =>
  target.token === true || needsToken(target.url);

const json = (value: unknown) => JSON.stringify(value, null, 2);
const SAFE = /^[A-Za-z0-9_@%+=:,./-]+$/;
const shell = (word: string) => (SAFE.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`);
const hasEnv = (launch: Launch) => Object.keys(launch.env).length > 0;

function stdioEntry(launch: Launch, withType: boolean): Record<string, unknown> {
  return {
    ...(withType ? { type: 'stdio' } : {}),
    command: launch.command,
    args: launch.args,
    ...(hasEnv(launch) ? { env: launch.env } : {}),
  };
}

function httpEntry(target: { url: string; token?: boolean }, type: boolean): Record<string, unknown> {
  return {
    ...(type ? { type: 'http' } : {}),
    url: target.url,
    ...(sendsToken(target) ? { headers: { Authorization: HEADER_PLACEHOLDER } } : {}),
  };
}

function claudeCode(target: Target): string {
  if (target.kind === 'http') {
    const header = sendsToken(target) ? ` --header "Authorization: Bearer $${TOKEN_ENV}"` : '';
    return `claude mcp add --transport http web ${shell(target.url)}${header}`;
  }
  const env = Object.entries(target.launch.env).map(([k, v]) => ` --env ${shell(`${k}=${v}`)}`);
  const command = [target.launch.command, ...target.launch.args].map(shell).join(' ');
  return `claude mcp add web${env.join('')} -- ${command}`;
}

function codex(target: Target): string {
  const lines = ['[mcp_servers.web]'];
  if (target.kind === 'http') {
    lines.push(`url = ${JSON.stringify(target.url)}`);
    if (sendsToken(target)) lines.push(`bearer_token_env_var = "${TOKEN_ENV}"`);
  } else {
    lines.push(`command = ${JSON.stringify(target.launch.command)}`);
    lines.push(`args = [${target.launch.args.map((a) => JSON.stringify(a)).join(', ')}]`);
  }
  lines.push(`tool_timeout_sec = ${CODEX_TOOL_TIMEOUT_SEC}`);
  if (target.kind === 'stdio' && hasEnv(target.launch)) {
    lines.push('', '[mcp_servers.web.env]');
    for (const [k, v] of Object.entries(target.launch.env)) lines.push(`${k} = ${JSON.stringify(v)}`);
  }
  return lines.join('\n');
}

function body(client: Client, target: Target): string {
  if (client === 'claude-code') return claudeCode(target);
  if (client === 'codex') return codex(target);
  if (client === 'vscode') {
    const entry = target.kind === 'http' ? httpEntry(target, true) : stdioEntry(target.launch, true);
    return json({ servers: { web: entry } });
  }
  // Cursor's notation, which LM Studio and pi follow; the generic file also names the HTTP type.
  const entry =
    target.kind === 'http' ? httpEntry(target, client === 'mcp-json') : stdioEntry(target.launch, false);
  // pi-mcp-adapter reads a per-server tool time-out; the other mcp.json clients have no such field.
  const timeout = client === 'pi' ? { requestTimeoutMs: PI_REQUEST_TIMEOUT_MS } : {};
  return json({ mcpServers: { web: { ...entry, ...timeout } } });
}

export function clientSnippet(client: Client, target: Target): Snippet {
  const byEnv = client === 'claude-code' || client === 'codex';
  const token = byEnv
    ? `set ${TOKEN_ENV} in your environment to the server's token`
    : `replace <${TOKEN_ENV}> with the server's token`;
  const where = target.kind === 'http' && sendsToken(target) ? `${WHERE[client]}; ${token}` : WHERE[client];
  return { text: `${body(client, target)}\n`, where };
}
