// Reads a request body once, against a deadline and a size limit, whatever the listener's own
// time-outs (the app runs under any Web-standard server): past either, reading stops.

export type BodyRead =
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'late' }
  | { readonly kind: 'too-large' };

export interface BodyLimits {
  /** A body that has not arrived whole within this many ms is `late`. */
  readonly ms: number;
  /** A body declared or found longer than this many bytes is `too-large`. */
  readonly maxBytes: number;
}

/** The body as text, or why it was not read: still arriving at the deadline, or over the limit. */
export async function readBody(request: Request, limits: BodyLimits): Promise<BodyRead> {
  // A declared length over the limit is refused before a byte is read; the count below
  // still holds a body that sends more than it declared.
  const declared = request.headers.get('content-length');
  if (declared !== null && Number(declared) > limits.maxBytes) return { kind: 'too-large' };
  const body = request.body;
  if (body === null) return { kind: 'text', text: '' };
  const reader = body.getReader();
  let late = false;
  // Cancelling the stream settles a read still waiting (done), so no race is set up per chunk.
  const timer = setTimeout(() => {
    late = true;
    reader.cancel().catch(() => undefined);
  }, limits.ms);
  const decoder = new TextDecoder();
  let text = '';
  let bytes = 0;
  try {
    for (;;) {
      const chunk = await reader.read();
      if (late) return { kind: 'late' };
      if (chunk.done) return { kind: 'text', text: text + decoder.decode() };
      bytes += chunk.value.byteLength;
      // Left uncancelled: cancelling would close the connection before the 413 is sent; the
      // listener discards the rest.
      if (bytes > limits.maxBytes) return { kind: 'too-large' };
      text += decoder.decode(chunk.value, { stream: true });
    }
  } finally {
    clearTimeout(timer);
  }
}
