// Where `--http HOST:PORT` binds. A name is trusted by the addresses it resolves to, not by
// its spelling: without a token it binds only to a loopback address of the name, and a name
// with none (a hosts file mapping localhost elsewhere) is refused like any other address.
import { type HttpListen, isLoopbackHost } from '../config.ts';
import { parseHostLiteral, type Resolver } from '../page/fetch/address.ts';

export interface BindAddress {
  /** The address (or, with a token, the name) to listen on. */
  readonly host: string;
  /** True when every address listened on is loopback. */
  readonly loopback: boolean;
}

/** The address to listen on, or a message saying why the server will not start. */
export async function bindAddress(
  listen: HttpListen,
  token: string | undefined,
  resolve: Resolver,
): Promise<BindAddress | string> {
  if (parseHostLiteral(listen.host) !== undefined) return { host: listen.host, loopback: listen.loopback };
  const addresses = await resolve(listen.host).catch((): readonly string[] => []);
  const loopback = addresses.filter((a) => isLoopbackHost(parseHostLiteral(a) ?? ''));
  if (token !== undefined) {
    return { host: listen.host, loopback: addresses.length > 0 && loopback.length === addresses.length };
  }
  const first = loopback[0];
  if (first !== undefined) return { host: first, loopback: true };
  const where = addresses.length === 0 ? 'resolves to no address' : `resolves to ${addresses.join(', ')}`;
  return `--http ${listen.host}:${listen.port}: ${listen.host} ${where}, not a loopback address: set WEB_MCP_HTTP_TOKEN to a secret of 16+ characters, or listen on 127.0.0.1`;
}
