// A stand-in for the Anthropic Messages API on loopback, for the real `claude` CLI: it
// streams scripted turns as SSE (a tool_use per turn), records every request, and
// answers the CLI's side requests (token counts, anything else) harmlessly.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ToolCall {
  readonly name: string;
  readonly input: Record<string, unknown>;
}

/** What the model "does" next, given the request body so far (its messages and tools). */
export type Script = (request: MessagesRequest) => ToolCall | { readonly text: string };

export interface MessagesRequest {
  readonly model?: string;
  readonly messages: readonly { role: string; content: unknown }[];
  readonly tools?: readonly { name: string }[];
  readonly stream?: boolean;
}

export interface MockApi {
  readonly url: string;
  /** Every /v1/messages request body, in order. */
  readonly requests: MessagesRequest[];
  /** Every path asked for. */
  readonly paths: string[];
  close(): Promise<void>;
}

const body = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => {
      text += c;
    });
    req.on('end', () => resolve(text));
  });

let ids = 0;
function sse(model: string, step: ToolCall | { text: string }): string {
  const id = `msg_mock_${++ids}`;
  const usage = { input_tokens: 100, output_tokens: 20 };
  const events: [string, unknown][] = [
    [
      'message_start',
      {
        type: 'message_start',
        message: {
          id,
          type: 'message',
          role: 'assistant',
          model,
          content: [],
          stop_reason: null,
          stop_sequence: null,
          usage,
        },
      },
    ],
  ];
  if ('text' in step) {
    events.push(
      [
        'content_block_start',
        { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } },
      ],
      [
        'content_block_delta',
        { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: step.text } },
      ],
    );
  } else {
    events.push(
      [
        'content_block_start',
        {
          type: 'content_block_start',
          index: 0,
          content_block: { type: 'tool_use', id: `toolu_mock_${ids}`, name: step.name, input: {} },
        },
      ],
      [
        'content_block_delta',
        {
          type: 'content_block_delta',
          index: 0,
          delta: { type: 'input_json_delta', partial_json: JSON.stringify(step.input) },
        },
      ],
    );
  }
  events.push(
    ['content_block_stop', { type: 'content_block_stop', index: 0 }],
    [
      'message_delta',
      {
        type: 'message_delta',
        delta: { stop_reason: 'text' in step ? 'end_turn' : 'tool_use', stop_sequence: null },
        usage: { output_tokens: 20 },
      },
    ],
    ['message_stop', { type: 'message_stop' }],
  );
  return events.map(([name, data]) => `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`).join('');
}

export async function startMockApi(script: Script): Promise<MockApi> {
  const requests: MessagesRequest[] = [];
  const paths: string[] = [];
  const server: Server = createServer(async (req, res) => {
    const path = (req.url ?? '').split('?')[0] ?? '';
    paths.push(`${req.method} ${path}`);
    const text = await body(req);
    if (req.method === 'POST' && path === '/v1/messages') {
      const request = JSON.parse(text) as MessagesRequest;
      requests.push(request);
      const step = script(request);
      const model = request.model ?? 'claude-haiku-mock';
      if (request.stream) {
        res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
        res.end(sse(model, step));
        return;
      }
      const content =
        'text' in step
          ? [{ type: 'text', text: step.text }]
          : [{ type: 'tool_use', id: `toolu_mock_${++ids}`, ...step }];
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          id: `msg_mock_${++ids}`,
          type: 'message',
          role: 'assistant',
          model,
          content,
          stop_reason: 'text' in step ? 'end_turn' : 'tool_use',
          usage: { input_tokens: 100, output_tokens: 20 },
        }),
      );
      return;
    }
    if (path === '/v1/messages/count_tokens') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ input_tokens: 100 }));
      return;
    }
    res.writeHead(404, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({ type: 'error', error: { type: 'not_found_error', message: `mock: no ${path}` } }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    paths,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
