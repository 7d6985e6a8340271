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

  it('reports the first bad lines, then only their count at powers of ten', async () => {
    const { replies, errors } = await feed(Array.from({ length: 100_000 }, () => 'x'));
    assert.equal(replies.length, 100_000, 'every bad line is still answered');
    assert.equal(errors.length, 5 + 5, errors.join('\n'));
    assert.match(errors[4] ?? '', /further bad lines are only counted/);
    assert.deepEqual(
      errors.slice(5).map((e) => /^stdin: (\d+) bad lines so far/.exec(e)?.[1]),
      ['10', '100', '1000', '10000', '100000'],
    );
  });

  it('reads a line that starts with a byte-order mark as the message it holds', async () => {
    const { replies, messages } = await feed([
      '\uFEFF{"jsonrpc":"2.0","id":1,"method":"ping"}',
      '\uFEFF{"jsonrpc":"2.0","id":2,"method":"ping"}',
    ]);
    assert.deepEqual(replies, []);
    assert.equal(messages.length, 2);
  });

  it('answers a tools/call with a huge tool name with a short error, without passing it on', async () => {
    const name = 'x'.repeat(1_000_000);
    const { replies, errors, messages } = await feed([
      JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'tools/call', params: { name, arguments: {} } }),
      JSON.stringify({
        jsonrpc: '2.0',
        id: 10,
        method: 'tools/call',
        params: { name: 'web_read', arguments: {} },
      }),
    ]);
    assert.equal(messages.length, 1, 'a name of ordinary length reaches the server');
    assert.equal(replies.length, 1);
    assert.deepEqual([replies[0]?.id, replies[0]?.error.code], [9, -32602]);
    assert.match(replies[0]?.error.message ?? '', /no tool has a name of 1000000 characters/);
    assert.ok(JSON.stringify(replies).length < 300);
    assert.ok((errors[0] ?? '').length < 120, errors[0]);
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
