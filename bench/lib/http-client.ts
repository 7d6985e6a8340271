// A lean keep-alive HTTP client over node:http for the load loops (fetch's own
// overhead would dominate sub-millisecond answers), bounded in count, loopback only.
import { Agent, request } from 'node:http';
import { type Summary, summarize } from './stats.ts';

export interface Target {
  readonly port: number;
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly headers: Record<string, string>;
  /** A fresh body per request (JSON-RPC ids differ). */
  readonly body?: () => string;
  /** Throws when an answer is not what the bench expects. */
  readonly check?: (status: number, text: string) => void;
}

export function send(agent: Agent, target: Target): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const body = target.body?.();
    const req = request(
      {
        host: '127.0.0.1',
        port: target.port,
        method: target.method,
        path: target.path,
        agent,
        headers:
          body === undefined
            ? target.headers
            : { ...target.headers, 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString() }));
        res.on('error', reject);
      },
    );
    req.setTimeout(30_000, () => req.destroy(new Error('request timed out')));
    req.on('error', reject);
    req.end(body);
  });
}

export interface LoadResult {
  readonly latency: Summary;
  readonly perSecond: number;
}

/** `total` requests, `concurrency` at a time; latency per request and overall requests/s. */
export async function load(target: Target, total: number, concurrency: number): Promise<LoadResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  const samples: number[] = [];
  let next = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        next += 1;
        const t0 = performance.now();
        const { status, text } = await send(agent, target);
        samples.push(performance.now() - t0);
        target.check?.(status, text);
      }
    }),
  );
  const seconds = (performance.now() - start) / 1000;
  agent.destroy();
  return { latency: summarize(samples), perSecond: total / seconds };
}
