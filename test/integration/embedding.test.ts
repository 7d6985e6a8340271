// docs/embedding.md's example, as an embedder meets it: type-checked against the built
// package (dist/mod.d.ts, dist/node/runtime.d.ts) from a project that depends on it, then
// started and called with the v2 client, its own tool and web-mcp's, against the fake claude.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { ROOT } from '../helpers/entries.ts';
import { type Sandbox, sandbox } from '../helpers/fake-claude-env.ts';
import { connectStdio } from '../helpers/mcp-client.ts';

const TSC = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
type Content = { type: string; text?: string }[];
const text = (result: { content?: unknown }) =>
  ((result.content ?? []) as Content).map((c) => c.text ?? '').join('\n');

/** The one ts block of docs/embedding.md. */
function example(): string {
  const page = readFileSync(join(ROOT, 'docs', 'embedding.md'), 'utf8');
  const blocks = [...page.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1] ?? '');
  assert.equal(blocks.length, 1, 'docs/embedding.md has one ts example');
  return blocks[0] ?? '';
}

const typeCheck = (dir: string) => spawnSync(process.execPath, [TSC, '-p', dir], { encoding: 'utf8' });

describe('embedding web-mcp tools in your own server (docs/embedding.md)', () => {
  let dir: string;
  let box: Sandbox;
  before(() => {
    for (const built of ['dist/mod.js', 'dist/mod.d.ts', 'dist/node/runtime.js', 'dist/node/runtime.d.ts'])
      assert.ok(existsSync(join(ROOT, built)), `${built} is missing: run node scripts/build.mjs`);
    // A project depending on web-mcp (this clone) and the SDK, as `npm install ../web-mcp` leaves it.
    dir = mkdtempSync(join(tmpdir(), 'web-mcp-embed-'));
    mkdirSync(join(dir, 'node_modules'));
    symlinkSync(ROOT, join(dir, 'node_modules', 'web-mcp'));
    for (const dep of ['@modelcontextprotocol', '@types', 'tsx'])
      symlinkSync(join(ROOT, 'node_modules', dep), join(dir, 'node_modules', dep));
    writeFileSync(
      join(dir, 'package.json'),
      JSON.stringify({ name: 'my-server', private: true, type: 'module' }),
    );
    writeFileSync(
      join(dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2023',
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          lib: ['ES2023', 'DOM'],
          types: ['node'],
          strict: true,
          skipLibCheck: true,
          noEmit: true,
        },
        files: ['my-server.ts'],
      }),
    );
    box = sandbox();
  });
  after(() => {
    box?.remove();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('type-checks, and a misuse of the API does not', () => {
    writeFileSync(join(dir, 'my-server.ts'), `${example()}const wrong: number = services.tools;\n`);
    const bad = typeCheck(dir);
    assert.notEqual(bad.status, 0, 'a type error is reported: the declarations are not `any`');
    assert.match(bad.stdout, /TS2322: Type 'readonly ToolDef/);
    writeFileSync(join(dir, 'my-server.ts'), example());
    const ok = typeCheck(dir);
    assert.equal(ok.status, 0, ok.stdout);
  });

  it("runs: the v2 client lists and calls the server's own tool and web-mcp's", async () => {
    writeFileSync(join(dir, 'my-server.ts'), example());
    const entry = {
      runtime: 'node' as const,
      command: process.execPath,
      args: ['--import', 'tsx', 'my-server.ts'],
    };
    const session = await connectStdio(entry, 'modern', { env: box.env(), cwd: dir });
    try {
      const { tools } = await session.client.listTools();
      const names = tools.map((t) => t.name).sort();
      // --tiers basic,standard, no Brave key: no web_investigate, no web_search.
      assert.deepEqual(names, ['server_time', 'web_lookup', 'web_page', 'web_read', 'web_research']);
      const time = await session.client.callTool({ name: 'server_time', arguments: {} });
      assert.match(text(time), /^\d{4}-\d\d-\d\dT/);
      const answer = await session.client.callTool({
        name: 'web_lookup',
        arguments: { question: 'What is example.com for?' },
      });
      assert.equal(answer.isError ?? false, false, text(answer) + session.stderr());
      assert.match(text(answer), /Example Domain is reserved/);
      assert.equal(box.runs().length, 1, 'one claude run, the fake');
      const bad = await session.client.callTool({ name: 'web_lookup', arguments: { question: 7 } });
      assert.equal(bad.isError, true);
      assert.match(text(bad), /^invalid_input: question/);
    } finally {
      await session.close();
    }
    assert.deepEqual(box.leftoverRunDirs(), []);
  });
});
