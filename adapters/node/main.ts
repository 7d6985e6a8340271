// Node entry: the shared process main, with @hono/node-server for HTTP.
import { serve } from '@hono/node-server';
import { runMain } from '../shared/main.ts';
import { nodeRuntime } from './runtime.ts';

runMain(nodeRuntime, (listen) => {
  const server = serve({ fetch: listen.fetch, hostname: listen.host, port: listen.port }, (info) =>
    listen.onListen(info.port),
  );
  server.on('error', listen.onError);
});
