// The check the page fetch applies at every connection (connectGuard), and how
// safeFetch reports a connection the guard refused.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isToolError } from '../../src/errors.ts';
import { connectGuard } from '../../src/page/fetch/address.ts';
import { safeFetch } from '../../src/page/fetch/safe-fetch.ts';
import { ConnectRefused, type ConnectTarget } from '../../src/runtime.ts';

const target = (hostname: string, port = 80, protocol: 'http:' | 'https:' = 'http:'): ConnectTarget => ({
  protocol,
  hostname,
  port,
});
const noDns = async (name: string): Promise<readonly string[]> => {
  throw new Error(`no DNS in this test (${name})`);
};

describe('connectGuard', () => {
  const guard = connectGuard({ resolve: noDns, allowHosts: ['intranet.test', '10.0.0.5:8080'] });

  it('accepts public addresses and refuses every other kind', () => {
    assert.equal(guard.refuse(target('example.com'), '93.184.215.14'), undefined);
    assert.equal(guard.refuse(target('example.com'), '2606:2800:21f:cb07:6820:80da:af6b:8b2c'), undefined);
    assert.match(guard.refuse(target('evil.test'), '127.0.0.1') ?? '', /loopback/);
    assert.match(guard.refuse(target('evil.test'), '10.1.2.3') ?? '', /private/);
    assert.match(guard.refuse(target('evil.test'), '::ffff:127.0.0.1') ?? '', /IPv4-mapped/);
    assert.match(guard.refuse(target('evil.test'), 'not-an-ip') ?? '', /not an IP/);
    assert.match(guard.refuse(target('a.localhost'), '93.184.215.14') ?? '', /localhost/);
  });

  it('accepts any address of an allow-listed host on exactly its port', () => {
    assert.equal(guard.refuse(target('intranet.test'), '10.1.2.3'), undefined);
    assert.equal(guard.refuse(target('intranet.test', 443, 'https:'), '10.1.2.3'), undefined);
    assert.match(guard.refuse(target('intranet.test', 8080), '10.1.2.3') ?? '', /private/);
    assert.equal(guard.refuse(target('10.0.0.5', 8080), '10.0.0.5'), undefined);
    assert.match(guard.refuse(target('10.0.0.5', 80), '10.0.0.5') ?? '', /private/);
  });

  it('uses the resolver it was given and an injected isPublic', async () => {
    const custom = connectGuard({
      resolve: async () => ['127.0.0.1'],
      allowHosts: [],
      isPublic: (ip) => ip === '127.0.0.1',
    });
    assert.deepEqual(await custom.resolve('x.test'), ['127.0.0.1']);
    assert.equal(custom.refuse(target('x.test'), '127.0.0.1'), undefined);
  });
});

describe('safeFetch and a refused connection', () => {
  it('answers blocked_url, naming the address the connection was refused', async () => {
    const refusing = (async () => {
      throw new TypeError('fetch failed', {
        cause: new ConnectRefused('rebind.test', 'resolves to 127.0.0.1, a loopback address'),
      });
    }) as typeof fetch;
    const result = await safeFetch('http://rebind.test/page', {
      fetch: refusing,
      resolve: async () => ['93.184.215.14'],
      allowHosts: [],
    });
    assert.ok(isToolError(result));
    assert.equal(result.code, 'blocked_url');
    assert.match(
      result.message,
      /^blocked_url: http:\/\/rebind\.test\/page was refused when connecting: rebind\.test resolves to 127\.0\.0\.1, a loopback address; /,
    );
  });
});
