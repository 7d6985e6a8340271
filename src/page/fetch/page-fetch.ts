// The page tools' fetch on every runtime: undici's fetch over node:net/node:tls
// (which Node, Bun and Deno all provide), loaded on the first page fetch so start-up
// does not pay for it. The pinning itself lives in pinned-connect.ts. Brave's fetch is
// the runtime's own, or undici's through the proxy when the environment names one.
import type { ConnectGuard } from '../../runtime.ts';
import type { ProxyEnv } from './proxy-env.ts';

export function pageFetch(guard: ConnectGuard, proxies: ProxyEnv | undefined): typeof fetch {
  let loaded: Promise<typeof fetch> | undefined;
  return async (input, init) => {
    loaded ??= import('./pinned-connect.ts').then((m) => m.pinnedFetch(guard, proxies));
    const fetchPinned = await loaded;
    return fetchPinned(input, init);
  };
}

export function webFetch(proxies: ProxyEnv | undefined): typeof fetch {
  if (proxies === undefined) return globalThis.fetch.bind(globalThis);
  let loaded: Promise<typeof fetch> | undefined;
  return async (input, init) => {
    loaded ??= import('./pinned-connect.ts').then((m) => m.proxiedFetch(proxies));
    const fetchProxied = await loaded;
    return fetchProxied(input, init);
  };
}
