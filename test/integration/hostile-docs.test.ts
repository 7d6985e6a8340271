// Hostile documents through the real entry point on every runtime: PDF bombs however
// spelled, PDFs that cost the reader minutes, markup a parser must repair, deep JSON, odd
// charsets. Each call answers within its deadline, while tools/list answers within 1 s,
// heartbeats keep their rhythm and the server (its reader processes included) stays under
// 600 MB; a valid 49 MB PDF with a
// large attachment is read; 50 simultaneous reads fetch at most the pool's size at once.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { entries } from '../helpers/entries.ts';
import { type Sandbox, sandbox } from '../helpers/fake-claude-env.ts';
import { type HostileDoc, hostileDocuments } from '../helpers/hostile-docs.ts';
import { type LoopbackServer, startLoopbackServer } from '../helpers/loopback-server.ts';
import { connectStdio, type StdioSession } from '../helpers/mcp-client.ts';
import { serverMemory } from '../helpers/server-memory.ts';

type Content = { type: string; text?: string }[];
const text = (result: { content?: unknown }) =>
  ((result.content ?? []) as Content).map((c) => c.text ?? '').join('\n');

const MB = 1_048_576;
const docs = new Map<string, HostileDoc>();
let [inFlight, mostInFlight, requests] = [0, 0, 0];
let server: LoopbackServer;

before(async () => {
  const ascii = new TextEncoder().encode(
    `<html><head><title>Plain</title></head><body><article><p>${'Tide tables for the harbour, read twice a day. '.repeat(30)}</p></article></body></html>`,
  );
  for (const [path, doc] of await hostileDocuments(64)) docs.set(path, doc);
  docs.set('/utf-16le', { body: ascii, type: 'text/html; charset=utf-16le' });
  docs.set('/utf-32', { body: ascii, type: 'text/html; charset=utf-32' });
  server = await startLoopbackServer(async (req, res) => {
    const doc = docs.get((req.url ?? '').replace(/\?.*/, ''));
    requests++;
    mostInFlight = Math.max(mostInFlight, ++inFlight);
    // Held a moment, so that reads arriving together overlap.
    await new Promise((resolve) => setTimeout(resolve, 200));
    res.writeHead(doc ? 200 : 404, {
      'content-type': doc?.type ?? 'text/plain',
      ...(doc?.encoding ? { 'content-encoding': doc.encoding } : {}),
    });
    res.end(doc?.body ?? 'not found', () => inFlight--);
  });
});
after(() => server.close());

/** What the server is reading now, for the slowest tools/list answer to name, and its peak memory. */
let [reading, readingPeak] = ['', 0];

/** Watches a server while `work` runs: its peak memory and the longest tools/list answer (and during what). */
async function watched<T>(session: StdioSession, work: () => Promise<T>) {
  const pid = session.transport.pid ?? 0;
  let [peak, slowest, running, during] = [0, 0, true, ''];
  const sampler = setInterval(() => {
    const now = serverMemory(pid);
    peak = Math.max(peak, now);
    readingPeak = Math.max(readingPeak, now);
  }, 50);
  const lister = (async () => {
    while (running) {
      const [asked, what] = [Date.now(), reading];
      await session.client.listTools();
      if (Date.now() - asked > slowest) [slowest, during] = [Date.now() - asked, what];
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  try {
    const result = await work();
    return { result, peak, slowest, during };
  } finally {
    running = false;
    clearInterval(sampler);
    await lister;
  }
}

const DRAFT = {
  answer: 'The page was read [1].',
  confidence: 'medium',
  findings: [],
  sources: [{ title: 'page', url: 'http://127.0.0.1/' }],
  gaps: [],
};

const MEMORY_BOUND = 600 * MB;
const LIST_BOUND_MS = 1000;

for (const entry of entries()) {
  describe(`${entry.runtime}: hostile documents`, () => {
    let box: Sandbox;
    let session: StdioSession;
    before(async () => {
      box = sandbox({ FAKE_CLAUDE_OUTPUT: JSON.stringify(DRAFT) });
      session = await connectStdio(entry, 'modern', {
        env: box.env({ WEB_MCP_ALLOW_HOSTS: `127.0.0.1:${server.port}`, WEB_MCP_MAX_PDF_MB: '50' }),
      });
    });
    after(async () => {
      await session.close();
      box.remove();
    });

    const read = async (path: string) => {
      const stamps: number[] = [];
      const started = Date.now();
      const result = await session.client.callTool(
        { name: 'web_read', arguments: { url: `${server.url}${path}`, format: 'json', max_tokens: 300 } },
        { timeout: 120_000, resetTimeoutOnProgress: true, onprogress: () => stamps.push(Date.now()) },
      );
      const times = [started, ...stamps, Date.now()];
      const gaps = times.slice(1).map((t, i) => t - (times[i] ?? t));
      return { result, seconds: (Date.now() - started) / 1000, longestGap: Math.max(...gaps) };
    };

    it('a valid 49 MB PDF with a large attachment is read (WEB_MCP_MAX_PDF_MB=50)', async () => {
      const { result } = await read('/valid-49mb.pdf');
      assert.equal(result.isError ?? false, false, text(result));
      assert.match(box.runs().at(-1)?.stdin ?? '', /annual tide report is attached/);
    });

    it('every hostile document answers in time, beside a responsive server under 600 MB', async (t) => {
      const paths = [...docs.keys()].filter((p) => p !== '/valid-49mb.pdf' && p !== '/seven-streams.pdf');
      const {
        result: outcomes,
        peak,
        slowest,
        during,
      } = await watched(session, async () => {
        const out: string[] = [];
        for (const path of paths) {
          [reading, readingPeak] = [path, 0];
          const { result, seconds, longestGap } = await read(path);
          const said = text(result);
          const verdict = result.isError ? said.slice(0, 160) : 'read';
          assert.ok(
            result.isError !== true || /^fetch_failed: /.test(said),
            `${path}: ${said.slice(0, 300)}`,
          );
          assert.ok(seconds < 60, `${path} answered after ${seconds} s`);
          assert.ok(longestGap <= 7_000, `${path}: a heartbeat gap of ${longestGap} ms`);
          out.push(`${path} ${seconds.toFixed(1)} s ${Math.round(readingPeak / MB)} MB ${verdict}`);
        }
        return out;
      });
      t.diagnostic(`peak ${Math.round(peak / MB)} MB, slowest tools/list ${slowest} ms`);
      assert.ok(peak < MEMORY_BOUND, `peak ${Math.round(peak / MB)} MB\n${outcomes.join('\n')}`);
      assert.ok(
        slowest < LIST_BOUND_MS,
        `tools/list took ${slowest} ms while reading ${during}\n${outcomes.join('\n')}`,
      );
      for (const bomb of ['/flate-1024mb.pdf', '/flate-twice-1024mb.pdf', '/padded.pdf', '/lzw.pdf'])
        assert.ok(
          outcomes.some((o) => o.startsWith(`${bomb} `) && /zip bomb/.test(o)),
          outcomes.join('\n'),
        );
      for (const page of ['/utf-16le', '/utf-32', '/unclosed-div.gz', '/deep-json'])
        assert.ok(
          outcomes.some((o) => o.startsWith(`${page} `) && o.endsWith(' read')),
          outcomes.join('\n'),
        );
    });

    it('50 simultaneous reads: the pool fetches at most 4 at once, the refused fetch nothing, memory stays bounded', async (t) => {
      [mostInFlight, requests] = [0, 0];
      const paths = Array.from({ length: 50 }, (_, i) =>
        i < 5 ? `/seven-streams.pdf?${i}` : `/utf-16le?${i}`,
      );
      const { result: results, peak } = await watched(session, () => Promise.all(paths.map((p) => read(p))));
      const busy = results.filter(({ result }) => result.isError && /^busy: /.test(text(result))).length;
      assert.ok(mostInFlight <= 4, `${mostInFlight} pages fetched at once`);
      assert.equal(requests, 50 - busy, `${requests} fetches for ${50 - busy} admitted calls`);
      assert.ok(busy >= 40, `${busy} refused`);
      t.diagnostic(`peak ${Math.round(peak / MB)} MB`);
      assert.ok(peak < MEMORY_BOUND, `peak ${Math.round(peak / MB)} MB`);
    });
  });
}
