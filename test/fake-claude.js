#!/usr/bin/env node
// A stand-in for Claude Code 2.1.332 in `-p` mode (reference/claude-cli.md): the
// same flag parsing rules, stream-json shapes, exit codes and signal behaviour.
// Env: FAKE_CLAUDE_SCENARIO (default success), FAKE_CLAUDE_OUTPUT (JSON or a path
// to a JSON file: the structured_output), FAKE_CLAUDE_DELAY_MS, FAKE_CLAUDE_LOG
// (appends one JSON line per run), FAKE_CLAUDE_PIDFILE (grandchild pid), FAKE_CLAUDE_LOGGED_IN,
// FAKE_CLAUDE_VERSION (what --version reports), FAKE_CLAUDE_THINK_MS (pause between reading
// the sources and answering), FAKE_CLAUDE_TOOL_LOG (one JSON line per
// tool use), FAKE_CLAUDE_STEP_MS (pause between tool uses in keep_searching),
// FAKE_CLAUDE_RESCUE_SCENARIO (what a run without tools does under fetch_then_hang or
// keep_searching; default success), FAKE_CLAUDE_USAGE (JSON merged into the result event:
// num_turns, total_cost_usd, usage), FAKE_CLAUDE_RATE_LIMIT (JSON merged into every
// rate_limit_info: status, resetsAt, utilization…),
// FAKE_CLAUDE_READ_URLS (comma-separated: the pages a run
// with the server's reader reads; default: its output's sources). Scenario at_once answers
// from its prompt alone, with no tool use.
// Like the real one, it connects to each server of --mcp-config (JSON or a file, stdio
// entries aside) with an MCP client, lists its tools as mcp__<server>__<tool>, and calls them.
import { spawn } from 'node:child_process';
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';

const VALUE = new Set([
  '--model',
  '--output-format',
  '--input-format',
  '--json-schema',
  '--permission-mode',
  '--setting-sources',
  '--max-turns',
  '--system-prompt',
  '--append-system-prompt',
  '--session-id',
  '--resume',
  '--fallback-model',
  '--settings',
  '--agents',
  '--max-budget-usd',
  '--debug-file',
]);
const VARIADIC = new Set([
  '--tools',
  '--allowedTools',
  '--allowed-tools',
  '--disallowedTools',
  '--disallowed-tools',
  '--mcp-config',
  '--add-dir',
]);
const FLAGS = new Set([
  '-p',
  '--print',
  '--verbose',
  '--strict-mcp-config',
  '--disable-slash-commands',
  '--no-session-persistence',
  '--continue',
  '-c',
  '--dangerously-skip-permissions',
  '--include-partial-messages',
  '--bare',
  '--debug',
  '-d',
  '--version',
  '-v',
  '--help',
  '-h',
]);
const TOOLS = new Set([
  'WebSearch',
  'WebFetch',
  'Bash',
  'Read',
  'Write',
  'Edit',
  'Glob',
  'Grep',
  'Task',
  'default',
]);

// Like the real one: SIGTERM/SIGHUP end it at once and quietly.
process.on('SIGTERM', () => process.exit(143));
process.on('SIGHUP', () => process.exit(129));

const argv = process.argv.slice(2);
const fail = (message, code = 1) => {
  process.stderr.write(`${message}\n`);
  process.exit(code);
};

if (argv[0] === 'auth' && argv[1] === 'status') {
  const loggedIn = process.env.FAKE_CLAUDE_LOGGED_IN !== '0';
  process.stdout.write(`${JSON.stringify({ loggedIn, authMethod: loggedIn ? 'claude.ai' : 'none' })}\n`);
  process.exit(loggedIn ? 0 : 1);
}

// commander rules: a value option takes the next word whatever it is; a variadic
// one keeps taking words until one starts with '-'; `--` ends the options.
const opts = {};
const positionals = [];
let variadic;
for (let i = 0; i < argv.length; i++) {
  const arg = argv[i];
  if (arg === '--') {
    positionals.push(...argv.slice(i + 1));
    break;
  }
  if (arg.length > 1 && arg.startsWith('-')) {
    variadic = undefined;
    const eq = arg.startsWith('--') ? arg.indexOf('=') : -1;
    const name = eq === -1 ? arg : arg.slice(0, eq);
    const inline = eq === -1 ? undefined : arg.slice(eq + 1);
    if (FLAGS.has(name)) opts[name] = true;
    else if (VALUE.has(name) || VARIADIC.has(name)) {
      const value = inline ?? argv[++i];
      if (value === undefined) fail(`error: option '${name} <value>' argument missing`);
      if (VARIADIC.has(name)) {
        opts[name] = [...(opts[name] ?? []), value];
        variadic = name;
      } else opts[name] = value;
    } else fail(`error: unknown option '${name}'`);
  } else if (variadic) opts[variadic].push(arg);
  else positionals.push(arg);
}

if (opts['--version'] || opts['-v']) {
  process.stdout.write(`${process.env.FAKE_CLAUDE_VERSION ?? '2.1.332'} (Claude Code)\n`);
  process.exit(0);
}
if (!opts['-p'] && !opts['--print']) fail('fake-claude: only -p (print) mode is simulated');
const format = opts['--output-format'] ?? 'text';
if (!['text', 'json', 'stream-json'].includes(format))
  fail(`error: option '--output-format <format>' argument '${format}' is invalid`);
if (format === 'stream-json' && !opts['--verbose']) {
  fail('Error: When using --print, --output-format=stream-json requires --verbose');
}
function toolList(flag) {
  return (opts[flag] ?? []).flatMap((v) => v.split(/[,\s]+/)).filter((n) => n !== '');
}
for (const flag of [
  '--tools',
  '--allowedTools',
  '--allowed-tools',
  '--disallowedTools',
  '--disallowed-tools',
]) {
  // A prompt swallowed by a variadic flag shows up as a bogus tool name.
  for (const name of toolList(flag)) {
    if (!TOOLS.has(name.replace(/\(.*\)$/, '')) && !/^mcp__\w+__\w+$/.test(name))
      fail(`Error: Invalid tool name in ${flag}: "${name}"`);
  }
}
let schema;
if (opts['--json-schema'] !== undefined) {
  try {
    schema = JSON.parse(opts['--json-schema']);
  } catch {
    fail('Error: --json-schema is not valid JSON');
  }
}

const stdin = process.stdin.isTTY
  ? ''
  : await new Promise((resolve) => {
      let text = '';
      process.stdin.setEncoding('utf8');
      process.stdin.on('data', (d) => {
        text += d;
      });
      process.stdin.on('end', () => resolve(text));
    });
const prompt = positionals.join(' ') || stdin;
if (prompt.trim() === '')
  fail('Error: Input must be provided either through stdin or as a prompt argument when using --print');

// --- mounted MCP servers (--mcp-config) ---------------------------------------
const mcp = new Map(); // tool name as the model sees it → { client, tool }
const mcpServers = [];
async function mountServers() {
  for (const value of opts['--mcp-config'] ?? []) {
    let config;
    try {
      config = JSON.parse(value.trimStart().startsWith('{') ? value : readFileSync(value, 'utf8'));
    } catch (error) {
      fail(`Error: Invalid MCP configuration: ${error.message}`);
    }
    for (const [name, entry] of Object.entries(config.mcpServers ?? {})) {
      if (entry.type !== 'http') continue;
      const { Client, StreamableHTTPClientTransport } = await import('@modelcontextprotocol/client');
      const client = new Client({ name: 'claude-code', version: '2.1.332' });
      try {
        await client.connect(
          new StreamableHTTPClientTransport(new URL(entry.url), {
            requestInit: { headers: entry.headers ?? {} },
          }),
        );
        const { tools } = await client.listTools();
        for (const tool of tools) mcp.set(`mcp__${name}__${tool.name}`, { client, tool: tool.name });
        mcpServers.push({ name, status: 'connected' });
      } catch {
        mcpServers.push({ name, status: 'failed' });
      }
    }
  }
}
await mountServers();
const READER = 'mcp__web__read_page';
const canRead = mcp.has(READER) && toolList('--allowedTools').includes(READER);

const SEARCHING = new Set(['fetch_then_hang', 'keep_searching']);
const asked = process.env.FAKE_CLAUDE_SCENARIO ?? 'success';
// A run without web tools under a searching scenario is the server's rescue run.
const scenario =
  SEARCHING.has(asked) && toolList('--tools').length === 0
    ? (process.env.FAKE_CLAUDE_RESCUE_SCENARIO ?? 'success')
    : asked;
let grandchildPid;
if (scenario === 'grandchild' || scenario === 'setsid') {
  // `setsid`: the grandchild leaves the run's process group and session, as a daemon would.
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1e9)'], {
    stdio: 'ignore',
    detached: scenario === 'setsid',
  });
  grandchildPid = child.pid;
  if (process.env.FAKE_CLAUDE_PIDFILE) writeFileSync(process.env.FAKE_CLAUDE_PIDFILE, String(grandchildPid));
}
if (process.env.FAKE_CLAUDE_LOG) {
  const entry = {
    argv,
    env: process.env,
    stdin,
    cwd: process.cwd(),
    pid: process.pid,
    pgid: pgid(),
    grandchildPid,
    schema,
    mcpConfigs: mcpConfigs(),
  };
  appendFileSync(process.env.FAKE_CLAUDE_LOG, `${JSON.stringify(entry)}\n`);
}

/** The --mcp-config values as the run saw them (a file's text, not its name). */
function mcpConfigs() {
  return (opts['--mcp-config'] ?? []).map((value) => {
    try {
      return value.trimStart().startsWith('{') ? value : readFileSync(value, 'utf8');
    } catch {
      return value;
    }
  });
}

function pgid() {
  try {
    return Number(readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ')[2]);
  } catch {
    return undefined;
  }
}

// --- output -----------------------------------------------------------------
const session = '0c9e0d4c-fake-4e1a-9d2b-000000000000';
const model = opts['--model'] === 'haiku' ? 'claude-haiku-5-5' : (opts['--model'] ?? 'claude-sonnet-5');
const events = [];
const emit = (event) => {
  if (format === 'stream-json') process.stdout.write(`${JSON.stringify(event)}\n`);
  else events.push(event);
};
const finish = (result, code) => {
  // `json --verbose` prints every message as one array, plain `json` the result alone.
  if (format === 'json')
    process.stdout.write(`${JSON.stringify(opts['--verbose'] ? [...events, result] : result)}\n`);
  else if (format === 'text') process.stdout.write(`${result.result ?? ''}\n`);
  else emit(result);
  process.exitCode = code;
};
const result = (fields) => ({
  type: 'result',
  subtype: 'success',
  is_error: false,
  duration_ms: 1200,
  duration_api_ms: 1100,
  num_turns: 3,
  result: '',
  session_id: session,
  total_cost_usd: 0.0042,
  usage: {
    input_tokens: 900,
    output_tokens: 200,
    server_tool_use: { web_search_requests: 1, web_fetch_requests: 1 },
  },
  permission_denials: [],
  terminal_reason: 'completed',
  ...JSON.parse(process.env.FAKE_CLAUDE_USAGE ?? '{}'),
  ...fields,
});
const rateLimitInfo = (fields) => ({ ...fields, ...JSON.parse(process.env.FAKE_CLAUDE_RATE_LIMIT ?? '{}') });
const errorResult = (text, fields = {}) =>
  result({ subtype: 'success', is_error: true, result: text, terminal_reason: 'api_error', ...fields });
let toolId = 0;
const searchResults = (query) => {
  const links = (output().sources ?? []).map((s) => ({ title: s.title, url: s.url }));
  return `Web search results for query: "${query}"\n\nLinks: ${JSON.stringify(links)}`;
};
const toolUse = (name, input, answer) => {
  const id = `toolu_fake_${++toolId}`;
  if (process.env.FAKE_CLAUDE_TOOL_LOG && name !== 'StructuredOutput')
    appendFileSync(
      process.env.FAKE_CLAUDE_TOOL_LOG,
      `${JSON.stringify({ name, input, pid: process.pid, ...(answer ? { result: answer } : {}) })}\n`,
    );
  emit({
    type: 'assistant',
    message: {
      id: `msg_${toolId}`,
      model,
      role: 'assistant',
      content: [{ type: 'tool_use', id, name, input }],
    },
    session_id: session,
  });
  emit({
    type: 'user',
    message: {
      role: 'user',
      content: [
        {
          type: 'tool_result',
          tool_use_id: id,
          content: answer?.text ?? (name === 'WebSearch' ? searchResults(input.query) : `result of ${name}`),
          ...(answer?.isError ? { is_error: true } : {}),
        },
      ],
    },
    tool_use_result: { ok: true },
    session_id: session,
  });
};

function output() {
  const raw = process.env.FAKE_CLAUDE_OUTPUT;
  if (raw === undefined) {
    return {
      answer: 'Example Domain is reserved for documentation [1].',
      confidence: 'high',
      findings: [
        {
          claim: 'The domain is for use in examples.',
          quote: 'This domain is for use in documentation examples',
          source: 0,
          rank: 1,
        },
      ],
      // A loopback literal no test serves: a server that checks the quote is refused without DNS.
      sources: [{ title: 'Example Domain', url: 'http://127.0.0.1:9/example-domain' }],
      gaps: [],
    };
  }
  return JSON.parse(raw.trimStart().startsWith('{') ? raw : readFileSync(raw, 'utf8'));
}

/** Calls a mounted MCP tool for real; its text result is what the model would see. */
async function callMounted(name, input) {
  const { client, tool } = mcp.get(name);
  try {
    const r = await client.callTool({ name: tool, arguments: input });
    const text = (r.content ?? []).map((c) => (c.type === 'text' ? c.text : '')).join('\n');
    return { text, isError: r.isError === true };
  } catch (error) {
    return { text: `MCP error: ${error.message}`, isError: true };
  }
}

function readUrls(structured) {
  const listed = process.env.FAKE_CLAUDE_READ_URLS;
  if (listed !== undefined) return listed.split(',').filter((u) => u !== '');
  return (structured.sources ?? []).map((s) => s.url);
}

async function research(structured, answer = true) {
  const tools = toolList('--tools');
  if (tools.includes('WebSearch'))
    toolUse('WebSearch', {
      query: prompt
        .split('\n')[0]
        .replace(/^Question:\s*/, '')
        .slice(0, 80),
    });
  if (tools.includes('WebFetch')) {
    for (const s of structured.sources ?? [])
      toolUse('WebFetch', { url: s.url, prompt: 'Return the relevant sentences verbatim.' });
  } else if (canRead) {
    for (const url of readUrls(structured)) toolUse(READER, { url }, await callMounted(READER, { url }));
  }
  if (answer) toolUse('StructuredOutput', structured);
}

process.on('SIGINT', () => {
  finish(
    result({
      subtype: 'error_during_execution',
      is_error: true,
      result: undefined,
      terminal_reason: 'aborted',
    }),
    0,
  );
  process.exit(0);
});

// These two never get as far as the first event.
if (scenario === 'stub') fail('Error: claude native binary not installed. Run the postinstall script.');
if (scenario === 'garbage') {
  process.stdout.write('<html><body>Something odd</body></html>\nnot json either\n');
  process.exit(0);
}
emit({
  type: 'system',
  subtype: 'init',
  cwd: process.cwd(),
  session_id: session,
  tools: [...toolList('--tools'), 'StructuredOutput', ...mcp.keys()],
  mcp_servers: mcpServers,
  model,
  permissionMode: opts['--permission-mode'] ?? 'default',
  slash_commands: [],
  apiKeySource: 'none',
});
const resetsAt = Math.floor(Date.now() / 1000) + 3600;
const hang = () => setInterval(() => {}, 1e9);

switch (scenario) {
  case 'success':
  case 'slow': {
    const delay = scenario === 'slow' ? Number(process.env.FAKE_CLAUDE_DELAY_MS ?? 2000) : 0;
    emit({
      type: 'rate_limit_event',
      rate_limit_info: rateLimitInfo({ status: 'allowed', resetsAt, rateLimitType: 'five_hour' }),
    });
    // Like the real one, it reads its pages, then takes a while to write its answer.
    const think = Number(process.env.FAKE_CLAUDE_THINK_MS ?? 0);
    setTimeout(async () => {
      const structured = output();
      await research(structured, false);
      setTimeout(() => {
        toolUse('StructuredOutput', structured);
        finish(result({ structured_output: structured }), 0);
      }, think);
    }, delay);
    break;
  }
  case 'at_once': {
    // Answers from its prompt alone: no search, no read.
    const structured = output();
    toolUse('StructuredOutput', structured);
    finish(result({ structured_output: structured }), 0);
    break;
  }
  case 'fetch_then_hang':
    // Reads every source of its output, then never answers.
    hang();
    await research(output(), false);
    break;
  case 'keep_searching': {
    // Searches again and again, never minding the caps in its prompt.
    let n = 0;
    const step = Number(process.env.FAKE_CLAUDE_STEP_MS ?? 300);
    toolUse('WebSearch', { query: `search ${++n}` });
    setInterval(() => toolUse('WebSearch', { query: `search ${++n}` }), step);
    break;
  }
  case 'hang':
  case 'grandchild':
  case 'setsid':
    hang();
    break;
  case 'not_signed_in':
    finish(errorResult('Not logged in · Please run /login', { api_error_status: 401 }), 1);
    break;
  case 'token_revoked':
    finish(
      errorResult('Failed to authenticate: OAuth token revoked · Please run /login', {
        api_error_status: 403,
      }),
      1,
    );
    break;
  case 'usage_limit':
    emit({
      type: 'rate_limit_event',
      rate_limit_info: rateLimitInfo({ status: 'rejected', resetsAt, rateLimitType: 'five_hour' }),
    });
    finish(
      errorResult("You've hit your 5-hour limit · resets 2:42am (UTC)", {
        api_error: 'usage_limit_reached',
        api_error_status: 429,
      }),
      1,
    );
    break;
  case 'usage_limit_text':
    finish(
      errorResult("You've hit your weekly limit · resets Dec 3, 1:49am (UTC)", { api_error_status: 429 }),
      1,
    );
    break;
  case 'throttled':
    finish(
      errorResult(
        'API Error: Server is temporarily limiting requests (not your usage limit) · Rate limited',
        { api_error_status: 429 },
      ),
      1,
    );
    break;
  case 'overloaded':
    emit({ type: 'system', subtype: 'api_retry', attempt: 1, max_retries: 2, error_status: 529 });
    finish(
      errorResult(
        'API Error: 529 {"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}',
        { api_error_status: 529 },
      ),
      1,
    );
    break;
  case 'api_timeout':
    finish(errorResult('Request timed out. Check your internet connection and proxy settings'), 1);
    break;
  case 'max_turns': {
    toolUse('WebSearch', { query: 'first search' });
    const n = opts['--max-turns'] ?? '10';
    finish(
      result({
        subtype: 'error_max_turns',
        is_error: true,
        result: undefined,
        errors: [`Reached maximum number of turns (${n})`],
      }),
      1,
    );
    break;
  }
  case 'schema_never_met':
    finish(
      result({
        subtype: 'error_max_structured_output_retries',
        is_error: true,
        result: undefined,
        errors: ['Failed to provide valid structured output after 5 attempts'],
      }),
      1,
    );
    break;
  case 'prose':
    finish(
      result({ result: 'The answer is 42. Servers answer 429 when throttled; please run /login first.' }),
      0,
    );
    break;
  case 'invalid_output':
    finish(
      result({
        structured_output: { answer: 'x', confidence: 'certain', findings: [], sources: [], gaps: [] },
      }),
      0,
    );
    break;
  case 'crash':
    toolUse('WebSearch', { query: 'about to crash' });
    process.stdout.write('{"type":"assistant","message":{"content":[{"type":"te');
    process.exit(2);
    break;
  default:
    fail(`fake-claude: unknown FAKE_CLAUDE_SCENARIO ${scenario}`);
}
