// Node entry: the shared process main, with node:http for HTTP (adapters/shared/node-http.ts).
import { runMain } from '../shared/main.ts';
import { serveNodeHttp } from '../shared/node-http.ts';
import { nodeRuntime } from './runtime.ts';

runMain(nodeRuntime, serveNodeHttp);
