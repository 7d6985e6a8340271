// Node entry: the shared process main, with node:http for HTTP (node-http.ts).
import { runMain } from '../../src/process/main.ts';
import { serveNodeHttp } from './node-http.ts';
import { nodeRuntime } from './runtime.ts';

runMain(nodeRuntime, serveNodeHttp);
