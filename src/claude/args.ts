// The command line and environment of a `claude -p` run, per reference/claude-cli.md:
// every isolation flag, the prompt kept off argv, and no API-billing or server secrets.

/**
 * A run's tools: `web` is Claude's WebSearch and WebFetch; `search+reader` is WebSearch and
 * the server's own page reader, mounted from the MCP config file in the run's directory.
 */
export type RunTools = 'web' | 'search+reader' | 'none';

export interface ClaudeArgsOptions {
  readonly model: string;
  readonly schema: object;
  readonly systemPrompt: string;
  readonly maxTurns: number;
  readonly tools: RunTools;
}

/** The reader's MCP config, written into the run's own directory (its secret stays off argv). */
export const READER_CONFIG_FILE = 'reader-mcp.json';
/** The reader tool as the run names it: server `web`, tool `read_page`. */
export const READER_TOOL_NAME = 'mcp__web__read_page';

const TOOL_FLAGS: Record<RunTools, readonly string[]> = {
  web: ['--tools', 'WebSearch,WebFetch', '--allowedTools', 'WebSearch,WebFetch'],
  'search+reader': [
    '--tools',
    'WebSearch',
    '--allowedTools',
    `WebSearch,${READER_TOOL_NAME}`,
    '--mcp-config',
    READER_CONFIG_FILE,
  ],
  none: ['--tools', ''],
};

/** argv per reference/claude-cli.md; the prompt never goes here (stdin only), so no variadic flag can swallow it. */
export function buildClaudeArgs(opts: ClaudeArgsOptions): string[] {
  const tools = TOOL_FLAGS[opts.tools];
  // biome-ignore format: flag/value pairs on one line read like the reference
  return [
    '-p',
    '--model', opts.model,
    '--output-format', 'stream-json',
    '--verbose',
    '--json-schema', JSON.stringify(opts.schema),
    ...tools,
    '--permission-mode', 'dontAsk',
    '--setting-sources', '',
    '--strict-mcp-config',
    '--disable-slash-commands',
    '--no-session-persistence',
    '--max-turns', String(opts.maxTurns),
    '--system-prompt', opts.systemPrompt,
  ];
}

// An allowlist, not a denylist: the child needs its login (HOME, CLAUDE_CONFIG_DIR),
// a way out (proxies, CA files) and a locale — never the server's own secrets.
// biome-ignore format: a word list
const KEEP = new Set(
  [
    'HOME', 'USER', 'LOGNAME', 'SHELL', 'PATH', 'LANG', 'LANGUAGE', 'TZ', 'TMPDIR', 'TEMP', 'TMP',
    'HTTP_PROXY', 'HTTPS_PROXY', 'NO_PROXY', 'ALL_PROXY', 'NODE_EXTRA_CA_CERTS', 'SSL_CERT_FILE', 'SSL_CERT_DIR',
    'CLAUDE_CONFIG_DIR', 'XDG_CONFIG_HOME', 'XDG_DATA_HOME', 'XDG_CACHE_HOME', 'XDG_STATE_HOME', 'XDG_RUNTIME_DIR',
    'USERPROFILE', 'APPDATA', 'LOCALAPPDATA', 'SYSTEMROOT', 'WINDIR', 'COMSPEC', 'PATHEXT',
  ],
);

const DROP = /^(?:ANTHROPIC_|CLAUDE_CODE_)|^(?:CLAUDECODE|MAX_THINKING_TOKENS)$/i;

const QUIET = {
  CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
  CLAUDE_CODE_DISABLE_AUTO_MEMORY: '1',
  DISABLE_AUTOUPDATER: '1',
  CLAUDE_CODE_MAX_RETRIES: '2',
} as const;

/** The child's environment: the kept variables of the parent plus the quiet settings. */
export function buildClaudeEnv(
  parentEnv: Readonly<Record<string, string | undefined>>,
): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(parentEnv)) {
    if (value === undefined || DROP.test(name)) continue;
    const upper = name.toUpperCase();
    if (KEEP.has(upper) || upper.startsWith('LC_')) env[name] = value;
  }
  return { ...env, ...QUIET };
}
