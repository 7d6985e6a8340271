// Connection floods on every runtime: with 200 sockets held idle, half-sent or re-opened as
// soon as they close, a legitimate tools/list is answered within 1 s (the median of eight; none
// past 3 s), again and again.
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { connect, type Socket } from 'node:net';
import { after, describe, it } from 'node:test';
import { entries } from '../helpers/entries.ts';
import { type HttpServer, startHttp } from '../helpers/mcp-client.ts';

const LIST = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} });
const SOCKETS = 200;
const ANSWER_WITHIN_MS = 1000;

/** A tools/list on a connection of its own; resolves with its status and how long it took. */
function listTools(port: number): Promise<{ status: number; ms: number }> {
  const start = Date.now();
  return new Promise((resolve) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path: '/mcp',
        method: 'POST',
        agent: false,
        headers: {
          host: `127.0.0.1:${port}`,
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'mcp-protocol-version': '2025-11-25',
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: Date.now() - start }));
      },
    );
    req.setTimeout(10_000, () => req.destroy(new Error('no answer in 10 s')));
    req.on('error', () => resolve({ status: 0, ms: Date.now() - start }));
    req.end(LIST);
  });
}

/** 200 sockets: a third idle, a third half-sent, a third re-opened whenever closed. */
function flood(port: number) {
  const sockets = new Set<Socket>();
  let stopped = false;
  let reopened = 0;
  const open = (kind: number) => {
    if (stopped) return;
    const socket = connect(port, '127.0.0.1');
    sockets.add(socket);
    socket.on('error', () => {});
    socket.on('connect', () => {
      if (kind === 1) socket.write(`POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Le`);
    });
    socket.on('close', () => {
      sockets.delete(socket);
      if (kind === 2 && !stopped) {
        reopened++;
        setTimeout(() => open(kind), 10);
      }
    });
  };
  for (let i = 0; i < SOCKETS; i++) open(i % 3);
  return {
    get reopened() {
      return reopened;
    },
    stop() {
      stopped = true;
      for (const s of sockets) s.destroy();
    },
  };
}

describe('HTTP under a connection flood on every runtime', () => {
  const servers: HttpServer[] = [];
  after(async () => {
    await Promise.all(servers.map((s) => s.stop()));
  });

  for (const e of entries()) {
    it(`${e.runtime}: 200 idle, half-sent and re-opening sockets; tools/list answered within 1 s`, async (t) => {
      const server = await startHttp(e);
      servers.push(server);
      const attack = flood(server.port);
      try {
        await new Promise((resolve) => setTimeout(resolve, 500));
        const times: number[] = [];
        for (let i = 0; i < 8; i++) {
          const got = await listTools(server.port);
          assert.equal(got.status, 200, `call ${i + 1} answered ${got.status} after ${got.ms} ms`);
          times.push(got.ms);
          await new Promise((resolve) => setTimeout(resolve, 250));
        }
        t.diagnostic(
          `${e.runtime}: tools/list took ${times.join(', ')} ms; ${attack.reopened} re-opened sockets`,
        );
        // A lock-out costs tens of seconds (the idle sockets' time-out); on a machine whose two
        // cores also run the rest of the suite, a single answer can miss 1 s by scheduling alone.
        const sorted = [...times].sort((a, b) => a - b);
        const median = sorted[Math.floor(sorted.length / 2)] ?? Number.POSITIVE_INFINITY;
        assert.ok(median < ANSWER_WITHIN_MS, `tools/list took ${times.join(', ')} ms (median ${median})`);
        for (const ms of times) assert.ok(ms < 3 * ANSWER_WITHIN_MS, `a tools/list took ${ms} ms`);
      } finally {
        attack.stop();
      }
    });
  }
});
