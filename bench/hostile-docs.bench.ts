// Hostile documents at full size through the built server on Node, Bun and Deno (one server
// per runtime, documents read one after another): for each, the call's time, the server's
// peak resident memory while reading it, the slowest concurrent tools/list, and the verdict.
// Run: node --import tsx bench/hostile-docs.bench.ts [--write] (needs `npm run build` first)
import { entries } from '../test/helpers/entries.ts';
import { sandbox } from '../test/helpers/fake-claude-env.ts';
import { hostileDocuments } from '../test/helpers/hostile-docs.ts';
import { startLoopbackServer } from '../test/helpers/loopback-server.ts';
import { connectStdio } from '../test/helpers/mcp-client.ts';
import { serverMemory } from '../test/helpers/server-memory.ts';
import { machine, publish } from './lib/report.ts';
import { watchServer } from './lib/server-watch.ts';
import { table } from './lib/stats.ts';

const MB = 1_048_576;
const docs = await hostileDocuments(256);

const server = await startLoopbackServer((req, res) => {
  const doc = docs.get(req.url ?? '');
  res.writeHead(doc ? 200 : 404, {
    'content-type': doc?.type ?? 'text/plain',
    ...(doc?.encoding ? { 'content-encoding': doc.encoding } : {}),
  });
  res.end(doc?.body ?? 'not found');
});

const rss = serverMemory;
const draft = { answer: 'Read [1].', confidence: 'medium', findings: [], sources: [], gaps: [] };
const size = (bytes: number) =>
  bytes >= MB ? `${(bytes / MB).toFixed(1)} MB` : `${(bytes / 1024).toFixed(1)} KB`;

const sections: string[] = [];
for (const entry of entries()) {
  const box = sandbox({ FAKE_CLAUDE_OUTPUT: JSON.stringify(draft) });
  const session = await connectStdio(entry, 'modern', {
    env: box.env({ WEB_MCP_ALLOW_HOSTS: `127.0.0.1:${server.port}`, WEB_MCP_MAX_PDF_MB: '50' }),
  });
  const pid = session.transport.pid ?? 0;
  const rows: string[][] = [];
  for (const [path, doc] of docs) {
    const watch = watchServer(session.client, () => rss(pid), 50);
    const started = performance.now();
    const result = await session.client.callTool(
      { name: 'web_read', arguments: { url: `${server.url}${path}`, format: 'json', max_tokens: 300 } },
      { timeout: 300_000, resetTimeoutOnProgress: true, onprogress: () => {} },
    );
    const seconds = (performance.now() - started) / 1000;
    const { peak, slowestMs: slowest } = await watch.stop();
    const said = ((result.content ?? []) as { text?: string }[]).map((c) => c.text ?? '').join('');
    const verdict = result.isError ? (said.match(/^\w+/)?.[0] ?? 'error') : 'read';
    const why = result.isError
      ? (said.match(/(zip bomb|longer than [\d.]+ s|more memory|larger than \d+ MB)/)?.[0] ?? '')
      : '';
    rows.push([
      path.slice(1),
      size(doc.body.length),
      seconds.toFixed(1),
      `${Math.round(peak / MB)}`,
      `${Math.round(slowest)}`,
      `${verdict} ${why}`.trim(),
    ]);
  }
  const alive = rss(pid) > 0;
  await session.close();
  box.remove();
  sections.push(
    `### ${entry.runtime}${alive ? '' : ' (the server died)'}\n\n${table(['document', 'on the wire', 's', 'peak MB', 'slowest tools/list ms', 'answer'], ['l', 'r', 'r', 'r', 'r', 'l'], rows)}`,
  );
}
server.close();

publish(
  'hostile-docs',
  `## hostile-docs

\`npm run bench -- hostile-docs\` — every hostile document of test/helpers/hostile-pdfs.ts and
hostile-pages.ts (Flate bombs at 1 GiB, the other spellings at 256 MB, CPU bombs and markup at the
sizes that once stalled a server) read by \`web_read\` through the built server, one after another on
one server per runtime. Peak MB is the server's resident memory while the document was read,
its reader processes' included (Deno reads in child processes);
the slowest tools/list was asked every 100 ms meanwhile. ${machine()}.

${sections.join('\n\n')}
`,
);
