// One research call through the real `claude` CLI, run inside a network namespace with
// only loopback (see real-claude.test.ts): a loopback page, a mock Messages API that
// scripts a read_page call and then a reply quoting the page, and the real server over
// stdio with CLAUDE_BIN pointing at a wrapper that aims the CLI at the mock. Prints JSON.
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { entry } from './entries.ts';
import { startLoopbackServer } from './loopback-server.ts';
import { connectStdio } from './mcp-client.ts';
import { startMockApi } from './mock-anthropic.ts';

export const SENTENCE =
  'The Rottnest Island ferry takes about ninety minutes from Fremantle in calm weather.';
const real = process.env.REAL_CLAUDE_BIN ?? '';
const scratch = await mkdtemp(join(tmpdir(), 'web-mcp-real-claude-'));
const pageHits: string[] = [];
const page = await startLoopbackServer((req, res) => {
  pageHits.push(req.url ?? '');
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  const filler = Array.from(
    { length: 10 },
    (_, i) => `<p>Cafe ${i} on the island sells coffee and cake to day visitors.</p>`,
  );
  res.end(
    `<!doctype html><html><head><title>Getting to Rottnest</title></head><body><main><h1>Getting to Rottnest</h1><p>${SENTENCE}</p>${filler.join('')}</main></body></html>`,
  );
});
const pageUrl = `${page.url}/ferry`;
const toolResults: string[] = [];
const api = await startMockApi((request) => {
  const results = request.messages.flatMap((m) =>
    Array.isArray(m.content) ? m.content.filter((c: { type?: string }) => c.type === 'tool_result') : [],
  );
  if (results.length === 0)
    return { name: 'mcp__web__read_page', input: { url: pageUrl, look_for: 'ferry time' } };
  toolResults.push(JSON.stringify(results));
  return {
    name: 'StructuredOutput',
    input: {
      answer: 'About ninety minutes from Fremantle [1].',
      confidence: 'high',
      findings: [{ claim: 'The ferry takes about 90 minutes.', quote: SENTENCE, source: 0, rank: 1 }],
      sources: [{ title: 'Getting to Rottnest', url: pageUrl }],
      gaps: [],
    },
  };
});
const stream = join(scratch, 'stream.jsonl');
const wrapper = join(scratch, 'claude');
// The test's own seam: the server scrubs ANTHROPIC_* from the run's environment, so the
// wrapper sets them for the real binary (and keeps a copy of its output to inspect).
await writeFile(
  wrapper,
  `#!/bin/bash
export ANTHROPIC_BASE_URL='${api.url}' ANTHROPIC_API_KEY='sk-ant-test-mock' CLAUDE_CONFIG_DIR='${scratch}/config'
'${real}' "$@" | tee -a '${stream}'
exit "\${PIPESTATUS[0]}"
`,
);
await chmod(wrapper, 0o755);
const session = await connectStdio(entry((process.env.REAL_CLAUDE_RUNTIME as 'node') ?? 'node'), 'legacy', {
  env: {
    CLAUDE_BIN: wrapper,
    WEB_MCP_ALLOW_HOSTS: `127.0.0.1:${page.port}`,
    WEB_MCP_CACHE_DIR: join(scratch, 'cache'),
    WEB_MCP_MODEL: 'haiku',
  },
});
const started = Date.now();
let result: unknown;
try {
  result = await session.client.callTool({
    name: 'web_research',
    arguments: { question: 'How long is the ferry to Rottnest?', goal: 'plan a day trip', format: 'json' },
  });
} finally {
  await session.close();
}
const events = (await readFile(stream, 'utf8').catch(() => ''))
  .split('\n')
  .filter((l) => l.startsWith('{'))
  .map((l) => JSON.parse(l) as { type: string; subtype?: string; tools?: string[] });
process.stdout.write(
  `${JSON.stringify({
    result,
    seconds: (Date.now() - started) / 1000,
    initTools: events.find((e) => e.type === 'system' && e.subtype === 'init')?.tools,
    toolResults,
    pageHits,
    apiPaths: api.paths,
    stderr: session.stderr().slice(-2000),
  })}\n`,
);
await api.close();
await page.close();
await rm(scratch, { recursive: true, force: true });
