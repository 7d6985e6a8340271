// The request-body deadline of the shared app: a body still arriving after it is dropped
// (408, connection closed) and its stream cancelled; a whole body within it is read as usual.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readBody } from '../../src/http-body.ts';

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
    assert.equal(await readBody(request, 1000), '{"a":"é"}');
  });

  it('gives up on a body still trickling at the deadline, and cancels it', async () => {
    const { request, cancelled } = trickling();
    const start = performance.now();
    assert.equal(await readBody(request, 150), undefined);
    const took = performance.now() - start;
    assert.ok(took >= 140 && took < 2000, `took ${took} ms`);
    assert.equal(cancelled(), true);
  });
});
