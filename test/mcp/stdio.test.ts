// The stdio transport answers every line that carries no message: -32700 for a line
// that is not JSON, -32600 for a batch or a JSON value that is not a message; each is
// reported in one short line, and real messages still reach the server.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { WebStreamTransport } from '../../src/mcp/stdio.ts';

async function feed(lines: string[], lastNewline = true) {
  const encoder = new TextEncoder();
  const text = lines.join('\n') + (lastNewline ? '\n' : '');
  const readable = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(text));
      controller.close();
    },
  });
  let out = '';
  const decoder = new TextDecoder();
  const writable = new WritableStream<Uint8Array>({
    write(chunk) {
      out += decoder.decode(chunk);
    },
  });
  const errors: string[] = [];
  const messages: unknown[] = [];
  const ended = new Promise<void>((resolve) => {
    const transport = new WebStreamTransport({ readable, writable }, resolve);
    transport.onerror = (e) => void errors.push(e.message);
    transport.onmessage = (m) => void messages.push(m);
    void transport.start();
  });
  await ended;
  const replies = out
    .split('\n')
    .filter((l) => l)
    .map((l) => JSON.parse(l) as { id: unknown; error: { code: number; message: string } });
  return { replies, errors, messages };
}

describe('WebStreamTransport', () => {
  it('answers bad lines and batches with JSON-RPC errors and passes messages on', async () => {
    const { replies, errors, messages } = await feed([
      `{"jsonrpc": "2.0", "id": 1, "meth${'x'.repeat(5000)}`,
      '[{"jsonrpc":"2.0","id":2,"method":"tools/list"}]',
      '{"id":7,"foo":1}',
      '"just a string"',
      '{"jsonrpc":"2.0","id":3,"method":"tools/list","params":{}}',
    ]);
    assert.deepEqual(
      replies.map((r) => [r.id, r.error.code]),
      [
        [null, -32700],
        [null, -32600],
        [7, -32600],
        [null, -32600],
      ],
    );
    assert.match(replies[1]?.error.message ?? '', /batches are not supported/);
    assert.equal(messages.length, 1);
    assert.equal(errors.length, 4);
    for (const e of errors) assert.ok(e.length < 100 && !e.includes('\n'), e);
  });

  it('delivers a last line that has no newline, and answers it', async () => {
    const { replies, messages } = await feed(['{"jsonrpc":"2.0","id":1,"method":"tools/list"}', '[]'], false);
    assert.equal(messages.length, 1);
    assert.deepEqual(
      replies.map((r) => [r.id, r.error.code]),
      [[null, -32600]],
      'the unterminated last line (a batch) was answered',
    );
    const single = await feed(['{"jsonrpc":"2.0","id":4,"method":"tools/list"}'], false);
    assert.equal(single.messages.length, 1);
  });
});
