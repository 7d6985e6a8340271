// One deadline for every tool, as a client meets it: with WEB_MCP_CALL_SECONDS=20, page
// tools reading a page that stalls for 30 s (before its headers, or halfway through its
// body) answer `timeout` within 22 s, naming the tool and the page, on every runtime.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { entries } from '../helpers/entries.ts';
import { type Sandbox, sandbox } from '../helpers/fake-claude-env.ts';
import { type LoopbackServer, startLoopbackServer } from '../helpers/loopback-server.ts';
import { connectStdio } from '../helpers/mcp-client.ts';

type Content = { type: string; text?: string }[];
const text = (result: { content?: unknown }) =>
  ((result.content ?? []) as Content).map((c) => c.text ?? '').join('\n');

const STALL_MS = 30_000;

describe('page tools keep the call deadline', { concurrency: true }, () => {
  let pages: LoopbackServer;
  const boxes: Sandbox[] = [];
  const stalls: ReturnType<typeof setTimeout>[] = [];
  before(async () => {
    pages = await startLoopbackServer((req, res) => {
      const answer = () => res.end('<p>too late</p>');
      if (req.url?.startsWith('/stall-body')) {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.write('<!doctype html><html><head><title>Slow</title></head><body><p>The first part');
        stalls.push(setTimeout(answer, STALL_MS));
      } else {
        stalls.push(
          setTimeout(() => {
            res.writeHead(200, { 'content-type': 'text/html' });
            answer();
          }, STALL_MS),
        );
      }
    });
  });
  after(async () => {
    for (const b of boxes) b.remove();
    for (const stall of stalls) clearTimeout(stall);
    await pages.close();
  });

  for (const entry of entries()) {
    it(`${entry.runtime}: web_page and web_read against a page that stalls 30 s answer timeout within 22 s`, async () => {
      const b = sandbox();
      boxes.push(b);
      const env = b.env({ WEB_MCP_CALL_SECONDS: '20', WEB_MCP_ALLOW_HOSTS: `127.0.0.1:${pages.port}` });
      const session = await connectStdio(entry, 'modern', { env });
      try {
        const head = `${pages.url}/stall-head/${entry.runtime}`;
        const body = `${pages.url}/stall-body/${entry.runtime}`;
        const timed = async (name: string, args: Record<string, unknown>) => {
          const started = Date.now();
          const result = await session.client.callTool({ name, arguments: args }, { timeout: 40_000 });
          return { result, took: Date.now() - started };
        };
        const [page, read] = await Promise.all([
          timed('web_page', { url: head, goal: 'what it says' }),
          timed('web_read', { url: body }),
        ]);
        for (const [tool, url, { result, took }] of [
          ['web_page', head, page],
          ['web_read', body, read],
        ] as const) {
          assert.equal(result.isError, true, text(result));
          const message = text(result);
          assert.match(
            message,
            new RegExp(`^timeout: ${tool} ran out of its 20 s budget while reading ${url}`),
          );
          assert.doesNotMatch(message, /research|depth/);
          assert.ok(took < 22_000, `${tool} answered after ${took} ms`);
        }
        assert.deepEqual(b.runs(), [], 'no claude run started');
      } finally {
        await session.close();
      }
    });
  }
});
