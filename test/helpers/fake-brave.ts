// A loopback stand-in for Brave's Web Search API: records every request and
// answers from a script set per test (default: results built from the query).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeRequest {
  readonly method: string;
  readonly path: string;
  readonly params: URLSearchParams;
  readonly headers: Readonly<Record<string, string>>;
}

export interface FakeReply {
  readonly status?: number;
  readonly headers?: Readonly<Record<string, string>>;
  /** A string is sent as is; anything else as JSON. */
  readonly body?: unknown;
  /** Never answer (until close): for timeouts and cancellation. */
  readonly hang?: boolean;
}

export type Script = (req: FakeRequest) => FakeReply;

export interface FakeBrave {
  /** Base URL for BRAVE_BASE_URL, e.g. http://127.0.0.1:1234/res/v1 (no trailing slash). */
  readonly baseUrl: string;
  readonly requests: FakeRequest[];
  /** Answers every later request this way. */
  script(fn: Script): void;
  /** Answers the next requests with these replies, in order, then falls back to the script. */
  queue(...replies: FakeReply[]): void;
  close(): Promise<void>;
}

export interface FakeResult {
  title: string;
  url: string;
  description?: string;
  extra_snippets?: string[];
  page_age?: string;
  age?: string;
}

/** A Brave-shaped 200 body. */
export function webBody(results: readonly FakeResult[]): unknown {
  return { type: 'search', query: { original: 'q' }, web: { type: 'search', results } };
}

/** `n` plausible results for a query, at a loopback literal no test serves: the head start's read of one is refused without DNS. */
export function resultsFor(q: string, n: number): FakeResult[] {
  return Array.from({ length: n }, (_, i) => ({
    title: `Result ${i + 1} for ${q}`,
    url: `http://127.0.0.1:9/${i + 1}`,
    description: `Snippet number ${i + 1} about <strong>${q}</strong>.`,
    page_age: `2024-05-0${(i % 9) + 1}T10:00:00`,
  }));
}

export const defaultScript: Script = (req) => {
  const count = Number(req.params.get('count') ?? '20');
  return { body: webBody(resultsFor(req.params.get('q') ?? '', count)) };
};

export async function startFakeBrave(): Promise<FakeBrave> {
  const requests: FakeRequest[] = [];
  const pending: FakeReply[] = [];
  const hung = new Set<ServerResponse>();
  let script: Script = defaultScript;

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (typeof value === 'string') headers[name] = value;
    }
    const record: FakeRequest = {
      method: req.method ?? 'GET',
      path: url.pathname,
      params: url.searchParams,
      headers,
    };
    requests.push(record);
    const reply = pending.shift() ?? script(record);
    if (reply.hang) {
      hung.add(res);
      return;
    }
    const text = typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body ?? {});
    res.writeHead(reply.status ?? 200, { 'content-type': 'application/json', ...reply.headers });
    res.end(text);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}/res/v1`,
    requests,
    script(fn) {
      script = fn;
    },
    queue(...replies) {
      pending.push(...replies);
    },
    async close() {
      for (const res of hung) res.destroy();
      server.closeAllConnections?.();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
