// A new user's path through a fresh clone: the README's own set-up, run, doctor, ask and
// config commands, read from the README and run as written (a documented command that fails
// fails here), and Deno started the documented way (`deno task start`, `deno task start:http`)
// with node_modules present, every tool as a process's first call. One clone serves all.
// The clone is of HEAD plus uncommitted changes to tracked files (`git stash create`).
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { CLIENTS } from '../../src/cli/client-config.ts';
import { BUN, DENO, ROOT } from '../helpers/entries.ts';
import { type Sandbox, sandbox } from '../helpers/fake-claude-env.ts';
import {
  CLIENT_KINDS,
  type FirstCallWorld,
  firstCall,
  type Launch,
  startFirstCallWorld,
  toolCases,
} from '../helpers/first-call.ts';
import { baseEnv, connectHttp, listening } from '../helpers/mcp-client.ts';
import { sh, show, stop } from '../helpers/shell.ts';

/** `command  # comment` lines of the README's sh blocks in one section (or before the first). */
function readmeCommands(readme: string, section: string | undefined): { command: string; comment: string }[] {
  const start = section === undefined ? 0 : readme.indexOf(`\n## ${section}\n`);
  assert.notEqual(start, -1, `README has no "## ${section}" section`);
  const end = readme.indexOf('\n## ', start + 1);
  const text = readme.slice(start, end === -1 ? undefined : end);
  const blocks = [...text.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1] ?? '');
  return blocks.flatMap((block) =>
    block
      .split('\n')
      .filter((line) => line.trim() !== '' && !line.startsWith('#'))
      .map((line) => {
        const [command = '', comment = ''] = line.split(/\s+#\s+/, 2);
        return { command: command.trim(), comment: comment.trim() };
      }),
  );
}

let clone: string;
let readme: string;
let world: FirstCallWorld;
const boxes: Sandbox[] = [];
const newBox = () => {
  const b = sandbox();
  boxes.push(b);
  return b;
};
/** What a user's shell holds for a command in the clone: the fake claude first on PATH, no registry for npx. */
const userEnv = (b: Sandbox) => baseEnv(b.env({ ...world.env, npm_config_offline: 'true' }));

before(async () => {
  world = await startFirstCallWorld();
  clone = join(mkdtempSync(join(tmpdir(), 'web-mcp-clone-')), 'web-mcp');
  const git = (args: string[], cwd = ROOT) =>
    sh(`git ${args.join(' ')}`, cwd, { ...process.env } as Record<string, string>);
  const stash = (await git(['stash', 'create'])).stdout.trim();
  assert.equal((await git(['clone', '--quiet', ROOT, clone])).code, 0, 'git clone');
  if (stash !== '') assert.equal((await git(['checkout', '--quiet', '--detach', stash], clone)).code, 0);
  readme = readFileSync(join(clone, 'README.md'), 'utf8');
  // The README's set-up line, as written; the npm cache makes it quick where it can.
  const setUp = readmeCommands(readme, undefined).find((c) => c.comment.startsWith('set up'));
  assert.ok(setUp, 'the README opens with a set-up command');
  const env = {
    ...(process.env as Record<string, string>),
    npm_config_prefer_offline: 'true',
    npm_config_audit: 'false',
    npm_config_fund: 'false',
  };
  const ran = await sh(setUp.command, clone, env, 600_000);
  assert.equal(ran.code, 0, show(setUp.command, ran));
});

after(async () => {
  await world?.close();
  for (const b of boxes) b.remove();
  if (clone) rmSync(join(clone, '..'), { recursive: true, force: true });
});

describe('the README in a fresh clone', () => {
  it('its run command starts an MCP server that lists the tools', async () => {
    const run = readmeCommands(readme, undefined).find((c) => c.comment.startsWith('run'));
    assert.ok(run, 'the README says how to run the server');
    const [command = '', ...args] = run.command.split(/\s+/);
    const out = await firstCall(
      { command, args, env: userEnv(newBox()), cwd: clone },
      'v1 sdk',
      'web_search',
      {
        query: 'tapir',
      },
    );
    assert.equal(out.isError, false, out.text + out.stderr);
  });

  it('its doctor and ask commands succeed as written', async () => {
    const commands = readmeCommands(readme, 'Check your set-up').map((c) => c.command);
    assert.ok(commands.some((c) => / doctor\b/.test(c)));
    assert.equal(commands.filter((c) => / ask /.test(c)).length, 3);
    for (const written of commands) {
      // The README's example page is on the public web: the loopback page stands in for it.
      const command = written.replace(/https?:\/\/\S+/g, world.pageUrl);
      const ran = await sh(command, clone, userEnv(newBox()));
      assert.equal(ran.code, 0, show(command, ran));
      assert.match(ran.stdout, /\S/, command);
      assert.doesNotMatch(ran.stderr, /warning|error/i, show(command, ran));
    }
  });

  it('web-mcp config prints, for every client it names, a set-up for this clone; the mcp.json one starts', async () => {
    const named = section(readme, 'Set up your client');
    const webMcp = readmeCommands(readme, undefined).find((c) => c.comment.startsWith('run'))?.command;
    assert.ok(webMcp, 'the README says how to run the server');
    for (const client of CLIENTS) {
      assert.ok(named.includes(`\`${client}\``), `the README names ${client}`);
      const command: string = `${webMcp} config ${client}`;
      const ran = await sh(command, clone, userEnv(newBox()));
      assert.equal(ran.code, 0, show(command, ran));
      assert.ok(ran.stdout.includes(join(clone, 'bin', 'web-mcp.js')), show(command, ran));
    }
    const printed = await sh(`${webMcp} config mcp-json`, clone, userEnv(newBox()));
    const server = (
      JSON.parse(printed.stdout) as { mcpServers: { web: { command: string; args: string[] } } }
    ).mcpServers.web;
    const out = await firstCall(
      { command: server.command, args: server.args, env: userEnv(newBox()) },
      'v2 legacy',
      'web_search',
      { query: 'tapir' },
    );
    assert.equal(out.isError, false, out.text + out.stderr);
  });
});

function section(text: string, title: string): string {
  const start = text.indexOf(`\n## ${title}\n`);
  const end = text.indexOf('\n## ', start + 1);
  return text.slice(start, end === -1 ? undefined : end);
}

describe('bun from a fresh clone (docs/runtimes.md)', () => {
  it('bun bin/web-mcp.js serves a tool call as the first call', async () => {
    const runtimes = readFileSync(join(clone, 'docs', 'runtimes.md'), 'utf8');
    assert.match(runtimes, /\*\*Bun\*\*: `bun bin\/web-mcp\.js`/);
    const launch: Launch = { command: BUN, args: ['bin/web-mcp.js'], env: userEnv(newBox()), cwd: clone };
    const out = await firstCall(launch, 'v1 sdk', 'web_search', { query: 'tapir' });
    assert.equal(out.isError, false, out.text + out.stderr);
  });
});

describe('deno task from a fresh clone with node_modules', () => {
  /** HOME is the sandbox: the tasks keep their cache in $HOME/.cache/web-mcp. */
  const denoEnv = (b: Sandbox) => baseEnv(b.env({ ...world.env, HOME: b.dir }));

  for (const [t, tool] of toolCases('').entries()) {
    const kind = CLIENT_KINDS[t % CLIENT_KINDS.length] ?? 'v1 sdk';
    it(`deno task start: ${tool.name} as the first call (${kind})`, async () => {
      const args = 'url' in tool.args ? { ...tool.args, url: world.pageUrl } : tool.args;
      const launch: Launch = { command: DENO, args: ['task', 'start'], env: denoEnv(newBox()), cwd: clone };
      const out = await firstCall(launch, kind, tool.name, args);
      assert.equal(out.isError, false, `${out.text}\n${out.stderr}`);
      assert.match(out.text, tool.expect, out.text);
    });
  }

  it('deno task start:http answers tools/list', async () => {
    // Arguments after the task name are appended: the last --http wins, so a free port is used.
    const child = spawn(DENO, ['task', 'start:http', '--http', '127.0.0.1:0'], {
      cwd: clone,
      env: denoEnv(newBox()),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      const url = await listening(child, 60_000);
      const client = await connectHttp(url, 'modern');
      try {
        const { tools } = await client.listTools();
        assert.ok(tools.some((t) => t.name === 'web_search'));
      } finally {
        await client.close();
      }
    } finally {
      await stop(child);
    }
  });
});
