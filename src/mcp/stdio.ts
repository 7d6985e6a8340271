// An MCP Transport over a pair of Web streams: newline-delimited JSON-RPC, so
// the same serveStdio entry runs on Node, Bun and Deno from their own stdio streams.
import {
  deserializeMessage,
  type JSONRPCMessage,
  serializeMessage,
  type Transport,
} from '@modelcontextprotocol/server';

/** A single message larger than this closes the connection rather than exhaust memory. */
const MAX_LINE_CHARS = 10 * 1024 * 1024;

export class WebStreamTransport implements Transport {
  onclose?: (() => void) | undefined;
  onerror?: ((error: Error) => void) | undefined;
  onmessage?: (<T extends JSONRPCMessage>(message: T) => void) | undefined;

  readonly #readable: ReadableStream<Uint8Array>;
  readonly #writer: WritableStreamDefaultWriter<Uint8Array>;
  readonly #encoder = new TextEncoder();
  #reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
  #closed = false;

  readonly #onEnd: (() => void) | undefined;

  /** `onEnd` runs once when the input ends or the transport is closed: the process should then shut down. */
  constructor(
    streams: { readable: ReadableStream<Uint8Array>; writable: WritableStream<Uint8Array> },
    onEnd?: () => void,
  ) {
    this.#readable = streams.readable;
    this.#writer = streams.writable.getWriter();
    this.#onEnd = onEnd;
  }

  async start(): Promise<void> {
    this.#reader = this.#readable.getReader();
    void this.#pump(this.#reader);
  }

  async #pump(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<void> {
    const decoder = new TextDecoder();
    let buffered = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffered += decoder.decode(value, { stream: true });
        let newline = buffered.indexOf('\n');
        while (newline !== -1) {
          this.#deliver(buffered.slice(0, newline).replace(/\r$/, ''));
          buffered = buffered.slice(newline + 1);
          newline = buffered.indexOf('\n');
        }
        if (buffered.length > MAX_LINE_CHARS) throw new Error('stdin: a message exceeded 10 MB');
      }
    } catch (error) {
      if (!this.#closed) this.onerror?.(error instanceof Error ? error : new Error(String(error)));
    }
    await this.close();
  }

  #deliver(line: string): void {
    if (line.trim() === '') return;
    let message: JSONRPCMessage;
    try {
      message = deserializeMessage(line);
    } catch (error) {
      this.onerror?.(error instanceof Error ? error : new Error('stdin: a line was not a JSON-RPC message'));
      return;
    }
    this.onmessage?.(message);
  }

  async send(message: JSONRPCMessage): Promise<void> {
    if (this.#closed) return;
    await this.#writer.write(this.#encoder.encode(serializeMessage(message)));
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    await this.#reader?.cancel().catch(() => {});
    await this.#writer.close().catch(() => {});
    this.onclose?.();
    this.#onEnd?.();
  }
}
