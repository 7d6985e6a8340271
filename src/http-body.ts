// Reads a request body against a deadline, whatever the listener's own time-outs (the app
// runs under any Web-standard server): past it, reading stops and the body is cancelled.

/** The body as text, or undefined when it had not arrived whole within `ms`. */
export async function readBody(request: Request, ms: number): Promise<string | undefined> {
  const body = request.body;
  if (body === null) return '';
  const reader = body.getReader();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), ms);
  });
  const decoder = new TextDecoder();
  let text = '';
  try {
    for (;;) {
      const chunk = await Promise.race([reader.read(), late]);
      if (chunk === 'late') {
        await reader.cancel().catch(() => undefined);
        return undefined;
      }
      if (chunk.done) return text + decoder.decode();
      text += decoder.decode(chunk.value, { stream: true });
    }
  } finally {
    clearTimeout(timer);
  }
}
