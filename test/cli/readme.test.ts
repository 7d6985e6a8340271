// The README's client set-ups are what `web-mcp config` prints for a clone (the
// package is not published yet), so the two cannot drift apart.
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
  const clone = launchCommand(
    { runtime: 'node', root: '/home/me/web-mcp' },
    { cacheDir: '/home/me/.cache/web-mcp', claudeBin: 'claude' },
  );
  const setUp = section('Set up your client');

  for (const client of CLIENTS) {
    it(`shows the ${client} snippet exactly as web-mcp config prints it`, () => {
      const text = clientSnippet(client, { kind: 'stdio', launch: clone }).text;
      const fenced = /```(?:sh|json|toml)\n([\s\S]*?)```/g;
      const blocks = [...setUp.matchAll(fenced)].map((m) => m[1]);
      assert.ok(blocks.includes(text), `missing or stale:\n${text}`);
    });
  }

  it('says the package is not published, and offers no registry command as the way in', () => {
    const intro = README.slice(0, README.indexOf('\n## '));
    assert.match(intro, /not published yet/);
    for (const line of intro.split('\n').filter((l) => /npx|bunx|npm:web-mcp/.test(l))) {
      assert.match(`${line} ${intro}`, /[Oo]nce it is on npm/, line);
    }
    assert.doesNotMatch(
      README.slice(README.indexOf('\n## ')),
      /npx -y web-mcp|bunx --bun web-mcp|npm:web-mcp/,
    );
  });

  it('has "Check your set-up" right after "Requirements", using doctor', () => {
    const titles = [...README.matchAll(/^## (.+)$/gm)].map((m) => m[1]);
    assert.equal(titles[titles.indexOf('Requirements') + 1], 'Check your set-up');
    assert.match(section('Check your set-up'), /web-mcp(?:\.js)? doctor/);
  });

  it('names every error code a tool can answer with', () => {
    const replies = section('Replies');
    for (const code of ERROR_CODES) assert.ok(replies.includes(`\`${code}\``), code);
  });

  it('has a License section naming the license of LICENSE and package.json', () => {
    const license = readFileSync(new URL('../../LICENSE', import.meta.url), 'utf8');
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
      license: string;
    };
    assert.match(license, new RegExp(`^${pkg.license} License`));
    assert.match(section('License'), new RegExp(`\\b${pkg.license}\\b.*\\(LICENSE\\)`));
  });

  it('says what a call spends (in short here, in full in docs/usage.md), each point backed by a test elsewhere', () => {
    const spends = section('What a call spends');
    assert.match(spends, /\(docs\/usage\.md\)/);
    assert.match(spends, /one request per uncached research call/);
    assert.match(spends, /`rate_limited` at once with the reset time/);
    assert.match(section('Replies'), /runs low on code/);
    // Claude runs per uncached call and Brave requests per call: test/integration/first-call.test.ts;
    // recency to Brave freshness: test/brave/client.test.ts; to the prompt: test/research/prompts.test.ts.
    const full = readFileSync(new URL('../../docs/usage.md', import.meta.url), 'utf8');
    for (const claim of [
      /usage limits/,
      /one Brave request/,
      /recency.*exact for Brave/s,
      /runs low on code/,
    ]) {
      assert.match(full, claim);
    }
  });
});
