// The release checklist holds together: the workflow builds, checks the version is in one
// place, audits, tests, packs and publishes with provenance; the CHANGELOG keeps its
// Unreleased section and one for the current version; `npm version` syncs server.json.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { ROOT } from '../helpers/entries.ts';

const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');

describe('release checklist', () => {
  const workflow = read('.github/workflows/release.yml');
  const pkg = JSON.parse(read('package.json')) as { version: string; scripts: Record<string, string> };

  it('the workflow runs by hand and does each step in order', () => {
    assert.match(workflow, /^on:\n {2}workflow_dispatch:/m);
    assert.match(workflow, /id-token: write/);
    const steps = [
      'npm ci',
      'node scripts/sync-version.mjs --check',
      'node scripts/audit.mjs --require',
      'npm test',
      'npm pack',
      'npm publish web-mcp-*.tgz --provenance',
      'mcp-publisher publish',
    ];
    let at = 0;
    for (const step of steps) {
      const found = workflow.indexOf(step, at);
      assert.ok(found > at, `"${step}" comes after the previous step`);
      at = found;
    }
    assert.match(workflow, /if: \$\{\{ !inputs\.dry-run \}\}\n\s+run: npm publish/);
  });

  it('npm version copies the version into server.json', () => {
    assert.match(pkg.scripts.version ?? '', /node scripts\/sync-version\.mjs/);
  });

  it('the CHANGELOG is keep-a-changelog with Unreleased and the current version', () => {
    const changelog = read('CHANGELOG.md');
    assert.match(changelog, /keepachangelog\.com/);
    assert.match(changelog, /^## \[Unreleased\]/m);
    assert.match(changelog, new RegExp(`^## \\[${pkg.version.replaceAll('.', '\\.')}\\]`, 'm'));
    for (const heading of changelog.matchAll(/^### (.+)$/gm)) {
      assert.ok(
        ['Added', 'Changed', 'Deprecated', 'Removed', 'Fixed', 'Security'].includes(heading[1] ?? ''),
      );
    }
  });
});
