// The research runs' reader over MCP: one loopback listener, open only while a run is
// mounted, serving each run's `read_page` at its own path behind its own random secret,
// which stops working the moment the run is unmounted.
import { createMcpHandler, McpServer } from '@modelcontextprotocol/server';
import * as v from 'valibot';
import { isToolError, toolError } from '../errors.ts';
import { type Reader, type ReaderMount, ReadPageInput } from '../research/reader.ts';
import type { LoopbackServer, Runtime } from '../runtime.ts';
import { precomputedSchema } from './standard-schema.ts';

export const READER_TOOL = 'read_page';
/** The name the MCP config gives the server, so the run sees `mcp__web__read_page`. */
export const READER_SERVER = 'web';

const DESCRIPTION =
  'Read a web page: returns its title, URL and the passages that best serve the question (verbatim page text). ' +
  'Give look_for to steer the passages toward what is still missing.';

export interface ReaderMountDeps {
  readonly serve: Runtime['serveLoopback'];
  /** Fills `bytes` with random bytes (default: crypto.getRandomValues). */
  readonly random?: (bytes: Uint8Array<ArrayBuffer>) => Uint8Array<ArrayBuffer>;
}

interface Mounted {
  readonly secret: string;
  readonly handle: (request: Request) => Promise<Response>;
}

const schema = precomputedSchema(ReadPageInput);
const hex = (bytes: Uint8Array) => [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');

/** Compares in time independent of where the strings differ. */
function sameText(a: string, b: string): boolean {
  let diff = a.length ^ b.length;
  for (let i = 0; i < Math.max(a.length, b.length); i++)
    diff |= (a.charCodeAt(i) || 0) ^ (b.charCodeAt(i) || 0);
  return diff === 0;
}

function handlerFor(reader: Reader): (request: Request) => Promise<Response> {
  const mcp = createMcpHandler(
    () => {
      const server = new McpServer(
        { name: 'web-mcp-reader', version: '1' },
        { capabilities: { tools: { listChanged: false } } },
      );
      server.registerTool(
        READER_TOOL,
        {
          description: DESCRIPTION,
          inputSchema: schema,
          annotations: { readOnlyHint: true, openWorldHint: true },
        },
        async (args, extra) => {
          const parsed = v.safeParse(ReadPageInput, args);
          const out = parsed.success
            ? await reader.read(parsed.output, extra.mcpReq.signal)
            : {
                text: `invalid_input: ${parsed.issues[0]?.message ?? 'bad arguments'}; give an absolute http(s) url`,
                isError: true,
              };
          return { content: [{ type: 'text', text: out.text }], ...(out.isError ? { isError: true } : {}) };
        },
      );
      return server;
    },
    { legacy: 'stateless' },
  );
  return (request) => mcp.fetch(request);
}

export function createReaderMount(deps: ReaderMountDeps): ReaderMount {
  const random = deps.random ?? ((bytes: Uint8Array<ArrayBuffer>) => crypto.getRandomValues(bytes));
  const runs = new Map<string, Mounted>();
  // Opening and closing the listener happen one after another, never interleaved.
  let listener: Promise<LoopbackServer> | undefined;
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(task: () => Promise<T>): Promise<T> => {
    const next = queue.then(task, task);
    queue = next.catch(() => {});
    return next;
  };

  const refuse = () =>
    Response.json(
      { error: 'unauthorized: this reader serves only the run it was made for' },
      { status: 401 },
    );
  async function handle(request: Request): Promise<Response> {
    const id = /^\/run\/([0-9a-f]{32})$/.exec(new URL(request.url).pathname)?.[1];
    const run = id === undefined ? undefined : runs.get(id);
    const auth = request.headers.get('authorization') ?? '';
    if (run === undefined || !sameText(auth, `Bearer ${run.secret}`)) return refuse();
    return run.handle(request);
  }

  async function mount(reader: Reader): ReturnType<ReaderMount['mount']> {
    const id = hex(random(new Uint8Array(16)));
    const secret = hex(random(new Uint8Array(32)));
    const opened = await serial(async () => {
      listener ??= deps.serve(handle);
      try {
        const server = await listener;
        runs.set(id, { secret, handle: handlerFor(reader) });
        return server;
      } catch (error) {
        listener = undefined;
        return toolError(
          'no_backend',
          `no_backend: the page reader for research runs could not listen on 127.0.0.1 (${error instanceof Error ? error.message : String(error)}); set WEB_MCP_READER=webfetch to research with Claude's own WebFetch`,
        );
      }
    });
    if (isToolError(opened)) return opened;
    const mcpConfig = JSON.stringify({
      mcpServers: {
        [READER_SERVER]: {
          type: 'http',
          url: `http://127.0.0.1:${opened.port}/run/${id}`,
          headers: { Authorization: `Bearer ${secret}` },
        },
      },
    });
    let closed = false;
    const close = () => {
      if (closed) return Promise.resolve();
      closed = true;
      runs.delete(id);
      // Never rejects: the run's secret is already refused, and a listener that fails to
      // close is dropped all the same (the next run opens a new one).
      return serial(async () => {
        if (runs.size > 0 || listener === undefined) return;
        const server = await listener;
        listener = undefined;
        await server.close();
      }).catch(() => {});
    };
    return { mcpConfig, close };
  }

  return { mount } satisfies ReaderMount;
}
