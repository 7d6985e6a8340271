// Golden snippets for every client (test/fixtures/config/), from the pure builder
// and from the built entry on each runtime with this checkout's path as <ROOT>.
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { CLIENTS, clientSnippet, needsToken, type Target } from '../../src/cli/client-config.ts';
import { fromRegistry, type Installation, launchCommand } from '../../src/cli/launch.ts';
import { entries, ROOT } from '../helpers/entries.ts';
import { runCli } from './run-cli.ts';

const FIXTURES = new URL('../fixtures/config/', import.meta.url);
const CONFIG = { cacheDir: '/home/me/.cache/web-mcp', claudeBin: 'claude' };
/** Stands in for the checkout's path, which the goldens show as <ROOT>. */
const FAKE_ROOT = '/opt/web-mcp';
const local = (runtime: Installation['runtime']): Target => ({
  kind: 'stdio',
  launch: launchCommand({ runtime, root: FAKE_ROOT }, CONFIG),
});

const VARIANTS: Record<string, Target> = {
  node: local('node'),
  bun: local('bun'),
  deno: local('deno'),
  npx: {
    kind: 'stdio',
    launch: launchCommand({ runtime: 'node', root: '/h/.npm/_npx/1a2b/node_modules/web-mcp' }, CONFIG),
  },
  http: { kind: 'http', url: 'http://127.0.0.1:8787/mcp' },
  'http-token': { kind: 'http', url: 'http://192.168.1.20:8787/mcp' },
};

/** UPDATE_GOLDENS=1 rewrites the fixtures from the current output. */
function golden(name: string, actual: string): void {
  const file = new URL(name, FIXTURES);
  if (process.env.UPDATE_GOLDENS) writeFileSync(file, actual);
  assert.equal(actual, readFileSync(file, 'utf8'), name);
}

describe('config snippets', () => {
  for (const client of CLIENTS) {
    for (const [variant, target] of Object.entries(VARIANTS)) {
      it(`${client} (${variant}) matches its golden`, () => {
        golden(
          `${client}.${variant}.txt`,
          clientSnippet(client, target).text.split(FAKE_ROOT).join('<ROOT>'),
        );
      });
    }
  }

  it('parses as what each client reads: JSON for the JSON files, TOML-ish tables for Codex', () => {
    for (const client of ['mcp-json', 'vscode', 'cursor', 'lm-studio', 'pi'] as const) {
      for (const target of Object.values(VARIANTS)) JSON.parse(clientSnippet(client, target).text);
    }
    assert.match(clientSnippet('codex', VARIANTS.deno!).text, /^\[mcp_servers\.web\.env\]$/m);
  });

  it('asks for a token only off loopback', () => {
    assert.equal(needsToken('http://127.0.0.1:8787/mcp'), false);
    assert.equal(needsToken('http://localhost:8787/mcp'), false);
    assert.equal(needsToken('http://[::1]:8787/mcp'), false);
    assert.equal(needsToken('http://10.0.0.2:8787/mcp'), true);
    assert.match(clientSnippet('vscode', VARIANTS['http-token']!).where, /replace <WEB_MCP_HTTP_TOKEN>/);
    assert.match(clientSnippet('codex', VARIANTS['http-token']!).where, /set WEB_MCP_HTTP_TOKEN/);
  });

  it('sends the header on loopback too when a token is in use, as a reference, never the token', () => {
    const target: Target = { kind: 'http', url: 'http://127.0.0.1:8787/mcp', token: true };
    assert.match(
      clientSnippet('claude-code', target).text,
      / --header "Authorization: Bearer \$WEB_MCP_HTTP_TOKEN"$/m,
    );
    assert.match(clientSnippet('codex', target).text, /^bearer_token_env_var = "WEB_MCP_HTTP_TOKEN"$/m);
    for (const client of ['vscode', 'cursor', 'mcp-json', 'lm-studio', 'pi'] as const) {
      const entry = Object.values(JSON.parse(clientSnippet(client, target).text))[0] as {
        web: { headers?: Record<string, string> };
      };
      assert.deepEqual(entry.web.headers, { Authorization: 'Bearer <WEB_MCP_HTTP_TOKEN>' }, client);
    }
    assert.equal(clientSnippet('vscode', { ...target, token: false }).text.includes('Authorization'), false);
  });

  it('names the package instead of a throwaway npx, bunx or Deno cache path', () => {
    assert.equal(
      fromRegistry({ runtime: 'node', root: '/home/me/.npm/_npx/abc/node_modules/web-mcp' }),
      true,
    );
    assert.equal(
      fromRegistry({ runtime: 'bun', root: '/tmp/bunx-1000-web-mcp@latest/node_modules/web-mcp' }),
      true,
    );
    assert.equal(
      fromRegistry({ runtime: 'deno', root: '/home/me/.cache/deno/npm/registry.npmjs.org/web-mcp/0.1.0' }),
      true,
    );
    assert.equal(fromRegistry({ runtime: 'node', root: '/usr/lib/node_modules/web-mcp' }), false);
    assert.deepEqual(
      launchCommand({ runtime: 'bun', root: '/tmp/bunx-1-web-mcp/node_modules/web-mcp' }, CONFIG),
      {
        command: 'bunx',
        args: ['--bun', 'web-mcp'],
        env: {},
      },
    );
  });

  it('lets Deno run a CLAUDE_BIN given as a path', () => {
    const launch = launchCommand(
      { runtime: 'deno', root: '/r' },
      { ...CONFIG, claudeBin: '/opt/claude/bin/claude' },
    );
    assert.ok(
      launch.args.includes('--allow-run=claude,kill,sh,/opt/claude/bin/claude'),
      launch.args.join(' '),
    );
  });
});

for (const entry of entries()) {
  describe(`${entry.runtime}: web-mcp config`, () => {
    const root = ROOT.replace(/\/+$/, '');
    for (const client of CLIENTS) {
      it(`prints the ${client} snippet for this installation and runtime`, async () => {
        const run = await runCli(entry, ['config', client], { HOME: '/home/me' });
        assert.equal(run.code, 0, run.stderr);
        golden(`${client}.${entry.runtime}.txt`, run.stdout.split(root).join('<ROOT>'));
        assert.match(run.stderr, /^web-mcp: /m);
      });
    }

    it('prints the HTTP form with --http and refuses a bad URL or client with exit 2', async () => {
      const http = await runCli(entry, ['config', 'vscode', '--http', 'http://127.0.0.1:8787/mcp']);
      assert.equal(http.code, 0, http.stderr);
      golden('vscode.http.txt', http.stdout);
      const badUrl = await runCli(entry, ['config', 'vscode', '--http', 'ftp://x']);
      assert.equal(badUrl.code, 2);
      assert.equal(badUrl.stdout, '');
      assert.match(badUrl.stderr, /^web-mcp config: --http must be the server's http\(s\) URL[^\n]*\n$/m);
      const secret = 'a-secret-of-twenty-chars';
      const withToken = await runCli(
        entry,
        ['config', 'claude-code', '--http', 'http://127.0.0.1:8787/mcp'],
        {
          WEB_MCP_HTTP_TOKEN: secret,
        },
      );
      assert.equal(withToken.code, 0, withToken.stderr);
      assert.match(withToken.stdout, /--header "Authorization: Bearer \$WEB_MCP_HTTP_TOKEN"/);
      assert.equal(
        `${withToken.stdout}${withToken.stderr}`.includes(secret),
        false,
        'never the token itself',
      );
      const badClient = await runCli(entry, ['config', 'emacs']);
      assert.equal(badClient.code, 2);
      assert.match(badClient.stderr, /name one client: claude-code, mcp-json/);
    });
  });
}
