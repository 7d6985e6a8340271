// The page tools' fetch on every runtime: undici's fetch over node:net/node:tls
// (which Node, Bun and Deno all provide), loaded on the first page fetch so start-up
// does not pay for it. The pinning itself lives in pinned-connect.ts.
import type { ConnectGuard } from '../../runtime.ts';

export function pageFetch(guard: ConnectGuard): typeof fetch {
  let loaded: Promise<typeof fetch> | undefined;
  return async (input, init) => {
    loaded ??= import('./pinned-connect.ts').then((m) => m.pinnedFetch(guard));
    const fetchPinned = await loaded;
    return fetchPinned(input, init);
  };
}
