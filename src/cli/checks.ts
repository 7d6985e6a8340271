// The checks `web-mcp doctor` runs, each one a value: ✓ ok, ! warn (works, but
// look at it), ✗ fail (will not work until fixed), with the fix in words.
import * as v from 'valibot';
import { createBrave } from '../brave/client.ts';
import type { Config, HttpListen } from '../config.ts';
import { silentLog } from '../log.ts';
import type { Runtime } from '../runtime.ts';
import { findCommand, olderThan, parseVersion, probeClaude } from './claude-probe.ts';

export type Status = 'ok' | 'warn' | 'fail';

export interface Check {
  readonly name: string;
  readonly status: Status;
  readonly message: string;
  /** What to do, for warn and fail. */
  readonly fix?: string;
  /** Machine-readable facts for --json (never a secret). */
  readonly facts?: Readonly<Record<string, string | number | boolean | null>>;
}

/** The Claude Code release this server was tested against (reference/claude-cli.md). */
export const CLAUDE_TESTED = '2.1.332';
const CLAUDE_TESTED_PARTS = [2, 1, 332] as const;
const INSTALL_CLAUDE = 'install Claude Code (npm i -g @anthropic-ai/claude-code) or point CLAUDE_BIN at it';

export const RUNTIME_MINIMUM: Record<Runtime['name'], string> = {
  node: '20.19.0',
  bun: '1.4.0',
  deno: '2.9.0',
};

export function runtimeCheck(runtime: Pick<Runtime, 'name' | 'version'>): Check {
  const minimum = RUNTIME_MINIMUM[runtime.name];
  const facts = { name: runtime.name, version: runtime.version };
  const parts = parseVersion(runtime.version);
  const min = parseVersion(minimum) ?? [0, 0, 0];
  if (parts && olderThan(parts, min)) {
    const fix = `upgrade ${runtime.name} to ${minimum} or later`;
    return { name: 'runtime', status: 'warn', message: `${runtime.name} ${runtime.version}`, fix, facts };
  }
  return { name: 'runtime', status: 'ok', message: `${runtime.name} ${runtime.version}`, facts };
}

export interface ClaudeFound {
  readonly check: Check;
  readonly runs: boolean;
}

export async function claudeCheck(
  runtime: Pick<Runtime, 'spawn'>,
  claudeBin: string,
  env: Readonly<Record<string, string | undefined>>,
): Promise<ClaudeFound> {
  const path = (await findCommand(claudeBin, env)) ?? null;
  const probe = await probeClaude(runtime, claudeBin, ['--version'], env);
  const fail = (message: string, fix: string) => ({
    check: { name: 'claude', status: 'fail' as const, message, fix, facts: { path, version: null } },
    runs: false,
  });
  if (probe.kind === 'not_started') {
    return probe.reason === 'not_executable'
      ? fail(`${path ?? claudeBin} is not executable`, `make it executable, or ${INSTALL_CLAUDE}`)
      : fail(`"${claudeBin}" was not found${claudeBin.includes('/') ? '' : ' on PATH'}`, INSTALL_CLAUDE);
  }
  if (probe.kind === 'timeout') return fail(`"${claudeBin} --version" did not answer in 5 s`, INSTALL_CLAUDE);
  const version = parseVersion(probe.stdout);
  if (probe.code !== 0 || !version) {
    const said = (probe.stderr.trim() || probe.stdout.trim()).split('\n')[0]?.slice(0, 200) ?? '';
    return fail(`"${claudeBin} --version" failed${said ? `: ${said}` : ''}`, `re${INSTALL_CLAUDE}`);
  }
  const shown = version.join('.');
  const where = path ?? claudeBin;
  const facts = { path, version: shown };
  if (olderThan(version, CLAUDE_TESTED_PARTS)) {
    const fix = `update it (claude update, or npm i -g @anthropic-ai/claude-code); older versions may print what this server cannot read`;
    const message = `${where}, version ${shown}, older than ${CLAUDE_TESTED} (the version tested)`;
    return { check: { name: 'claude', status: 'warn', message, fix, facts }, runs: true };
  }
  return {
    check: { name: 'claude', status: 'ok', message: `${where}, version ${shown}`, facts },
    runs: true,
  };
}

const AuthStatus = v.object({ loggedIn: v.boolean(), authMethod: v.optional(v.string()) });

function readAuth(stdout: string) {
  try {
    const parsed = v.safeParse(AuthStatus, JSON.parse(stdout));
    return parsed.success ? parsed.output : undefined;
  } catch {
    return undefined;
  }
}

/** `claude auth status` only says whether credentials exist; nothing of them is shown. */
export async function signInCheck(
  runtime: Pick<Runtime, 'spawn'>,
  claudeBin: string,
  env: Readonly<Record<string, string | undefined>>,
): Promise<Check> {
  const fix = 'run `claude` once and sign in with your Claude subscription (/login)';
  const probe = await probeClaude(runtime, claudeBin, ['auth', 'status'], env);
  if (probe.kind !== 'exited') {
    const why = probe.kind === 'timeout' ? 'did not answer in 5 s' : 'could not be started';
    return { name: 'sign-in', status: 'fail', message: `"claude auth status" ${why}`, fix };
  }
  const status = readAuth(probe.stdout);
  if (probe.code !== 0 || status?.loggedIn === false) {
    return { name: 'sign-in', status: 'fail', message: 'not signed in', fix, facts: { loggedIn: false } };
  }
  const method = status?.authMethod ? ` (${status.authMethod})` : '';
  return { name: 'sign-in', status: 'ok', message: `signed in${method}`, facts: { loggedIn: true } };
}

export async function braveCheck(
  config: Pick<Config, 'braveKey' | 'braveBaseUrl'>,
  online: boolean,
  fetchFn: typeof fetch,
): Promise<Check> {
  if (config.braveKey === undefined) {
    const fix =
      'optional: set BRAVE_API_KEY (or BRAVE_API_KEY_FILE) for a research head start and web_search';
    return { name: 'brave', status: 'warn', message: 'no key', fix, facts: { key: false } };
  }
  if (!online) {
    const message =
      'key set (not tried; add --online to try it with one search, which counts against its quota)';
    return { name: 'brave', status: 'ok', message, facts: { key: true, checked: false } };
  }
  const brave = createBrave({
    key: config.braveKey,
    baseUrl: config.braveBaseUrl,
    fetch: fetchFn,
    log: silentLog,
  });
  const outcome = await brave.search({ query: 'web-mcp doctor', count: 1 });
  const facts = { key: true, checked: true };
  if (outcome.kind === 'results')
    return { name: 'brave', status: 'ok', message: 'key works (one search)', facts };
  const said = outcome.kind === 'skipped' ? outcome.reason : outcome.message;
  if (outcome.kind === 'error' && outcome.code === 'no_backend') {
    const fix =
      'check BRAVE_API_KEY (or the file BRAVE_API_KEY_FILE names) and the plan at api-dashboard.search.brave.com';
    return { name: 'brave', status: 'fail', message: said, fix, facts };
  }
  return { name: 'brave', status: 'warn', message: said, fix: 'research still works without Brave', facts };
}

export function httpCheck(listen: HttpListen, token: string | undefined): Check {
  const where = `${listen.host.includes(':') ? `[${listen.host}]` : listen.host}:${listen.port}`;
  const facts = { loopback: listen.loopback, token: token !== undefined };
  if (!listen.loopback && token === undefined) {
    const fix =
      'set WEB_MCP_HTTP_TOKEN to a secret of 16+ characters (openssl rand -hex 24), or listen on 127.0.0.1';
    return {
      name: 'http',
      status: 'fail',
      message: `${where} is not a loopback address and no token is set`,
      fix,
      facts,
    };
  }
  if (!listen.loopback) {
    const message = `${where}: clients must send Authorization: Bearer <WEB_MCP_HTTP_TOKEN>`;
    return { name: 'http', status: 'ok', message, facts };
  }
  const tokenNote = token === undefined ? '' : ', and a bearer token (WEB_MCP_HTTP_TOKEN) is required';
  const message = `${where}: loopback; only Host/Origin localhost, 127.0.0.1 or [::1] are served${tokenNote}`;
  return { name: 'http', status: 'ok', message, facts };
}
