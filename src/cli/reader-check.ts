// doctor's line on how research runs read pages: through the server's own reader (and
// whether its loopback listener can open here), or Claude's WebFetch (WEB_MCP_READER).
import type { Config } from '../config.ts';
import type { Runtime } from '../runtime.ts';
import type { Check } from './checks.ts';

export async function readerCheck(
  runtime: Pick<Runtime, 'serveLoopback'>,
  config: Pick<Config, 'reader'>,
): Promise<Check> {
  if (config.reader === 'webfetch') {
    const message = "webfetch: research runs read pages with Claude's WebFetch (WEB_MCP_READER=webfetch)";
    return { name: 'reader', status: 'ok', message, facts: { reader: 'webfetch' } };
  }
  try {
    const server = await runtime.serveLoopback(async () => new Response(null, { status: 404 }));
    await server.close();
    const message =
      'server: research runs read pages through web-mcp (a loopback listener per live run works here)';
    return { name: 'reader', status: 'ok', message, facts: { reader: 'server' } };
  } catch (error) {
    return {
      name: 'reader',
      status: 'fail',
      message: `server: cannot listen on 127.0.0.1 for research runs (${error instanceof Error ? error.message : String(error)})`,
      fix: "allow listening on 127.0.0.1 (Deno: --allow-net), or set WEB_MCP_READER=webfetch to use Claude's WebFetch",
      facts: { reader: 'server' },
    };
  }
}
