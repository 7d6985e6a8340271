// The PDF stream filters that can expand their input (Flate, LZW, RunLength, and the ASCII
// encodings that may wrap them) as decoders over chunks: fed small slices and yielding small
// chunks, so that whoever counts their output can stop at a limit whatever a runtime's chunking.

export type Filter = 'flate' | 'lzw' | 'runlength' | 'hex' | 'a85';
type Chunks = AsyncIterable<Uint8Array>;

/** Input slice size: Deflate expands at most ~1032:1, so no single output chunk passes ~4 MB. */
const SLICE = 4096;
/** Output chunk size of the decoders written here. */
const OUT = 65_536;

/** `chunks` cut into slices of at most SLICE bytes. */
export async function* sliced(chunks: Chunks | Iterable<Uint8Array>): Chunks {
  for await (const chunk of chunks)
    for (let at = 0; at < chunk.length; at += SLICE) yield chunk.subarray(at, at + SLICE);
}

/** A zlib header: deflate method and a valid check value (pdf.js reads no other Flate data). */
export const isZlib = (b: Uint8Array): boolean =>
  b.length >= 2 && ((b[0] ?? 0) & 0x0f) === 8 && (((b[0] ?? 0) << 8) | (b[1] ?? 0)) % 31 === 0;

/** Inflates a zlib stream; damaged data or bytes after its end just end the output. */
async function* inflate(input: Chunks): Chunks {
  const stream = new DecompressionStream('deflate');
  const writer = stream.writable.getWriter();
  const reader = stream.readable.getReader();
  let stopped = false;
  const pump = (async () => {
    for await (const slice of sliced(input)) {
      if (stopped) return;
      await writer.write(slice as Uint8Array<ArrayBuffer>);
    }
    await writer.close();
  })();
  pump.catch(() => {});
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } catch {
    // Damaged data, or bytes after the end: what came out is what counts.
  } finally {
    stopped = true;
    reader.cancel().catch(() => {});
    writer.abort().catch(() => {});
  }
}

/** Bytes into a buffer that is handed on (and replaced) each time it fills. */
class Out {
  buf = new Uint8Array(OUT);
  at = 0;
  push(byte: number): Uint8Array | undefined {
    this.buf[this.at++] = byte;
    if (this.at < OUT) return undefined;
    const full = this.buf;
    this.buf = new Uint8Array(OUT);
    this.at = 0;
    return full;
  }
  rest = (): Uint8Array => this.buf.subarray(0, this.at);
}

/** LZW as PDF writes it (early change 1, codes of 9–12 bits, 256 clears the table, 257 ends). */
async function* lzw(input: Chunks): Chunks {
  const prefix = new Int32Array(4096);
  const suffix = new Uint8Array(4096);
  const stack = new Uint8Array(4097);
  const out = new Out();
  let [next, width, previous, first] = [258, 9, -1, 0];
  let [bits, held] = [0, 0];
  for await (const chunk of input)
    for (const byte of chunk) {
      held = ((held << 8) | byte) & 0xffffff;
      bits += 8;
      while (bits >= width) {
        bits -= width;
        const code = (held >> bits) & ((1 << width) - 1);
        if (code === 256) {
          [next, width, previous] = [258, 9, -1];
          continue;
        }
        if (code === 257 || code > next || (code === next && previous < 0)) return yield out.rest();
        // The code's string, last byte first; a code not yet in the table (KwKwK) is the previous
        // string and its own first byte.
        let depth = 0;
        if (code === next) stack[depth++] = first;
        let c = code === next ? previous : code;
        while (c > 255) {
          stack[depth++] = suffix[c] ?? 0;
          c = prefix[c] ?? 0;
        }
        stack[depth++] = c;
        first = c;
        for (let i = depth - 1; i >= 0; i--) {
          const full = out.push(stack[i] ?? 0);
          if (full) yield full;
        }
        if (previous >= 0 && next < 4096) {
          prefix[next] = previous;
          suffix[next++] = first;
        }
        previous = code;
        while (width < 12 && next + 1 >= 1 << width) width++;
      }
    }
  yield out.rest();
}

/** RunLength: a length byte n, then n+1 literal bytes (n < 128) or one byte 257−n times (n > 128); 128 ends. */
async function* runLength(input: Chunks): Chunks {
  const out = new Out();
  let [literal, repeat] = [0, 0];
  for await (const chunk of input)
    for (const byte of chunk) {
      if (literal > 0) {
        literal--;
        const full = out.push(byte);
        if (full) yield full;
      } else if (repeat > 0) {
        for (let i = 0; i < repeat; i++) {
          const full = out.push(byte);
          if (full) yield full;
        }
        repeat = 0;
      } else if (byte === 128) return yield out.rest();
      else if (byte < 128) literal = byte + 1;
      else repeat = 257 - byte;
    }
  yield out.rest();
}

const isSpace = (b: number) => b === 0x20 || (b >= 0x09 && b <= 0x0d) || b === 0;

/** ASCIIHex: two hex digits a byte, white space ignored, `>` ends. */
async function* asciiHex(input: Chunks): Chunks {
  const out = new Out();
  let high = -1;
  for await (const chunk of input)
    for (const byte of chunk) {
      if (byte === 0x3e) break;
      if (isSpace(byte)) continue;
      const digit = Number.parseInt(String.fromCharCode(byte), 16);
      if (Number.isNaN(digit)) continue;
      if (high < 0) high = digit;
      else {
        const full = out.push((high << 4) | digit);
        high = -1;
        if (full) yield full;
      }
    }
  yield out.rest();
}

/** ASCII85: five characters `!`–`u` a four-byte group, `z` four zeros, `~>` ends. */
async function* ascii85(input: Chunks): Chunks {
  const out = new Out();
  const group: number[] = [];
  const emit = function* (count: number) {
    let value = 0;
    for (let i = 0; i < 5; i++) value = value * 85 + (group[i] ?? 84);
    for (let i = 0; i < count; i++) {
      const full = out.push(Math.floor(value / 256 ** (3 - i)) & 0xff);
      if (full) yield full;
    }
    group.length = 0;
  };
  for await (const chunk of input)
    for (const byte of chunk) {
      if (byte === 0x7e) {
        if (group.length > 1) yield* emit(group.length - 1);
        return yield out.rest();
      }
      if (byte === 0x7a && group.length === 0) {
        for (let i = 0; i < 4; i++) {
          const full = out.push(0);
          if (full) yield full;
        }
      } else if (byte >= 0x21 && byte <= 0x75) {
        group.push(byte - 0x21);
        if (group.length === 5) yield* emit(4);
      }
    }
  yield out.rest();
}

const DECODERS: Record<Filter, (input: Chunks) => Chunks> = {
  flate: inflate,
  lzw,
  runlength: runLength,
  hex: asciiHex,
  a85: ascii85,
};

/** The first chunk of `chunks` that is not empty, and all of them again. */
async function peek(chunks: Chunks): Promise<{ head: Uint8Array; all: Chunks }> {
  const iterator = chunks[Symbol.asyncIterator]();
  let first = await iterator.next();
  while (!first.done && first.value.length === 0) first = await iterator.next();
  const head = first.done ? new Uint8Array(0) : first.value;
  async function* all(): Chunks {
    try {
      if (head.length > 0) yield head;
      for (let step = await iterator.next(); !step.done; step = await iterator.next()) yield step.value;
    } finally {
      await iterator.return?.();
    }
  }
  return { head, all: all() };
}

/** How many Flate layers the data may hide beyond those it names (each is found by its header). */
const HIDDEN_LAYERS = 4;

/**
 * The output of `data` through `filters`, in chunks of at most a few megabytes. Output that is
 * itself zlib data is inflated again (a layer named in a way this reader did not follow).
 */
export async function* decodeChain(data: Uint8Array, filters: readonly Filter[]): Chunks {
  let chunks: Chunks = sliced([data]);
  for (const filter of filters) chunks = DECODERS[filter](sliced(chunks));
  for (let layer = 0; layer < HIDDEN_LAYERS; layer++) {
    const { head, all } = await peek(chunks);
    chunks = all;
    if (!isZlib(head)) break;
    chunks = inflate(sliced(chunks));
  }
  yield* chunks;
}
