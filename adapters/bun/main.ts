// Bun entry: the shared process main, with Bun.serve for HTTP. Bun.serve has no request
// time-out nor connection cap: the shared app drops a body still arriving after 30 s.
import { runMain } from '../shared/main.ts';
import { bunRuntime } from './runtime.ts';
import { type BunServeOptions, bunServeOptions } from './serve-options.ts';

declare const Bun: { serve(options: BunServeOptions): { port: number } };

runMain(bunRuntime, (listen) => {
  try {
    const server = Bun.serve(bunServeOptions(listen));
    listen.onListen(server.port);
  } catch (error) {
    listen.onError(error instanceof Error ? error : new Error(String(error)));
  }
});
