// The subcommands for people — doctor, ask, config — behind one dispatcher:
// node:util parseArgs per command, a one-line reason and exit 2 for a bad flag.
import { type ParseArgsConfig, parseArgs } from 'node:util';
import { parseCli, parseListen } from '../config.ts';
import { runAsk } from './ask.ts';
import { CLIENTS, clientSnippet } from './client-config.ts';
import { runDoctor } from './doctor.ts';
import { HELP } from './help.ts';
import type { CliIo } from './io.ts';
import { launchCommand } from './launch.ts';
import { runUsage } from './usage.ts';

export const COMMANDS = ['doctor', 'ask', 'config', 'usage'] as const;
export type Command = (typeof COMMANDS)[number];

/** A first word that is not a flag names a subcommand (known or not); flags alone mean "serve". */
export function isCommandLine(argv: readonly string[]): boolean {
  const first = argv[0];
  return first !== undefined && !first.startsWith('-');
}

class UsageError extends Error {}

function parse<O extends NonNullable<ParseArgsConfig['options']>>(args: readonly string[], options: O) {
  try {
    return parseArgs({ args: [...args], options, strict: true, allowPositionals: true });
  } catch (error) {
    throw new UsageError(
      error instanceof Error ? (error.message.split(/\.\s|\n/)[0] ?? 'bad flag') : 'bad flag',
    );
  }
}

const HELP_FLAG = { help: { type: 'boolean', short: 'h' } } as const;

async function doctor(io: CliIo, args: readonly string[]): Promise<number> {
  const { values, positionals } = parse(args, {
    ...HELP_FLAG,
    json: { type: 'boolean' },
    online: { type: 'boolean' },
    http: { type: 'string' },
  });
  if (values.help) return help(io, 'doctor');
  if (positionals.length > 0) throw new UsageError(`unexpected argument "${positionals[0]}"`);
  const http = values.http === undefined ? undefined : parseListen(values.http);
  if (typeof http === 'string') throw new UsageError(http);
  const options = { json: values.json ?? false, online: values.online ?? false, http };
  const interrupted = new Promise<number>((resolve) =>
    io.interrupt.addEventListener('abort', () => resolve(130), { once: true }),
  );
  return Promise.race([
    runDoctor({ ...io, sources: { ...io.sources, argv: [] } }, options, io.out),
    interrupted,
  ]);
}

async function ask(io: CliIo, args: readonly string[]): Promise<number> {
  const { values, positionals } = parse(args, {
    ...HELP_FLAG,
    goal: { type: 'string' },
    tool: { type: 'string' },
    url: { type: 'string' },
    'max-tokens': { type: 'string' },
    format: { type: 'string' },
  });
  if (values.help) return help(io, 'ask');
  const question = positionals.length > 0 ? positionals.join(' ') : undefined;
  return runAsk(io, {
    question,
    goal: values.goal,
    url: values.url,
    tool: values.tool,
    maxTokens: values['max-tokens'],
    format: values.format,
  });
}

function httpUrl(value: string): string {
  const url = URL.canParse(value) ? new URL(value) : undefined;
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:'))
    throw new UsageError(
      `--http must be the server's http(s) URL, e.g. http://127.0.0.1:8787/mcp (got "${value}")`,
    );
  return url.href;
}

async function config(io: CliIo, args: readonly string[]): Promise<number> {
  const { values, positionals } = parse(args, { ...HELP_FLAG, http: { type: 'string' } });
  if (values.help) return help(io, 'config');
  const [name, extra] = positionals;
  const client = CLIENTS.find((c) => c === name);
  if (name === undefined || client === undefined || extra !== undefined) {
    const got = name === undefined ? 'none' : `"${extra ?? name}"`;
    throw new UsageError(`name one client: ${CLIENTS.join(', ')} (got ${got})`);
  }
  const parsed = parseCli({ ...io.sources, argv: [] });
  if (parsed.kind !== 'serve')
    throw new UsageError(parsed.kind === 'error' ? parsed.message : 'bad configuration');
  const snippet = clientSnippet(
    client,
    values.http === undefined
      ? { kind: 'stdio', launch: launchCommand({ runtime: io.runtime.name, root: io.root }, parsed.config) }
      : { kind: 'http', url: httpUrl(values.http), token: parsed.config.httpToken !== undefined },
  );
  io.out(snippet.text);
  io.err(`web-mcp: ${snippet.where}\n`);
  return 0;
}

async function usage(io: CliIo, args: readonly string[]): Promise<number> {
  const { values, positionals } = parse(args, { ...HELP_FLAG, json: { type: 'boolean' } });
  if (values.help) return help(io, 'usage');
  if (positionals.length > 0) throw new UsageError(`unexpected argument "${positionals[0]}"`);
  return runUsage(
    { ...io, sources: { ...io.sources, argv: [] } },
    { json: values.json ?? false },
    io.out,
    io.err,
  );
}

function help(io: CliIo, command: Command): number {
  io.out(`${HELP[command]}\n`);
  return 0;
}

const RUN: Record<Command, (io: CliIo, args: readonly string[]) => Promise<number>> = {
  doctor,
  ask,
  config,
  usage,
};

/** Runs `argv[0]` with the rest; resolves with the exit code. */
export async function runCommand(io: CliIo): Promise<number> {
  const [name = '', ...args] = io.sources.argv;
  const command = COMMANDS.find((c) => c === name);
  if (command === undefined) {
    io.err(`web-mcp: unknown command "${name}"; commands: ${COMMANDS.join(', ')} (see web-mcp --help)\n`);
    return 2;
  }
  try {
    return await RUN[command](io, args);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.err(`web-mcp ${command}: ${error.message}; see web-mcp ${command} --help\n`);
    return 2;
  }
}
