// A full disk, made for real: a 256 KB tmpfs in a mount namespace of the test's own (root
// only). Writes past its space fail, and none leaves its temp file behind, on every runtime.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { BUN, DENO, ROOT } from '../helpers/entries.ts';

const PROBE = join(ROOT, 'test/cache/helpers/full-disk-probe.ts');
const RUNTIMES = [
  ['node', [process.execPath, '--import', 'tsx', PROBE]],
  ['bun', [BUN, PROBE]],
  ['deno', [DENO, 'run', '-A', '--no-check', PROBE]],
] as const;
const wanted = (process.env.WEB_MCP_TEST_RUNTIMES ?? 'node,bun,deno').split(',').map((s) => s.trim());

function cannot(): string | false {
  if (process.getuid?.() !== 0) return 'needs root to mount a tmpfs in its own mount namespace';
  const probe = spawnSync('unshare', ['--mount', '--propagation', 'private', 'true'], { stdio: 'ignore' });
  return probe.status === 0 ? false : 'unshare --mount is not permitted here';
}

describe('the fs cache driver on a full disk', { skip: cannot() }, () => {
  const dir = mkdtempSync(join(tmpdir(), 'web-mcp-full-disk-'));
  after(() => rmSync(dir, { recursive: true, force: true }));
  for (const [runtime, command] of RUNTIMES) {
    it(`${runtime}: failed writes leave no temp files`, { skip: !wanted.includes(runtime) }, () => {
      const quoted = command.map((w) => `'${w}'`).join(' ');
      const script = `mount -t tmpfs -o size=256k tmpfs '${dir}' && exec ${quoted} '${dir}'`;
      const out = spawnSync('unshare', ['--mount', '--propagation', 'private', 'sh', '-c', script], {
        cwd: ROOT,
        encoding: 'utf8',
        timeout: 60_000,
      });
      assert.equal(out.status, 0, out.stderr);
      const { failed, files } = JSON.parse(out.stdout.trim().split('\n').pop() ?? '{}');
      assert.ok(failed >= 6, `${failed} of 12 writes failed`);
      assert.deepEqual(
        files.filter((f: string) => f.endsWith('.tmp')),
        [],
      );
      assert.equal(files.length, 12 - failed);
    });
  }
});
