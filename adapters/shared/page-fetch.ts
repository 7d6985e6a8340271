// The page tools' fetch on every runtime: undici's fetch over node:net/node:tls
// (which Node, Bun and Deno all provide). The pinning itself lives in pinned-connect.ts.
// It is loaded off the start-up path: a few seconds after start, or at the first page
// fetch if that comes sooner, so the first quote check (a 2.5 s window) does not pay
// the ~0.3 s of loading it, and start-up does not either.
import { setTimeout } from 'node:timers';
import type { ConnectGuard } from '../../src/runtime.ts';

const WARM_AFTER_MS = 3000;

export function pageFetch(guard: ConnectGuard): typeof fetch {
  let loaded: Promise<typeof fetch> | undefined;
  const load = () => {
    loaded ??= import('./pinned-connect.ts').then((m) => m.pinnedFetch(guard));
    return loaded;
  };
  setTimeout(() => void load().catch(() => {}), WARM_AFTER_MS).unref();
  return async (input, init) => {
    const fetchPinned = await load();
    return fetchPinned(input, init);
  };
}
