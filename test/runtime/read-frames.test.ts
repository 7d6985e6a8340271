// The reader process's frames survive any chunking of the pipe: split anywhere, or several to
// a chunk, each frame comes out whole, its header parsed and its bytes as sent.
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { encodeFrame, type Frame, frameHead, frameReader } from '../../adapters/deno/read-frames.ts';

const bodyOf = (length: number) => Uint8Array.from({ length }, (_, i) => (i * 7) % 251);

const stream = (): Uint8Array => {
  const body = bodyOf(100_000);
  const parts = [frameHead({ id: 1, job: { url: 'u' } }, body.length), body, encodeFrame({ id: 2, rss: 5 })];
  const all = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    all.set(part, at);
    at += part.length;
  }
  return all;
};

for (const size of [1, 7, 8, 9, 4096, 1_000_000]) {
  it(`frames come out whole from chunks of ${size} bytes`, () => {
    const frames: Frame[] = [];
    const feed = frameReader((frame) => frames.push(frame));
    const all = stream();
    for (let at = 0; at < all.length; at += size) feed(all.slice(at, at + size));
    assert.deepEqual(
      frames.map((f) => f.message),
      [
        { id: 1, job: { url: 'u' } },
        { id: 2, rss: 5 },
      ],
    );
    assert.deepEqual(frames[0]?.bytes, bodyOf(100_000));
    assert.equal(frames[1]?.bytes.length, 0);
  });
}

it('a body that came in a Buffer comes out a plain Uint8Array (the PDF reader refuses Buffers)', () => {
  const frames: Frame[] = [];
  frameReader((frame) => frames.push(frame))(Buffer.from(stream()));
  assert.equal(frames[0]?.bytes.constructor, Uint8Array);
});
