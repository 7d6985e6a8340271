// Connections that go only where the guard said, at the moment they are made: the
// host is resolved here, every address is checked, and the socket is opened to the
// checked IP itself (the runtime never resolves the name again). Each connection
// carries one response and is closed, so no socket outlives its check. Behind a proxy
// (HTTPS_PROXY, HTTP_PROXY, NO_PROXY) the proxy resolves the name and connects: the name and
// its addresses are checked here first, and nothing is sent to the proxy if they fail.
import { isIP } from 'node:net';
// 'undici/index.js', not 'undici': Bun answers the bare name with its own partial copy.
import {
  Agent,
  buildConnector,
  type Dispatcher,
  EnvHttpProxyAgent,
  fetch as undiciFetch,
} from 'undici/index.js';
import { type ConnectGuard, ConnectRefused, type ConnectTarget } from '../../runtime.ts';
import type { ProxyEnv } from './proxy-env.ts';

/** How long one TCP (and TLS) connect may take before the next address is tried. */
const CONNECT_TIMEOUT_MS = 10_000;

/** The addresses `target` may use now, or why none may. */
async function checkedAddresses(guard: ConnectGuard, target: ConnectTarget): Promise<string[] | Error> {
  const { hostname } = target;
  if (isIP(hostname) !== 0) {
    const reason = guard.refuse(target, hostname);
    return reason === undefined ? [hostname] : new ConnectRefused(hostname, reason);
  }
  const addresses = await guard.resolve(hostname);
  if (addresses.length === 0)
    return Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' });
  for (const address of addresses) {
    const reason = guard.refuse(target, address);
    if (reason !== undefined) return new ConnectRefused(hostname, `resolves to ${address}, ${reason}`);
  }
  return [...addresses];
}

function pinnedConnector(guard: ConnectGuard): buildConnector.connector {
  const base = buildConnector({ timeout: CONNECT_TIMEOUT_MS });
  return (options, callback) => {
    const protocol = options.protocol === 'https:' ? 'https:' : 'http:';
    const port = Number(options.port) || (protocol === 'https:' ? 443 : 80);
    const target: ConnectTarget = { protocol, hostname: options.hostname, port };
    // The TLS server name stays the URL's host although the socket goes to an IP.
    const servername = options.servername ?? (isIP(options.hostname) === 0 ? options.hostname : undefined);
    const attempt = (addresses: readonly string[], at: number) => {
      const address = addresses[at] ?? '';
      base({ ...options, hostname: address, ...(servername ? { servername } : {}) }, (error, socket) => {
        if (error !== null && at + 1 < addresses.length) attempt(addresses, at + 1);
        else if (error !== null) callback(error, null);
        else callback(null, socket);
      });
    };
    checkedAddresses(guard, target).then(
      (found) => (found instanceof Error ? callback(found, null) : attempt(found, 0)),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  };
}

/** One request per connection: the socket closes after its response. */
const oneShot: Dispatcher.DispatcherComposeInterceptor = (dispatch) => (options, handler) =>
  dispatch({ ...options, reset: true }, handler);

const NULL_BODY = new Set([101, 204, 205, 304]);

/** The runtime's own Response for undici's, so callers see one Response class on every runtime. */
function runtimeResponse(response: Awaited<ReturnType<typeof undiciFetch>>): Response {
  const body = NULL_BODY.has(response.status) ? null : (response.body as ReadableStream<Uint8Array> | null);
  return new Response(body, {
    status: response.status,
    statusText: response.statusText,
    headers: new Headers([...response.headers]),
  });
}

/** Rejects as the connector would when the guard refuses `url`'s host: before a proxy sees it. */
async function checkBeforeProxy(guard: ConnectGuard, url: URL): Promise<void> {
  const protocol = url.protocol === 'https:' ? 'https:' : 'http:';
  const port = Number(url.port) || (protocol === 'https:' ? 443 : 80);
  const hostname = url.hostname.replace(/^\[|\]$/g, '');
  const found = await checkedAddresses(guard, { protocol, hostname, port });
  if (found instanceof Error) throw new TypeError('fetch failed', { cause: found });
}

/** One bodiless request through `dispatcher`, answered as the runtime's own Response. */
async function send(
  input: string | URL,
  init: RequestInit | undefined,
  dispatcher: Dispatcher,
): Promise<Response> {
  const response = await undiciFetch(input, {
    method: init?.method ?? 'GET',
    headers: Object.fromEntries(new Headers(init?.headers)),
    redirect: init?.redirect ?? 'follow',
    ...(init?.signal ? { signal: init.signal } : {}),
    dispatcher,
  });
  return runtimeResponse(response);
}

export function pinnedFetch(guard: ConnectGuard, proxies: ProxyEnv | undefined): typeof fetch {
  const connect = pinnedConnector(guard);
  const agent =
    proxies === undefined ? new Agent({ connect }) : new EnvHttpProxyAgent({ ...proxies, connect });
  const dispatcher = agent.compose(oneShot);
  return async (input, init) => {
    if (typeof input !== 'string' && !(input instanceof URL))
      throw new TypeError('the page fetch takes a URL, not a Request');
    if (init?.body !== undefined && init.body !== null) throw new TypeError('the page fetch sends no body');
    if (proxies !== undefined) await checkBeforeProxy(guard, new URL(input));
    return send(input, init, dispatcher);
  };
}

/** A fetch for Brave: through the environment's proxy on every runtime (Node's own fetch ignores it). */
export function proxiedFetch(proxies: ProxyEnv): typeof fetch {
  const dispatcher = new EnvHttpProxyAgent({ ...proxies });
  return async (input, init) => {
    if (typeof input !== 'string' && !(input instanceof URL))
      throw new TypeError('this fetch takes a URL, not a Request');
    return send(input, init, dispatcher);
  };
}
