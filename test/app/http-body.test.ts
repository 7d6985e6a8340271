// The request-body deadline and size limit of the shared app: a body still arriving after the
// deadline is dropped and its stream cancelled, one longer than the limit is read no further.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readBody } from '../../src/http-body.ts';

const LIMITS = { ms: 1000, maxBytes: 1024 };

/** A body that never ends, handing out `size` bytes each time it is read; counts what was read. */
function flowing(size: number, headers: Record<string, string> = {}) {
  let pulled = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      pulled += size;
      controller.enqueue(new Uint8Array(size).fill(120));
    },
  });
  const request = new Request('http://127.0.0.1/mcp', {
    method: 'POST',
    headers,
    body,
    duplex: 'half',
  } as RequestInit);
  return { request, pulled: () => pulled };
}

function trickling(): { request: Request; cancelled: () => boolean } {
  let cancelled = false;
  let timer: ReturnType<typeof setInterval> | undefined;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      timer = setInterval(() => controller.enqueue(new TextEncoder().encode('x')), 20);
    },
    cancel() {
      cancelled = true;
      clearInterval(timer);
    },
  });
  const request = new Request('http://127.0.0.1/mcp', {
    method: 'POST',
    body,
    duplex: 'half',
  } as RequestInit);
  return { request, cancelled: () => cancelled };
}

describe('readBody', () => {
  it('reads a whole body', async () => {
    const request = new Request('http://127.0.0.1/mcp', { method: 'POST', body: '{"a":"é"}' });
    assert.deepEqual(await readBody(request, LIMITS), { kind: 'text', text: '{"a":"é"}' });
  });

  it('reads a body of exactly the limit, and an empty one', async () => {
    const request = new Request('http://127.0.0.1/mcp', { method: 'POST', body: 'é'.repeat(512) });
    assert.deepEqual(await readBody(request, LIMITS), { kind: 'text', text: 'é'.repeat(512) });
    const empty = new Request('http://127.0.0.1/mcp', { method: 'POST' });
    assert.deepEqual(await readBody(empty, LIMITS), { kind: 'text', text: '' });
  });

  it('refuses a body that declares more than the limit, without reading it', async () => {
    const { request } = flowing(300, { 'content-length': '1025' });
    assert.deepEqual(await readBody(request, LIMITS), { kind: 'too-large' });
    assert.equal(request.bodyUsed, false);
  });

  it('stops reading a body without a length once it passes the limit', async () => {
    const { request, pulled } = flowing(300);
    assert.deepEqual(await readBody(request, LIMITS), { kind: 'too-large' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    assert.ok(pulled() <= 1024 + 2 * 300, `pulled ${pulled()} bytes`);
  });

  it('counts the bytes of a body that sends more than it declared', async () => {
    const { request, pulled } = flowing(300, { 'content-length': '10' });
    assert.deepEqual(await readBody(request, LIMITS), { kind: 'too-large' });
    assert.ok(pulled() <= 1024 + 2 * 300, `pulled ${pulled()} bytes`);
  });

  it('gives up on a body still trickling at the deadline, and cancels it', async () => {
    const { request, cancelled } = trickling();
    const start = performance.now();
    assert.deepEqual(await readBody(request, { ms: 150, maxBytes: 1024 }), { kind: 'late' });
    const took = performance.now() - start;
    assert.ok(took >= 140 && took < 2000, `took ${took} ms`);
    assert.equal(cancelled(), true);
  });
});
