// The reader process's wire format on its stdin and stdout: each frame is a JSON header and
// a run of raw bytes (a body to read travels as bytes, never as JSON), each led by its length.

const HEAD = 8;

/** A frame's start: `message` as JSON, to be followed by `bytesLength` raw bytes. */
export function frameHead(message: unknown, bytesLength: number): Uint8Array {
  const json = new TextEncoder().encode(JSON.stringify(message));
  const head = new Uint8Array(HEAD + json.length);
  const view = new DataView(head.buffer);
  view.setUint32(0, json.length);
  view.setUint32(4, bytesLength);
  head.set(json, HEAD);
  return head;
}

/** A frame of `message` alone. */
export const encodeFrame = (message: unknown): Uint8Array => frameHead(message, 0);

export interface Frame {
  readonly message: unknown;
  readonly bytes: Uint8Array;
}

/** Collects chunks as they arrive and hands on each whole frame; chunks are joined once per frame. */
export function frameReader(onFrame: (frame: Frame) => void): (chunk: Uint8Array) => void {
  let chunks: Uint8Array[] = [];
  let held = 0;
  const join = (): Uint8Array => {
    if (chunks.length === 1) return chunks[0] ?? new Uint8Array(0);
    const all = new Uint8Array(held);
    let at = 0;
    for (const chunk of chunks) {
      all.set(chunk, at);
      at += chunk.length;
    }
    chunks = [all];
    return all;
  };
  /** The length of the frame being collected, once its head has come. */
  let needed = HEAD;
  return (chunk) => {
    chunks.push(chunk);
    held += chunk.length;
    while (held >= needed) {
      const all = join();
      const view = new DataView(all.buffer, all.byteOffset, HEAD);
      const [jsonLength, bytesLength] = [view.getUint32(0), view.getUint32(4)];
      const end = HEAD + jsonLength + bytesLength;
      needed = end;
      if (held < end) return;
      needed = HEAD;
      const json = new TextDecoder().decode(all.subarray(HEAD, HEAD + jsonLength));
      // The body is a view, not a copy, and a plain Uint8Array even when the chunk was a
      // Buffer (the PDF reader refuses Buffers); what follows it (rarely anything) is copied out.
      const bytes = new Uint8Array(all.buffer, all.byteOffset + HEAD + jsonLength, bytesLength);
      const rest = all.slice(end);
      chunks = rest.length > 0 ? [rest] : [];
      held = rest.length;
      onFrame({ message: JSON.parse(json) as unknown, bytes });
    }
  };
}
