// The research reader's costs: one read (fetch, extract, passages, record) against a plain
// fetch and extract of the same loopback page; and what mounting it adds to a run's start —
// the listener alone, a fake claude that connects and lists the tool, and (as root, in a
// loopback-only network namespace, when the test's cached CLI is there) the real claude.
// Run: node --import tsx bench/reader.bench.ts [--write]
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';
import { serveLoopback } from '../adapters/node/loopback.ts';
import { spawnNode } from '../adapters/node/spawn.ts';
import { buildClaudeArgs, buildClaudeEnv, READER_CONFIG_FILE, type RunTools } from '../src/claude/args.ts';
import { runClaude } from '../src/claude/run.ts';
import { researchSchema } from '../src/claude/schema.ts';
import { isToolError } from '../src/errors.ts';
import { createReaderMount } from '../src/mcp/reader-mount.ts';
import { extractPage } from '../src/page/html/extract.ts';
import { createPageReader } from '../src/page/page-text.ts';
import { loadTokenizer } from '../src/reply/budget.ts';
import { researchSystemPromptFor } from '../src/research/prompts.ts';
import { createReader, READ_TOKENS } from '../src/research/reader.ts';
import { createReaderRecord } from '../src/research/reader-record.ts';
import { startLoopbackServer } from '../test/helpers/loopback-server.ts';
import { startMockApi } from '../test/helpers/mock-anthropic.ts';
import { loadModern, loadReadabilityPages } from './lib/corpora.ts';
import { machine, publish } from './lib/report.ts';
import { fmt, summarize, table } from './lib/stats.ts';

const REAL = [
  join(
    homedir(),
    '.cache',
    'web-mcp-test',
    'claude-code-2.1.332',
    'node_modules',
    '@anthropic-ai',
    'claude-code',
    'bin',
    'claude.exe',
  ),
].find((p) => existsSync(p));
// As root, the whole bench runs again inside a network namespace with only loopback, so the real CLI has no route out.
if (process.env.WEB_MCP_BENCH_NETNS !== '1' && REAL && process.getuid?.() === 0) {
  const self = fileURLToPath(import.meta.url);
  const run = spawnSync(
    'unshare',
    [
      '-n',
      'sh',
      '-c',
      'ip link set lo up && exec "$0" --import tsx "$@"',
      process.execPath,
      self,
      ...process.argv.slice(2),
    ],
    { stdio: 'inherit', env: { ...process.env, WEB_MCP_BENCH_NETNS: '1' } },
  );
  process.exit(run.status ?? 1);
}

const ROUNDS = 15;
const FAKE = fileURLToPath(new URL('../test/fake-claude.js', import.meta.url));
await loadTokenizer();
const corpus = [
  ...loadReadabilityPages().filter((p) => p.id.startsWith('wikipedia')),
  ...loadModern().filter((p) => /\bwikipedia\.org\//.test(p.url)),
].slice(0, 12);
const server = await startLoopbackServer((req, res) => {
  const page = corpus[Number((req.url ?? '').slice(1))];
  res.writeHead(page ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
  res.end(page?.html ?? '');
});
const pageReader = () =>
  createPageReader({
    fetch: globalThis.fetch.bind(globalThis),
    resolve: async () => ['127.0.0.1'],
    allowHosts: [`127.0.0.1:${server.port}`],
    cache: undefined,
  });
const signal = new AbortController().signal;
const timed = async (run: () => Promise<unknown>) => {
  const start = performance.now();
  await run();
  return performance.now() - start;
};

// One read against a plain fetch and extract, interleaved, every page of the set each round.
const plain: number[] = [];
const read: number[] = [];
for (let round = 0; round < 3; round++) {
  for (const [i, page] of corpus.entries()) {
    const url = `${server.url}/${i}`;
    const title = (await extractPage(page.html, page.url)).title.slice(0, 30);
    plain.push(await timed(() => pageReader().read(url, { signal })));
    const reader = createReader({
      pages: pageReader(),
      record: createReaderRecord(),
      question: `What is known about ${title}?`,
      goal: undefined,
      cap: 6,
      budgetTokens: READ_TOKENS.standard,
      signal,
    });
    read.push(
      await timed(async () => {
        const out = await reader.read({ url });
        if (out.isError) throw new Error(out.text);
      }),
    );
  }
}

// Mounting: the listener opened and closed for one run, alone.
const mount = createReaderMount({ serve: serveLoopback });
const nullReader = { reads: () => 0, read: async () => ({ text: '', isError: false }) };
const mountOnly: number[] = [];
for (let i = 0; i < ROUNDS * 4; i++) {
  mountOnly.push(
    await timed(async () => {
      const m = await mount.mount(nullReader);
      if (isToolError(m)) throw new Error(m.message);
      await m.close();
    }),
  );
}

/** One run answering at once, with or without the reader mounted; the time until its reply. */
async function runOnce(bin: string, tools: RunTools, env: Record<string, string>): Promise<number> {
  const m = tools === 'search+reader' ? await mount.mount(nullReader) : undefined;
  if (isToolError(m)) throw new Error(m.message);
  const started = performance.now();
  const out = await runClaude({
    runtime: { spawn: spawnNode },
    claudeBin: bin,
    args: buildClaudeArgs({
      model: 'haiku',
      schema: researchSchema(400),
      systemPrompt: researchSystemPromptFor('server'),
      maxTurns: 6,
      tools,
    }),
    env,
    prompt: 'Question: what is example.com for?',
    ...(m ? { files: { [READER_CONFIG_FILE]: m.mcpConfig } } : {}),
    signal,
  });
  const ms = performance.now() - started;
  await m?.close();
  if (isToolError(out)) throw new Error(out.message);
  return ms;
}
async function startRows(bin: string, env: Record<string, string>, label: string): Promise<string[][]> {
  const web: number[] = [];
  const withReader: number[] = [];
  await runOnce(bin, 'web', env);
  await runOnce(bin, 'search+reader', env);
  for (let i = 0; i < ROUNDS; i++) {
    web.push(await runOnce(bin, 'web', env));
    withReader.push(await runOnce(bin, 'search+reader', env));
  }
  const a = summarize(web);
  const b = summarize(withReader);
  return [
    [`${label}: WebSearch + WebFetch`, fmt(a.p50), fmt(a.p95)],
    [`${label}: WebSearch + the reader mounted`, fmt(b.p50), fmt(b.p95)],
    [`**${label}: added by the reader**`, `**${fmt(b.p50 - a.p50)}**`, `**${fmt(b.p95 - a.p95)}**`],
  ];
}
const m = summarize(mountOnly);
const rows = [['listener opened and closed for one run (no claude)', fmt(m.p50), fmt(m.p95)]];
rows.push(
  ...(await startRows(
    FAKE,
    { ...buildClaudeEnv(process.env), FAKE_CLAUDE_SCENARIO: 'at_once' },
    'fake claude',
  )),
);
let realNote =
  'The real claude rows are missing: they need root and the CLI cached by test/integration/real-claude.test.ts.';
if (REAL && process.env.WEB_MCP_BENCH_NETNS === '1') {
  const api = await startMockApi(() => ({
    name: 'StructuredOutput',
    input: {
      answer: 'For examples [1].',
      confidence: 'low',
      findings: [],
      sources: [{ title: 'x', url: 'https://example.com/' }],
      gaps: [],
    },
  }));
  const env = {
    ...buildClaudeEnv(process.env),
    ANTHROPIC_BASE_URL: api.url,
    ANTHROPIC_API_KEY: 'sk-ant-bench',
    CLAUDE_CONFIG_DIR: join(process.env.TMPDIR ?? '/tmp', 'web-mcp-bench-claude'),
  };
  rows.push(...(await startRows(REAL, env, 'real claude 2.1.332')));
  await api.close();
  realNote =
    'The real claude runs against a mock Messages API on loopback that answers at once, inside a network namespace with only loopback.';
}
await server.close();
const p = summarize(plain);
const r = summarize(read);

publish(
  'reader',
  [
    '# The research reader',
    '',
    `One read by the research reader (fetch, extract, passages for the question at the \`standard\` budget, record,`,
    `format) against a plain fetch and extract of the same page: ${corpus.length} Wikipedia pages of the extraction corpora served on`,
    'loopback, no page cache, three rounds interleaved.',
    '',
    table(
      ['per page', 'median ms', 'p95 ms'],
      ['l', 'r', 'r'],
      [
        ['plain fetch + extract', fmt(p.p50), fmt(p.p95)],
        ['reader read (fetch + extract + passages)', fmt(r.p50), fmt(r.p95)],
        ['**reader − plain**', `**${fmt(r.p50 - p.p50)}**`, `**${fmt(r.p95 - p.p95)}**`],
      ],
    ),
    '',
    `What mounting the reader adds to a run's start (target: under 300 ms): ${ROUNDS} runs each way, interleaved, each answering`,
    `at once with no tool use, so the difference is the MCP connection the run makes at start (its config file, connect, list tools). ${realNote}`,
    '',
    table(['run start', 'median ms', 'p95 ms'], ['l', 'r', 'r'], rows),
    '',
    `Machine: ${machine()}.`,
  ].join('\n'),
);
