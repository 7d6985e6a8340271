// Bun entry: the shared process main, with Bun.serve for HTTP. Bun.serve has no request
// time-out nor connection cap: the shared app drops a body still arriving after 30 s.
import { MAX_BODY_BYTES } from '../../src/guard.ts';
import { runMain } from '../../src/process/main.ts';
import { bunRuntime } from './runtime.ts';

interface BunServe {
  serve(options: {
    hostname: string;
    port: number;
    /** Seconds; Bun's default of 10 closes quiet SSE streams of long research calls. */
    idleTimeout: number;
    maxRequestBodySize: number;
    fetch: (request: Request) => Response | Promise<Response>;
  }): { port: number };
}
declare const Bun: BunServe;

runMain(bunRuntime, (listen) => {
  try {
    const server = Bun.serve({
      hostname: listen.host,
      port: listen.port,
      idleTimeout: 255,
      // The app answers 413 past MAX_BODY_BYTES; this is Bun's own hard stop behind it.
      maxRequestBodySize: 2 * MAX_BODY_BYTES,
      fetch: listen.fetch,
    });
    listen.onListen(server.port);
  } catch (error) {
    listen.onError(error instanceof Error ? error : new Error(String(error)));
  }
});
