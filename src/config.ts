// Environment variables and command-line flags → one validated Config.
// Every default is written here once; a bad value is reported naming the variable or flag.
import { parseArgs } from 'node:util';
import * as v from 'valibot';
import { NO_PROGRESS_SECONDS } from './budgets.ts';

/** `WEB_MCP_MAX_PDF_MB` when unset; the variable may raise it to at most PDF_MAX_MB_LIMIT. */
export const PDF_MAX_MB_DEFAULT = 10;
export const PDF_MAX_MB_LIMIT = 50;

export const TIERS = ['basic', 'standard', 'advanced'] as const;
export type Tier = (typeof TIERS)[number];

export const DEFAULTS = {
  claudeBin: 'claude',
  model: 'haiku',
  concurrency: 2,
  queue: 8,
  cacheMaxMb: 200,
  braveBaseUrl: 'https://api.search.brave.com/res/v1',
  /** Brave's free plan. */
  braveMonthlyQuota: 2000,
} as const;

export interface HttpListen {
  readonly host: string;
  readonly port: number;
  /** True for 127.0.0.0/8, ::1 and localhost. */
  readonly loopback: boolean;
}

export interface Config {
  readonly claudeBin: string;
  readonly model: string;
  readonly concurrency: number;
  readonly queue: number;
  readonly cacheDir: string;
  readonly cacheMaxBytes: number;
  /** Largest PDF the page tools read. */
  readonly maxPdfBytes: number;
  readonly httpToken: string | undefined;
  readonly allowHosts: readonly string[];
  readonly braveKey: string | undefined;
  readonly braveBaseUrl: string;
  /** BRAVE_MONTHLY_QUOTA: the Brave plan's requests a month, for `web-mcp usage` and the log's warning. */
  readonly braveMonthlyQuota: number;
  readonly http: HttpListen | undefined;
  readonly tiers: ReadonlySet<Tier>;
  /** WEB_MCP_CALL_SECONDS: the most any call may take (its budget is capped to it); unset → each tool's own. */
  readonly callSeconds: number | undefined;
  /** WEB_MCP_NO_PROGRESS_SECONDS: the budget of a call whose client sent no progress token (when callSeconds is unset). */
  readonly noProgressSeconds: number;
  /** WEB_MCP_READER: research runs read pages through the server (`server`) or Claude's WebFetch. */
  readonly reader: 'server' | 'webfetch';
}

export type ParsedCli =
  | { readonly kind: 'serve'; readonly config: Config }
  | { readonly kind: 'help' }
  | { readonly kind: 'version' }
  | { readonly kind: 'error'; readonly message: string };

export interface ConfigSources {
  readonly argv: readonly string[];
  readonly env: Readonly<Record<string, string | undefined>>;
  /** 'darwin' | 'win32' | 'linux' | … — only used to pick the default cache directory. */
  readonly platform: string;
  /** Reads a small text file (BRAVE_API_KEY_FILE); throws when it cannot. */
  readonly readTextFile: (path: string) => string;
}

export const USAGE = `web-mcp — web research for AI agents over MCP (stdio by default)

Usage: web-mcp [--http HOST:PORT] [--tiers LIST]
       web-mcp doctor | ask "question" | config <client> | usage   (each has --help)

  --http HOST:PORT   serve MCP over HTTP at POST /mcp instead of stdio
                     (off loopback, WEB_MCP_HTTP_TOKEN is required)
  --tiers LIST       basic | basic,standard | basic,standard,advanced (default: all)
  --help             print this help
  --version          print the version

  doctor             check that it can work here, and what to fix
  ask "question"     ask from the terminal, with live progress
  config <client>    print the set-up for claude-code, mcp-json, vscode, cursor,
                     codex, lm-studio or pi
  usage              what calls spent: today, 7 and 30 days; Brave's quota; the plan

A client that stops tool calls after a fixed time (often 60 s): set
WEB_MCP_CALL_SECONDS (20-300) just under it, e.g. 55; every call then answers in
time, from what it has read so far if need be. A call from a client that asks for
no progress answers within WEB_MCP_NO_PROGRESS_SECONDS (default 55) anyway.

Environment: BRAVE_API_KEY, BRAVE_API_KEY_FILE, BRAVE_BASE_URL, BRAVE_MONTHLY_QUOTA,
CLAUDE_BIN, WEB_MCP_MODEL, WEB_MCP_CONCURRENCY, WEB_MCP_QUEUE, WEB_MCP_CACHE_DIR,
WEB_MCP_CACHE_MAX_MB, WEB_MCP_MAX_PDF_MB, WEB_MCP_HTTP_TOKEN, WEB_MCP_ALLOW_HOSTS,
WEB_MCP_CALL_SECONDS, WEB_MCP_NO_PROGRESS_SECONDS, WEB_MCP_READER`;

/** The line --help ends with: how research runs read pages under this environment. */
export function readerLine(env: Readonly<Record<string, string | undefined>>): string {
  const webfetch = env.WEB_MCP_READER?.trim().toLowerCase() === 'webfetch';
  return webfetch
    ? "Research reads pages with: Claude's WebFetch (WEB_MCP_READER=webfetch)"
    : 'Research reads pages with: this server (WEB_MCP_READER=server, the default)';
}

const intIn = (min: number, max: number) =>
  v.pipe(
    v.string(),
    v.trim(),
    v.regex(/^\d+$/, `must be a whole number from ${min} to ${max}`),
    v.transform(Number),
    v.number(),
    v.minValue(min, `must be a whole number from ${min} to ${max}`),
    v.maxValue(max, `must be a whole number from ${min} to ${max}`),
  );

const nonEmpty = (what: string) => v.pipe(v.string(), v.trim(), v.nonEmpty(`must be ${what}`));

const HOST_PORT = /^[A-Za-z0-9.-]+(?::\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](?::\d{1,5})?$/;

const EnvSchema = v.object({
  CLAUDE_BIN: v.optional(nonEmpty('a command name or path'), DEFAULTS.claudeBin),
  WEB_MCP_MODEL: v.optional(
    v.pipe(v.string(), v.trim(), v.regex(/^[A-Za-z0-9._\-[\]]+$/, 'must be a model alias or id')),
    DEFAULTS.model,
  ),
  WEB_MCP_CONCURRENCY: v.optional(intIn(1, 16), String(DEFAULTS.concurrency)),
  WEB_MCP_QUEUE: v.optional(intIn(0, 1000), String(DEFAULTS.queue)),
  WEB_MCP_CACHE_DIR: v.optional(nonEmpty('a directory path')),
  WEB_MCP_CALL_SECONDS: v.optional(intIn(20, 300)),
  WEB_MCP_NO_PROGRESS_SECONDS: v.optional(intIn(20, 300), String(NO_PROGRESS_SECONDS)),
  WEB_MCP_READER: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.toLowerCase(),
      v.picklist(['server', 'webfetch'], 'must be server or webfetch'),
    ),
    'server',
  ),
  WEB_MCP_CACHE_MAX_MB: v.optional(intIn(1, 100_000), String(DEFAULTS.cacheMaxMb)),
  WEB_MCP_MAX_PDF_MB: v.optional(intIn(1, PDF_MAX_MB_LIMIT), String(PDF_MAX_MB_DEFAULT)),
  WEB_MCP_HTTP_TOKEN: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.minLength(16, 'must be at least 16 characters'),
      v.regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces'),
    ),
  ),
  WEB_MCP_ALLOW_HOSTS: v.optional(
    v.pipe(
      v.string(),
      v.transform((s) =>
        s
          .split(',')
          .map((h) => h.trim().toLowerCase())
          .filter((h) => h !== ''),
      ),
      v.array(v.pipe(v.string(), v.regex(HOST_PORT, 'must be a comma-separated list of host[:port]'))),
    ),
  ),
  BRAVE_API_KEY: v.optional(v.pipe(v.string(), v.trim())),
  BRAVE_API_KEY_FILE: v.optional(nonEmpty('a file path')),
  BRAVE_MONTHLY_QUOTA: v.optional(intIn(1, 100_000_000), String(DEFAULTS.braveMonthlyQuota)),
  BRAVE_BASE_URL: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.url('must be an http(s) URL'),
      v.regex(/^https?:\/\//i, 'must be an http(s) URL'),
    ),
    DEFAULTS.braveBaseUrl,
  ),
});

/** Parses `HOST:PORT` (IPv6 in brackets); port 0 asks for any free port. */
export function parseListen(value: string): HttpListen | string {
  const m = /^(?:\[([0-9A-Fa-f:.]+)\]|([A-Za-z0-9.-]+)):(\d{1,5})$/.exec(value.trim());
  const host = m?.[1] ?? m?.[2];
  const port = Number(m?.[3]);
  if (!m || host === undefined || !Number.isInteger(port) || port > 65535) {
    return `--http must be HOST:PORT, e.g. 127.0.0.1:8787 (got "${value}")`;
  }
  return { host, port, loopback: isLoopbackHost(host) };
}

export function isLoopbackHost(host: string): boolean {
  const h = host.toLowerCase().replace(/\.$/, '');
  return h === 'localhost' || h === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h);
}

export function parseTiers(value: string): ReadonlySet<Tier> | string {
  const names = value.split(',').map((t) => t.trim());
  const bad = names.find((t) => !(TIERS as readonly string[]).includes(t));
  if (bad !== undefined || names.length === 0) {
    return `--tiers must be a comma-separated list of ${TIERS.join(', ')} (got "${value}")`;
  }
  return new Set(names as Tier[]);
}

/** The platform cache directory + /web-mcp (R-K1). */
export function defaultCacheDir(platform: string, env: Readonly<Record<string, string | undefined>>): string {
  const home = env.HOME ?? env.USERPROFILE ?? '.';
  if (platform === 'darwin') return `${home}/Library/Caches/web-mcp`;
  if (platform === 'win32') return `${env.LOCALAPPDATA ?? `${home}\\AppData\\Local`}\\web-mcp`;
  const xdg = env.XDG_CACHE_HOME;
  return `${xdg?.startsWith('/') ? xdg : `${home}/.cache`}/web-mcp`;
}

function firstIssue(issues: readonly v.BaseIssue<unknown>[]): string {
  const issue = issues[0];
  const key = issue?.path?.[0]?.key;
  return `${typeof key === 'string' ? key : 'environment'} ${issue?.message ?? 'is invalid'}`;
}

function parseFlags(argv: readonly string[]) {
  try {
    return parseArgs({
      args: [...argv],
      strict: true,
      allowPositionals: false,
      options: {
        http: { type: 'string' },
        tiers: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
        version: { type: 'boolean', short: 'v' },
      },
    }).values;
  } catch (error) {
    return error instanceof Error ? (error.message.split('\n')[0] ?? 'bad flag') : 'bad flag';
  }
}

/** Reads flags and env into a Config, or a one-line reason naming what is wrong. */
export function parseCli(sources: ConfigSources): ParsedCli {
  const flags = parseFlags(sources.argv);
  if (typeof flags === 'string') return { kind: 'error', message: `${flags}; see web-mcp --help` };
  if (flags.help) return { kind: 'help' };
  if (flags.version) return { kind: 'version' };

  const env = v.safeParse(EnvSchema, sources.env);
  if (!env.success) return { kind: 'error', message: firstIssue(env.issues) };
  const e = env.output;

  let http: HttpListen | undefined;
  if (flags.http !== undefined) {
    const listen = parseListen(flags.http);
    if (typeof listen === 'string') return { kind: 'error', message: listen };
    http = listen;
  }
  const tiers = flags.tiers === undefined ? new Set(TIERS) : parseTiers(flags.tiers);
  if (typeof tiers === 'string') return { kind: 'error', message: tiers };

  if (http && !http.loopback && e.WEB_MCP_HTTP_TOKEN === undefined) {
    return {
      kind: 'error',
      message: `--http ${http.host}:${http.port} is not a loopback address: set WEB_MCP_HTTP_TOKEN to a secret of 16+ characters, or listen on 127.0.0.1`,
    };
  }

  let braveKey = e.BRAVE_API_KEY === '' ? undefined : e.BRAVE_API_KEY;
  if (braveKey === undefined && e.BRAVE_API_KEY_FILE !== undefined) {
    try {
      braveKey = sources.readTextFile(e.BRAVE_API_KEY_FILE).trim() || undefined;
    } catch {
      return {
        kind: 'error',
        message: 'BRAVE_API_KEY_FILE names a file that cannot be read; check the path and its permissions',
      };
    }
    if (braveKey === undefined)
      return { kind: 'error', message: 'BRAVE_API_KEY_FILE names an empty file; put the Brave key in it' };
  }

  return {
    kind: 'serve',
    config: {
      claudeBin: e.CLAUDE_BIN,
      model: e.WEB_MCP_MODEL,
      concurrency: e.WEB_MCP_CONCURRENCY,
      queue: e.WEB_MCP_QUEUE,
      cacheDir: e.WEB_MCP_CACHE_DIR ?? defaultCacheDir(sources.platform, sources.env),
      cacheMaxBytes: e.WEB_MCP_CACHE_MAX_MB * 1024 * 1024,
      maxPdfBytes: e.WEB_MCP_MAX_PDF_MB * 1024 * 1024,
      httpToken: e.WEB_MCP_HTTP_TOKEN,
      allowHosts: e.WEB_MCP_ALLOW_HOSTS ?? [],
      braveKey,
      braveBaseUrl: e.BRAVE_BASE_URL.replace(/\/+$/, ''),
      braveMonthlyQuota: e.BRAVE_MONTHLY_QUOTA,
      http,
      tiers,
      callSeconds: e.WEB_MCP_CALL_SECONDS,
      noProgressSeconds: e.WEB_MCP_NO_PROGRESS_SECONDS,
      reader: e.WEB_MCP_READER,
    },
  };
}
