// One answer per key: a cached reply when there is one (unless refreshing), else one
// shared run for every identical call in flight, whose reply is stored for next time.
import { isToolError, type ToolError } from '../errors.ts';
import { type Reply, ReplySchema } from '../reply/contract.ts';
import type { SingleFlight } from '../single-flight.ts';
import type { Cache } from './cache.ts';

export interface AnswerStore {
  /** Absent when the disk cache is off: every call runs, identical calls still share a run. */
  readonly cache: Cache | undefined;
  readonly flights: SingleFlight;
  readonly clock: () => number;
}

export interface AnswerRequest {
  readonly key: string;
  readonly ttlMs: number;
  /** `cache: "refresh"`: ignore a stored reply and store the fresh one. */
  readonly refresh: boolean;
  readonly signal: AbortSignal;
  produce(sharedSignal: AbortSignal): Promise<Reply | ToolError>;
}

export async function cachedAnswer(store: AnswerStore, request: AnswerRequest): Promise<Reply | ToolError> {
  if (!request.refresh && store.cache) {
    const hit = await store.cache.get(request.key, ReplySchema);
    if (hit) {
      const age = Math.max(0, Math.round((store.clock() - hit.storedAt) / 1000));
      // A note spoke of the moment the answer was made, not of now.
      const { note: _note, ...meta } = hit.value.meta;
      return { ...hit.value, meta: { ...meta, cached: true, age } };
    }
  }
  // A refresh joins no stale flight of its own kind: its key is distinct.
  const flightKey = request.refresh ? `refresh:${request.key}` : request.key;
  return store.flights.run(flightKey, request.signal, async (shared) => {
    const reply = await request.produce(shared);
    // A partial reply (research cut short) is not the answer to keep: the next call tries in full.
    // Stored after the reply goes out: the call never waits for the disk.
    if (!isToolError(reply) && reply.meta.partial !== true && store.cache)
      void store.cache.set(request.key, reply, request.ttlMs);
    return reply;
  });
}
