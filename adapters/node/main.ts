// Node entry: the shared process main; @hono/node-server (and node:http2 with it) is
// loaded only when serving HTTP, so a stdio server starts lighter.
import { runMain } from '../shared/main.ts';
import { nodeRuntime } from './runtime.ts';

runMain(nodeRuntime, (listen) => {
  import('@hono/node-server').then(({ serve }) => {
    const server = serve({ fetch: listen.fetch, hostname: listen.host, port: listen.port }, (info) =>
      listen.onListen(info.port),
    );
    server.on('error', listen.onError);
  }, listen.onError);
});
