// Deno entry: the shared process main, with Deno.serve for HTTP. Results stream at once:
// Deno 2.9 does not abort a request's signal when a client that sent a body disconnects,
// but it does cancel a response stream, and that is how a cancelled call is noticed.
import { runMain } from '../../src/process/main.ts';
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

runMain(
  denoRuntime,
  (listen) => {
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
  },
  'stream',
);
