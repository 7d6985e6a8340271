// A fresh server process whose first and only call is one tool, made by one of the
// clients apps use: the v2 client in either protocol era, or the v1 SDK client most apps still ship.

import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { Client as V1Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport as V1StdioTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { startFakeBrave } from './fake-brave.ts';
import { type LoopbackServer, startLoopbackServer } from './loopback-server.ts';
import { newClient } from './mcp-client.ts';

export type ClientKind = 'v2 modern' | 'v2 legacy' | 'v1 sdk';
export const CLIENT_KINDS: readonly ClientKind[] = ['v2 modern', 'v2 legacy', 'v1 sdk'];

export interface Launch {
  readonly command: string;
  readonly args: readonly string[];
  readonly env: Record<string, string>;
  readonly cwd?: string;
}

export interface CallOutcome {
  readonly isError: boolean;
  readonly text: string;
  readonly stderr: string;
}

type Content = { type: string; text?: string }[];
const textOf = (result: { content?: unknown }) =>
  ((result.content ?? []) as Content).map((c) => c.text ?? '').join('\n');

/** Starts `launch` over stdio, makes one `tools/call`, and stops the process. */
export async function firstCall(
  launch: Launch,
  kind: ClientKind,
  name: string,
  args: Record<string, unknown>,
): Promise<CallOutcome> {
  const params = {
    command: launch.command,
    args: [...launch.args],
    env: launch.env,
    stderr: 'pipe' as const,
  };
  const where = launch.cwd === undefined ? {} : { cwd: launch.cwd };
  let stderr = '';
  const collect = (chunk: Buffer) => {
    stderr += chunk.toString();
  };
  if (kind === 'v1 sdk') {
    const transport = new V1StdioTransport({ ...params, ...where });
    transport.stderr?.on('data', collect);
    const client = new V1Client({ name: 'first-call-v1', version: '1.0.0' });
    await client.connect(transport);
    try {
      const result = await client.callTool({ name, arguments: args }, undefined, { timeout: 120_000 });
      const content = 'content' in result ? result.content : undefined;
      return { isError: result.isError === true, text: textOf({ content }), stderr };
    } finally {
      await client.close();
    }
  }
  const transport = new StdioClientTransport({ ...params, ...where });
  transport.stderr?.on('data', collect);
  const client = newClient(kind === 'v2 modern' ? 'modern' : 'legacy');
  await client.connect(transport);
  try {
    const result = await client.callTool({ name, arguments: args }, { timeout: 120_000 });
    return { isError: result.isError === true, text: textOf(result), stderr };
  } finally {
    await client.close();
  }
}

/** What every first call needs: a loopback page for page tools and a loopback Brave for search. */
export interface FirstCallWorld {
  readonly page: LoopbackServer;
  readonly pageUrl: string;
  readonly brave: Awaited<ReturnType<typeof startFakeBrave>>;
  /** Server variables: a Brave key and endpoint, and the page's host allowed although loopback. */
  readonly env: Record<string, string>;
  close(): Promise<void>;
}

export async function startFirstCallWorld(): Promise<FirstCallWorld> {
  const page = await startLoopbackServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(
      `<html><head><title>Tapirs</title></head><body><article><h1>Tapirs</h1><p>${'Tapirs are large, herbivorous mammals of the forests of South America and Asia. '.repeat(6)}</p><p>They are odd-toed ungulates, related to horses and rhinoceroses.</p></article></body></html>`,
    );
  });
  const brave = await startFakeBrave();
  return {
    page,
    pageUrl: `${page.url}/tapirs`,
    brave,
    env: {
      BRAVE_API_KEY: 'first-call-brave-key-123',
      BRAVE_BASE_URL: brave.baseUrl,
      WEB_MCP_ALLOW_HOSTS: `127.0.0.1:${page.port}`,
    },
    close: async () => {
      await page.close();
      await brave.close();
    },
  };
}

export interface ToolCase {
  readonly name: string;
  readonly args: Record<string, unknown>;
  /** Brave requests one uncached call spends: one per research call and per web_search, none for pages. */
  readonly braveRequests: number;
  /** What its reply must hold. */
  readonly expect: RegExp;
}

/** Every tool with valid arguments. */
export function toolCases(pageUrl: string): ToolCase[] {
  const question = 'What is a tapir?';
  const goal = 'a one-line caption';
  return [
    { name: 'web_lookup', args: { question }, braveRequests: 1, expect: /\S/ },
    { name: 'web_read', args: { url: pageUrl }, braveRequests: 0, expect: /\S/ },
    { name: 'web_research', args: { question, goal }, braveRequests: 1, expect: /^Answer: /m },
    { name: 'web_page', args: { url: pageUrl, goal }, braveRequests: 0, expect: /^Answer: /m },
    {
      name: 'web_investigate',
      args: { question, goal, depth: 'quick' },
      braveRequests: 1,
      expect: /^Answer: /m,
    },
    {
      name: 'web_search',
      args: { query: 'tapir' },
      braveRequests: 1,
      expect: /^1\. \[Result 1 for tapir\]/m,
    },
  ];
}
