// Loopback by address: `--http NAME:PORT` without a token binds only to a loopback address the
// name resolves to, and a name with none is refused. Unit cases with an injected resolver, then
// the real entry in a private network and mount namespace (root, `unshare`, only `lo`) whose
// hosts file maps localhost to 11.22.33.44 (added to lo), alone or beside 127.0.0.1.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { bindAddress } from '../../src/process/listen-address.ts';
import { entries, ROOT } from '../helpers/entries.ts';

const listen = (host: string) => ({ host, port: 8787, loopback: true });
const resolver = (addresses: string[]) => async () => addresses;

describe('bindAddress', () => {
  it('binds a name to its first loopback address when there is no token', async () => {
    assert.deepEqual(await bindAddress(listen('localhost'), undefined, resolver(['::1', '127.0.0.1'])), {
      host: '::1',
      loopback: true,
    });
    assert.deepEqual(
      await bindAddress(listen('localhost'), undefined, resolver(['11.22.33.44', '127.0.0.1'])),
      {
        host: '127.0.0.1',
        loopback: true,
      },
    );
  });
  it('refuses a name without a loopback address when there is no token', async () => {
    const out = await bindAddress(listen('localhost'), undefined, resolver(['11.22.33.44']));
    assert.equal(
      out,
      '--http localhost:8787: localhost resolves to 11.22.33.44, not a loopback address: set WEB_MCP_HTTP_TOKEN to a secret of 16+ characters, or listen on 127.0.0.1',
    );
    const none = await bindAddress(listen('nowhere.test'), undefined, async () => {
      throw new Error('ENOTFOUND');
    });
    assert.match(String(none), /nowhere\.test resolves to no address, not a loopback address/);
  });
  it('with a token, binds the name as given; IP literals bind as given', async () => {
    assert.deepEqual(
      await bindAddress(listen('localhost'), 'a-token-of-16-chars', resolver(['11.22.33.44'])),
      {
        host: 'localhost',
        loopback: false,
      },
    );
    const never = async (): Promise<string[]> => assert.fail('an IP literal is not resolved');
    assert.deepEqual(await bindAddress(listen('127.0.0.1'), undefined, never), {
      host: '127.0.0.1',
      loopback: true,
    });
  });
});

function skipReason(): string | false {
  if (process.platform !== 'linux') return 'needs Linux network namespaces';
  if (process.getuid?.() !== 0)
    return 'needs root to make a network namespace (unshare --net); CI runs as root';
  const probe = spawnSync('unshare', ['--net', '--mount', '--propagation', 'private', 'true'], {
    stdio: 'ignore',
  });
  return probe.status === 0 ? false : 'unshare --net --mount is not permitted here';
}

const SETUP =
  'set -e; ip link set lo up; ip addr add 11.22.33.44/32 dev lo; mount --bind "$1" /etc/hosts; shift; exec "$@"';

function inNamespace(hosts: string, command: string, args: readonly string[]): Record<string, unknown> {
  const dir = mkdtempSync(join(tmpdir(), 'web-mcp-bind-'));
  try {
    const file = join(dir, 'hosts');
    writeFileSync(file, hosts);
    const probe = [process.execPath, '--import', 'tsx', join(ROOT, 'test/runtime/helpers/bind-probe.ts')];
    const out = spawnSync(
      'unshare',
      [
        '--net',
        '--mount',
        '--propagation',
        'private',
        'sh',
        '-c',
        SETUP,
        'setup',
        file,
        ...probe,
        command,
        ...args,
      ],
      {
        cwd: ROOT,
        encoding: 'utf8',
        timeout: 30_000,
        env: { ...process.env, HOME: dir, WEB_MCP_CACHE_DIR: dir },
      },
    );
    const line = out.stdout.trim().split('\n').at(-1) ?? '';
    assert.ok(line.startsWith('{'), `probe said: ${out.stdout}${out.stderr}`);
    return JSON.parse(line) as Record<string, unknown>;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('--http localhost:P with a hosts file mapping localhost elsewhere', { skip: skipReason() }, () => {
  for (const entry of entries()) {
    it(`${entry.runtime}: refused without a token when localhost maps only elsewhere`, () => {
      const out = inNamespace('11.22.33.44 localhost\n', entry.command, entry.args);
      assert.equal(out.exit, 2, JSON.stringify(out));
      assert.match(String(out.stderr), /localhost resolves to 11\.22\.33\.44, not a loopback address/);
    });
    it(`${entry.runtime}: bound to loopback only when localhost maps to both`, () => {
      const out = inNamespace('11.22.33.44 localhost\n127.0.0.1 localhost\n', entry.command, entry.args);
      assert.deepEqual(out, { listening: '127.0.0.1', loopback: true, other: false });
    });
  }
});
