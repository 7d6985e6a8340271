// The connections a node:http listener holds (the listener on Node, Bun and Deno): headers
// must arrive within 10 s, a connection idle between requests closes after 5 s, and a full
// table sheds its oldest idle or unfinished connection, so a flood never locks callers out.
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { MAX_CONNECTIONS } from '../guard.ts';

export interface ConnectionLimits {
  /** Connections held at once. */
  readonly max: number;
  /** From connecting until the first request's headers are in. */
  readonly headersMs: number;
  /** From the end of a response until the next request's headers are in. */
  readonly idleMs: number;
}

export const CONNECTION_LIMITS: ConnectionLimits = { max: MAX_CONNECTIONS, headersMs: 10_000, idleMs: 5_000 };

interface Held {
  readonly since: number;
  /** The request being answered, if any. */
  request: IncomingMessage | undefined;
  timer: ReturnType<typeof setTimeout> | undefined;
}

/** Watches `server`'s connections from now on; call before it accepts any. */
export function limitConnections(server: Server, limits: ConnectionLimits = CONNECTION_LIMITS): void {
  const held = new Map<Socket, Held>();
  let order = 0;

  const arm = (socket: Socket, entry: Held, ms: number) => {
    clearTimeout(entry.timer);
    entry.timer = setTimeout(() => socket.destroy(), ms);
    entry.timer.unref?.();
  };

  // Idle, or still sending its request: nothing is being worked on for it.
  const sheddable = (entry: Held) => entry.request === undefined || !entry.request.complete;

  const shedOne = (): boolean => {
    let oldest: [Socket, Held] | undefined;
    for (const pair of held) {
      if (sheddable(pair[1]) && (oldest === undefined || pair[1].since < oldest[1].since)) oldest = pair;
    }
    oldest?.[0].destroy();
    if (oldest) held.delete(oldest[0]);
    return oldest !== undefined;
  };

  server.on('connection', (socket: Socket) => {
    if (held.size >= limits.max && !shedOne()) {
      socket.destroy();
      return;
    }
    const entry: Held = { since: order++, request: undefined, timer: undefined };
    held.set(socket, entry);
    arm(socket, entry, limits.headersMs);
    socket.once('close', () => {
      clearTimeout(entry.timer);
      held.delete(socket);
    });
  });

  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const socket = request.socket;
    const entry = held.get(socket);
    if (entry === undefined) return;
    clearTimeout(entry.timer);
    entry.request = request;
    response.once('close', () => {
      if (entry.request !== request) return;
      entry.request = undefined;
      // The next request's headers, or nothing at all, must come within the idle time.
      if (!socket.destroyed) arm(socket, entry, limits.idleMs);
    });
  });
}
