// Bun entry: the shared process main, with Bun.serve for HTTP.
import { runMain } from '../shared/main.ts';
import { bunRuntime } from './runtime.ts';

interface BunServe {
  serve(options: {
    hostname: string;
    port: number;
    /** Seconds; Bun's default of 10 closes quiet SSE streams of long research calls. */
    idleTimeout: number;
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
      fetch: listen.fetch,
    });
    listen.onListen(server.port);
  } catch (error) {
    listen.onError(error instanceof Error ? error : new Error(String(error)));
  }
});
