// The README's client set-ups are what `web-mcp config` prints for a registry
// install (npx), so the two cannot drift apart.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { CLIENTS, clientSnippet } from '../../src/cli/client-config.ts';
import { launchCommand } from '../../src/cli/launch.ts';
import { ERROR_CODES } from '../../src/errors.ts';

const README = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
const section = (title: string) => {
  const start = README.indexOf(`## ${title}\n`);
  assert.notEqual(start, -1, `README has no "## ${title}" section`);
  const end = README.indexOf('\n## ', start + 1);
  return README.slice(start, end === -1 ? undefined : end);
};

describe('README', () => {
  const npx = launchCommand(
    { runtime: 'node', root: '/home/me/.npm/_npx/0a1b/node_modules/web-mcp' },
    { cacheDir: '/home/me/.cache/web-mcp', claudeBin: 'claude' },
  );
  const setUp = section('Set up your client');

  for (const client of CLIENTS) {
    it(`shows the ${client} snippet exactly as web-mcp config prints it`, () => {
      const text = clientSnippet(client, { kind: 'stdio', launch: npx }).text;
      const fenced = /```(?:sh|json|toml)\n([\s\S]*?)```/g;
      const blocks = [...setUp.matchAll(fenced)].map((m) => m[1]);
      assert.ok(blocks.includes(text), `missing or stale:\n${text}`);
    });
  }

  it('has "Check your set-up" right after "Requirements", using doctor', () => {
    const titles = [...README.matchAll(/^## (.+)$/gm)].map((m) => m[1]);
    assert.equal(titles[titles.indexOf('Requirements') + 1], 'Check your set-up');
    assert.match(section('Check your set-up'), /web-mcp doctor/);
  });

  it('names every error code a tool can answer with', () => {
    const replies = section('Replies');
    for (const code of ERROR_CODES) assert.ok(replies.includes(`\`${code}\``), code);
  });
});
