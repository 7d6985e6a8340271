// server.json, the MCP Registry's description of this server: valid against the registry's
// schema (a copy in test/fixtures/mcp-registry), at package.json's version, naming the npm
// package, and listing exactly the environment variables web-mcp reads, secrets marked.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { USAGE } from '../../src/config.ts';
import { ROOT } from '../helpers/entries.ts';

interface EnvVar {
  name: string;
  description?: string;
  isSecret?: boolean;
}
interface ServerJson {
  $schema: string;
  name: string;
  version: string;
  description: string;
  packages: { registryType: string; identifier: string; version: string; environmentVariables: EnvVar[] }[];
}

const read = (path: string): unknown => JSON.parse(readFileSync(join(ROOT, path), 'utf8'));
const server = read('server.json') as ServerJson;
const pkg = read('package.json') as { name: string; version: string; mcpName: string };

function validator() {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  return ajv.compile(read('test/fixtures/mcp-registry/server.schema.json') as object);
}

describe('server.json', () => {
  it("is valid against the MCP Registry's server.json schema", () => {
    const validate = validator();
    assert.equal(validate(server), true, JSON.stringify(validate.errors, null, 2));
    assert.equal(
      server.$schema,
      'https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json',
    );
  });

  it('the schema rejects what the registry rejects (a "latest" version, a long description, no name)', () => {
    const validate = validator();
    const bad = [
      { ...server, packages: [{ ...server.packages[0], version: 'latest' }] },
      { ...server, description: 'x'.repeat(101) },
      { ...server, name: 'no-namespace' },
    ];
    for (const doc of bad) assert.equal(validate(doc), false, JSON.stringify(doc).slice(0, 120));
  });

  it("is at package.json's version, names the npm package and its mcpName", () => {
    assert.equal(server.version, pkg.version);
    assert.equal(server.name, pkg.mcpName);
    const npm = server.packages.find((p) => p.registryType === 'npm');
    assert.equal(npm?.identifier, pkg.name);
    assert.equal(npm?.version, pkg.version);
    const check = spawnSync(process.execPath, ['scripts/sync-version.mjs', '--check'], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    assert.equal(check.status, 0, check.stderr);
  });

  it('lists exactly the environment variables of the README and --help, each described, secrets marked', () => {
    const vars = server.packages[0]?.environmentVariables ?? [];
    const names = vars.map((v) => v.name).sort();
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const table = readme.slice(
      readme.indexOf('## Configuration'),
      readme.indexOf('\n## ', readme.indexOf('## Configuration') + 1),
    );
    const documented = [...table.matchAll(/^\| `([A-Z0-9_]+)` \|/gm)].map((m) => m[1]).sort();
    assert.deepEqual(
      names,
      documented,
      'server.json and the README Configuration table list the same variables',
    );
    const help = (/Environment: ([\s\S]*?)$/.exec(USAGE)?.[1] ?? '')
      .split(/[\s,]+/)
      .filter(Boolean)
      .sort();
    assert.deepEqual(names, help, 'server.json and --help list the same variables');
    for (const v of vars) assert.ok((v.description ?? '').length > 10, `${v.name} is described`);
    const secrets = vars
      .filter((v) => v.isSecret === true)
      .map((v) => v.name)
      .sort();
    assert.deepEqual(secrets, ['BRAVE_API_KEY', 'WEB_MCP_HTTP_TOKEN']);
  });

  it('npm version keeps it in step: sync-version copies the version from package.json', () => {
    const dir = mkdtempSync(join(tmpdir(), 'web-mcp-version-'));
    try {
      cpSync(join(ROOT, 'server.json'), join(dir, 'server.json'));
      writeFileSync(join(dir, 'package.json'), JSON.stringify({ ...pkg, version: '9.8.7' }));
      const stale = spawnSync(process.execPath, [join(ROOT, 'scripts/sync-version.mjs'), '--check'], {
        cwd: dir,
        encoding: 'utf8',
      });
      assert.equal(stale.status, 1);
      assert.match(stale.stderr, /not at package\.json's version 9\.8\.7/);
      const synced = spawnSync(process.execPath, [join(ROOT, 'scripts/sync-version.mjs')], {
        cwd: dir,
        encoding: 'utf8',
      });
      assert.equal(synced.status, 0, synced.stderr);
      const after = JSON.parse(readFileSync(join(dir, 'server.json'), 'utf8')) as ServerJson;
      assert.equal(after.version, '9.8.7');
      assert.deepEqual(
        after.packages.map((p) => p.version),
        ['9.8.7'],
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
