// Deno entry: the shared process main, with node:http for HTTP as on Node, so the same
// connection table applies (Deno.serve has no time-outs and no view of connections).
// Results stream at once: Deno 2.9 does not abort a request's signal when a client that
// sent a body disconnects, but it does cancel a response stream, and that is how a
// cancelled call is noticed.
import { runMain } from '../../src/process/main.ts';
import { serveNodeHttp } from '../node/node-http.ts';
import { denoRuntime } from './runtime.ts';

runMain(denoRuntime, serveNodeHttp, 'stream');
