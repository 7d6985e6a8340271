// Deno entry: the shared process main, with Deno.serve for HTTP.
import { runMain } from '../shared/main.ts';
import { denoRuntime } from './runtime.ts';

interface DenoServe {
  serve(
    options: {
      hostname: string;
      port: number;
      onListen: (address: { port: number }) => void;
      onError: (error: unknown) => Response;
    },
    handler: (request: Request) => Response | Promise<Response>,
  ): unknown;
}
declare const Deno: DenoServe;

runMain(denoRuntime, (listen) => {
  try {
    Deno.serve(
      {
        hostname: listen.host,
        port: listen.port,
        onListen: ({ port }) => listen.onListen(port),
        onError: () =>
          Response.json(
            { jsonrpc: '2.0', error: { code: -32603, message: 'Internal error' }, id: null },
            { status: 500 },
          ),
      },
      listen.fetch,
    );
  } catch (error) {
    listen.onError(error instanceof Error ? error : new Error(String(error)));
  }
});
