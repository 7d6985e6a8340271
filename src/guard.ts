// HTTP guard (R-S1–R-S4): Host/Origin checks against DNS rebinding on loopback,
// a bearer token when one is set, and a request-body limit. Built from the SDK's
// validators and hono's middleware rather than hand-written checks.
import {
  hostHeaderValidationResponse,
  localhostAllowedHostnames,
  localhostAllowedOrigins,
  originValidationResponse,
} from '@modelcontextprotocol/server';
import type { MiddlewareHandler } from 'hono';
import { bearerAuth } from 'hono/bearer-auth';
import { bodyLimit } from 'hono/body-limit';

export const MAX_BODY_BYTES = 1024 * 1024;

export interface GuardOptions {
  /** True when listening on a loopback address: Host and Origin must then be local. */
  readonly loopback: boolean;
  readonly token: string | undefined;
  /** The port actually bound (known only after listening); a Host naming another port is refused. */
  readonly port: () => number | undefined;
}

const rpcError = (status: number, code: number, message: string) =>
  Response.json({ jsonrpc: '2.0', error: { code, message }, id: null }, { status });

function hostPortMismatch(request: Request, port: number | undefined): Response | undefined {
  const host = request.headers.get('host');
  if (port === undefined || host === null) return undefined;
  const m = /:(\d+)$/.exec(host);
  if (m === null || Number(m[1]) === port) return undefined;
  return rpcError(403, -32000, `Invalid Host: port ${m[1]} is not the port this server listens on`);
}

export function localOnly(options: GuardOptions): MiddlewareHandler {
  return async (c, next) => {
    if (!options.loopback) return next();
    const request = c.req.raw;
    const rejected =
      hostHeaderValidationResponse(request, localhostAllowedHostnames()) ??
      hostPortMismatch(request, options.port()) ??
      originValidationResponse(request, localhostAllowedOrigins());
    return rejected ?? next();
  };
}

export function tokenAuth(options: GuardOptions): MiddlewareHandler {
  const token = options.token;
  if (token === undefined) return (_c, next) => next();
  // A malformed header is "wrong" too (R-S3): 401 throughout, never hono's default 400.
  const unauthorized = (why: string) => () => rpcError(401, -32001, `Unauthorized: ${why}`);
  return bearerAuth({
    token,
    noAuthenticationHeader: { message: unauthorized('send Authorization: Bearer <WEB_MCP_HTTP_TOKEN>') },
    invalidAuthenticationHeader: { message: unauthorized('send Authorization: Bearer <WEB_MCP_HTTP_TOKEN>') },
    invalidToken: { message: unauthorized('wrong token') },
  });
}

export const limitBody: MiddlewareHandler = bodyLimit({
  maxSize: MAX_BODY_BYTES,
  onError: () => rpcError(413, -32600, `Request body is larger than ${MAX_BODY_BYTES} bytes`),
});
