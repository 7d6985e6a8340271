// Bun entry: the shared process main, with node:http for HTTP as on Node and Deno, so the
// same connection table and time-outs apply (Bun.serve has no view of connections).
import { runMain } from '../../src/process/main.ts';
import { serveNodeHttp } from '../node/node-http.ts';
import { bunRuntime } from './runtime.ts';

runMain(bunRuntime, serveNodeHttp);
