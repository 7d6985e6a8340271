// An MCP Transport over a pair of Web streams: newline-delimited JSON-RPC, so
// the same serveStdio entry runs on Node, Bun and Deno from their own stdio streams.
// A line that is not a message gets a JSON-RPC error reply, never silence.
import {
  deserializeMessage,
  type JSONRPCMessage,
  serializeMessage,
  type Transport,
} from '@modelcontextprotocol/server';
import { longToolName } from './long-names.ts';

/** A single message larger than this closes the connection rather than exhaust memory. */
const MAX_LINE_CHARS = 10 * 1024 * 1024;

/** Bad lines reported one by one; after these, only their count, at each power of ten. */
const REPORTED_BAD_LINES = 5;

/** The id of a request that is otherwise malformed, when it has a usable one. */
function idOf(data: unknown): string | number | null {
  if (typeof data !== 'object' || data === null || !('id' in data)) return null;
  return typeof data.id === 'string' || typeof data.id === 'number' ? data.id : null;
}

export class WebStreamTransport implements Transport {
  onclose?: (() => void) | undefined;
  onerror?: ((error: Error) => void) | undefined;
  onmessage?: (<T extends JSONRPCMessage>(message: T) => void) | undefined;

  readonly #readable: ReadableStream<Uint8Array>;
  readonly #writer: WritableStreamDefaultWriter<Uint8Array>;
  readonly #encoder = new TextEncoder();
  #reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
  #closed = false;
  #badLines = 0;

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
    // The byte-order mark is kept by the decoder and dropped per line, the same on every runtime.
    const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
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
      // A last message without its newline still counts; its reply gets a turn before the close.
      buffered += decoder.decode();
      if (buffered.trim() !== '') {
        this.#deliver(buffered.replace(/\r$/, ''));
        await new Promise((resolve) => setTimeout(resolve, 0));
      }
    } catch (error) {
      if (!this.#closed) this.onerror?.(error instanceof Error ? error : new Error(String(error)));
    }
    await this.close();
  }

  #deliver(raw: string): void {
    const line = raw.charCodeAt(0) === 0xfeff ? raw.slice(1) : raw;
    if (line.trim() === '') return;
    let data: unknown;
    try {
      data = JSON.parse(line);
    } catch {
      this.#refuse(
        null,
        -32700,
        'Parse error: the line is not JSON',
        `a line of ${line.length} characters was not JSON`,
      );
      return;
    }
    if (Array.isArray(data)) {
      this.#refuse(
        null,
        -32600,
        'Invalid Request: JSON-RPC batches are not supported; send one message per line',
        `a batch of ${data.length} messages was refused`,
      );
      return;
    }
    let message: JSONRPCMessage;
    try {
      message = deserializeMessage(line);
    } catch {
      this.#refuse(
        idOf(data),
        -32600,
        'Invalid Request: the line is not a JSON-RPC 2.0 message',
        'a line was not a JSON-RPC message',
      );
      return;
    }
    const tooLong = longToolName(message);
    if (tooLong !== undefined) {
      this.#refuse(
        tooLong.id,
        tooLong.code,
        tooLong.message,
        'a tools/call named no tool (a name too long to echo)',
      );
      return;
    }
    this.onmessage?.(message);
  }

  /**
   * Answers a line that carried no message. The first few are reported in one short line
   * each, then only their count at 10, 100, 1000…, so a flood cannot flood the log.
   */
  #refuse(id: string | number | null, code: number, message: string, why: string): void {
    if (this.#closed) return;
    const reply = JSON.stringify({ jsonrpc: '2.0', id, error: { code, message } });
    this.#writer.write(this.#encoder.encode(`${reply}\n`)).catch(() => {});
    const n = ++this.#badLines;
    if (n <= REPORTED_BAD_LINES) {
      const more = n === REPORTED_BAD_LINES ? '; further bad lines are only counted' : '';
      this.onerror?.(new Error(`stdin: ${why}; answered ${code}${more}`));
    } else if (/^10+$/.test(String(n))) {
      this.onerror?.(new Error(`stdin: ${n} bad lines so far, each answered with an error`));
    }
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
