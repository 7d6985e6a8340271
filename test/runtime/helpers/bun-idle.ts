// Run by Bun (bun-idle.test.ts): a server with a 1 s idle limit whose one response (a
// stream, like a call's SSE) starts at once and ends 7 s later (Bun checks idle time every few seconds), through bunServeOptions.
import { bunServeOptions } from '../../../adapters/bun/serve-options.ts';

declare const Bun: { serve(options: object): { port: number } };

const server = Bun.serve(
  bunServeOptions(
    {
      host: '127.0.0.1',
      port: 0,
      fetch: () => {
        const encoder = new TextEncoder();
        const body = new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(encoder.encode('started '));
            setTimeout(() => {
              controller.enqueue(encoder.encode('done'));
              controller.close();
            }, 7000);
          },
        });
        return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
      },
    },
    1,
  ),
);
console.log(`port ${server.port}`);
