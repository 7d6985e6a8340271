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
/** Open connections a listener holds at once, where the runtime lets us see them (node:http). */
export const MAX_CONNECTIONS = 64;

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

const rejectOrigin = (origin: string) => {
  const shown = JSON.stringify(origin.slice(0, 100));
  return rpcError(403, -32000, `Invalid Origin: ${shown} is not this server's own origin`);
};

/** A page served from another local port is another origin: only `http://<loopback name>:<bound port>` passes. */
function originPortMismatch(request: Request, port: number | undefined): Response | undefined {
  const origin = request.headers.get('origin');
  if (port === undefined || origin === null) return undefined;
  const url = URL.parse(origin);
  if (url !== null && url.protocol === 'http:' && Number(url.port || '80') === port) return undefined;
  return rejectOrigin(origin);
}

export function localOnly(options: GuardOptions): MiddlewareHandler {
  return async (c, next) => {
    if (!options.loopback) return next();
    const request = c.req.raw;
    const port = options.port();
    const rejected =
      hostHeaderValidationResponse(request, localhostAllowedHostnames()) ??
      hostPortMismatch(request, port) ??
      originValidationResponse(request, localhostAllowedOrigins()) ??
      originPortMismatch(request, port);
    return rejected ?? next();
  };
}

const HEADER_HINT = 'send Authorization: Bearer <WEB_MCP_HTTP_TOKEN>';

export function tokenAuth(options: GuardOptions): MiddlewareHandler {
  const token = options.token;
  if (token === undefined) return (_c, next) => next();
  // A malformed header is "wrong" too (R-S3): 401 throughout, never hono's default 400.
  const unauthorized = (why: string) => () => rpcError(401, -32001, `Unauthorized: ${why}`);
  const challenge = `Bearer realm="web-mcp", error="invalid_token", error_description="${HEADER_HINT}"`;
  return bearerAuth({
    token,
    realm: 'web-mcp',
    noAuthenticationHeader: { message: unauthorized(HEADER_HINT) },
    invalidAuthenticationHeader: { message: unauthorized(HEADER_HINT), wwwAuthenticateHeader: challenge },
    invalidToken: { message: unauthorized(`wrong token; ${HEADER_HINT}`), wwwAuthenticateHeader: challenge },
  });
}

/**
 * OAuth's paths: discovery documents (RFC 9728, RFC 8414, OpenID) and the default endpoints
 * a client falls back to without them (dynamic registration, authorize, token, revoke).
 */
export const OAUTH_PATHS = [
  '/.well-known/*',
  '/register',
  '/authorize',
  '/token',
  '/revoke',
  '/introspect',
  '/oauth/*',
  '/oauth2/*',
] as const;

/**
 * None of OAuth exists here: a 404 without asking for the token, so a client stops at once
 * rather than start a sign-in that never comes, and its user learns which header to send.
 */
export const noOAuth: MiddlewareHandler = async (c) =>
  c.json(
    {
      error: `not found: this server does not use OAuth; it takes a bearer token: ${HEADER_HINT} (web-mcp config <client> --http URL prints the client settings)`,
    },
    404,
  );

/** The answer to a body over MAX_BODY_BYTES. */
export const tooLarge = () => rpcError(413, -32600, `Request body is larger than ${MAX_BODY_BYTES} bytes`);

/** The size limit for bodies the app does not read itself (every method but POST /mcp). */
export const limitBody: MiddlewareHandler = bodyLimit({ maxSize: MAX_BODY_BYTES, onError: tooLarge });
