// Bun.serve's options for the shared app. Bun closes a connection idle for `idleTimeout`
// seconds (at most 255), which a research call may outlast without a byte (a `deep` call
// has 300 s): every request the app takes has the idle limit lifted while it runs.
import { MAX_BODY_BYTES } from '../../src/guard.ts';
import type { Listen } from '../shared/main.ts';

/** The part of Bun's server a request handler sees. */
export interface BunServer {
  timeout(request: Request, seconds: number): void;
}

export interface BunServeOptions {
  readonly hostname: string;
  readonly port: number;
  /** Seconds; Bun's default of 10 would close quiet connections between requests too soon. */
  readonly idleTimeout: number;
  readonly maxRequestBodySize: number;
  readonly fetch: (request: Request, server: BunServer) => Response | Promise<Response>;
}

export function bunServeOptions(
  listen: Pick<Listen, 'host' | 'port' | 'fetch'>,
  idleTimeout = 255,
): BunServeOptions {
  return {
    hostname: listen.host,
    port: listen.port,
    idleTimeout,
    // The app answers 413 past MAX_BODY_BYTES; this is Bun's own hard stop behind it.
    maxRequestBodySize: 2 * MAX_BODY_BYTES,
    fetch: (request, server) => {
      // A call runs as long as its budget: no idle limit while it does (the app bounds the body itself).
      server.timeout(request, 0);
      return listen.fetch(request);
    },
  };
}
