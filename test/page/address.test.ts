// Address classification, odd IP spellings and WEB_MCP_ALLOW_HOSTS matching.
// Pure functions only: nothing here opens a socket; only `localhost` is resolved for real.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  classifyAddress,
  isAllowedHost,
  isLocalhostName,
  parseHostLiteral,
  systemResolver,
} from '../../src/page/fetch/address.ts';

const NOT_PUBLIC: readonly (readonly [string, RegExp])[] = [
  ['127.0.0.1', /loopback/],
  ['127.255.255.254', /loopback/],
  ['10.1.2.3', /private/],
  ['172.16.0.1', /private/],
  ['172.31.255.255', /private/],
  ['192.168.0.1', /private/],
  ['169.254.169.254', /link-local/],
  ['169.254.0.1', /link-local/],
  ['100.64.0.1', /carrier-grade NAT/],
  ['100.127.255.255', /carrier-grade NAT/],
  ['198.18.0.1', /benchmarking/],
  ['198.19.255.255', /benchmarking/],
  ['224.0.0.1', /multicast/],
  ['239.255.255.250', /multicast/],
  ['240.0.0.1', /reserved/],
  ['0.0.0.0', /unspecified/],
  ['0.1.2.3', /unspecified/],
  ['255.255.255.255', /broadcast/],
  ['192.0.2.1', /documentation/],
  ['198.51.100.7', /documentation/],
  ['203.0.113.9', /documentation/],
  ['::1', /loopback/],
  ['::', /unspecified/],
  ['fc00::1', /unique-local/],
  ['fd12:3456::1', /unique-local/],
  ['fe80::1', /link-local/],
  ['fe80::1%eth0', /link-local/],
  ['fec0::1', /site-local/],
  ['ff02::1', /multicast/],
  ['2001:db8::1', /documentation/],
  ['::ffff:127.0.0.1', /IPv4-mapped.*loopback/],
  ['::ffff:10.0.0.1', /IPv4-mapped.*private/],
  ['::ffff:169.254.169.254', /IPv4-mapped.*link-local/],
  ['::ffff:7f00:1', /IPv4-mapped.*loopback/],
  ['::7f00:1', /IPv4-compatible.*loopback/],
  ['::a00:1', /IPv4-compatible.*private/],
  ['::ffff:0:a00:1', /IPv4-translated.*private/],
  ['64:ff9b::7f00:1', /NAT64.*loopback/],
  ['64:ff9b::a9fe:a9fe', /NAT64.*link-local/],
  ['64:ff9b:1::a00:1', /local-use NAT64/],
  ['2002:7f00:1::', /6to4.*loopback/],
  ['2002:c0a8:101::1', /6to4.*private/],
  // Teredo: client 10.0.0.1 stored inverted in the last 32 bits.
  ['2001:0:4136:e378:8000:63bf:f5ff:fffe', /Teredo.*private/],
  ['2001:0:a00:1::1', /Teredo.*private/],
  ['4000::1', /reserved/],
  ['not-an-ip', /not an IP/],
];

const PUBLIC: readonly string[] = [
  '8.8.8.8',
  '93.184.216.34',
  '1.1.1.1',
  '172.32.0.1',
  '100.128.0.1',
  '2606:4700:4700::1111',
  '2a00:1450:4001:80b::200e',
  '::ffff:8.8.8.8',
  '64:ff9b::808:808',
  '2002:808:808::1',
  '2001:0:4136:e378:8000:63bf:f7f7:f7f7',
];

describe('classifyAddress', () => {
  for (const [ip, reason] of NOT_PUBLIC) {
    it(`refuses ${ip}`, () => {
      const result = classifyAddress(ip);
      assert.notEqual(result, 'public');
      assert.match(result, reason);
    });
  }
  for (const ip of PUBLIC) {
    it(`accepts ${ip}`, () => assert.equal(classifyAddress(ip), 'public'));
  }
  it('refuses the whole deprecated IPv4-compatible range, even around a public IPv4', () => {
    assert.match(classifyAddress('::808:808'), /IPv4-compatible/);
  });
});

describe('parseHostLiteral', () => {
  const spellings: readonly (readonly [string, string])[] = [
    ['2130706433', '127.0.0.1'],
    ['0177.0.0.1', '127.0.0.1'],
    ['0x7f.1', '127.0.0.1'],
    ['0x7F.0.0.1', '127.0.0.1'],
    ['0x7f000001', '127.0.0.1'],
    ['017700000001', '127.0.0.1'],
    ['127.1', '127.0.0.1'],
    ['127.0.1', '127.0.0.1'],
    ['127.0.0.1.', '127.0.0.1'],
    ['0', '0.0.0.0'],
    ['169.254.43518', '169.254.169.254'],
    ['0xa9fea9fe', '169.254.169.254'],
    ['[::1]', '::1'],
    ['[::ffff:127.0.0.1]', '::ffff:7f00:1'],
    ['[0:0:0:0:0:0:0:1]', '::1'],
    ['１２７.０.０.１', '127.0.0.1'],
  ];
  for (const [raw, canonical] of spellings) {
    it(`reads the raw host ${raw} as ${canonical}`, () => assert.equal(parseHostLiteral(raw), canonical));
  }
  it('agrees with what WHATWG URL makes of the same hosts', () => {
    for (const [raw, canonical] of spellings) {
      const host = new URL(`http://${raw}/`).hostname;
      assert.equal(parseHostLiteral(host), canonical, `${raw} → URL gives ${host}`);
    }
  });
  it('leaves names, and numbers out of range, to the resolver', () => {
    for (const name of ['example.com', 'localhost', '127.0.0.1.nip.io', '256.1.1.1', '4294967296', '']) {
      assert.equal(parseHostLiteral(name), undefined, name);
    }
  });
});

describe('isLocalhostName', () => {
  it('matches localhost and its subdomains, with or without a trailing dot', () => {
    for (const name of ['localhost', 'LOCALHOST.', 'app.localhost', 'a.b.localhost.']) {
      assert.equal(isLocalhostName(name), true, name);
    }
    for (const name of ['localhost.example', 'notlocalhost', 'example.com']) {
      assert.equal(isLocalhostName(name), false, name);
    }
  });
});

describe('isAllowedHost', () => {
  const allowed = (url: string, entries: string[]) => isAllowedHost(new URL(url), entries);
  it('without a port, matches only the scheme default port', () => {
    assert.equal(allowed('http://intranet.corp/', ['intranet.corp']), true);
    assert.equal(allowed('https://intranet.corp/', ['intranet.corp']), true);
    assert.equal(allowed('http://intranet.corp:8080/', ['intranet.corp']), false);
  });
  it('with a port, matches that effective port only', () => {
    assert.equal(allowed('http://intranet.corp:8080/x', ['intranet.corp:8080']), true);
    assert.equal(allowed('http://intranet.corp/', ['intranet.corp:80']), true);
    assert.equal(allowed('https://intranet.corp/', ['intranet.corp:80']), false);
    assert.equal(allowed('http://intranet.corp:8081/', ['intranet.corp:8080']), false);
  });
  it('matches the host exactly: no subdomains, no suffixes', () => {
    assert.equal(allowed('http://docs.intranet.corp/', ['intranet.corp']), false);
    assert.equal(allowed('http://intranet.corp.evil.example/', ['intranet.corp']), false);
    assert.equal(allowed('http://127.0.0.1/', ['localhost']), false);
  });
  it('compares canonical forms: case, trailing dots, IP spellings and IPv6 brackets', () => {
    assert.equal(allowed('http://Intranet.CORP./', ['intranet.corp']), true);
    assert.equal(allowed('http://127.0.0.1:3000/', ['127.1:3000']), true);
    assert.equal(allowed('http://[::1]:3000/', ['[0:0::1]:3000']), true);
    assert.equal(allowed('http://[::1]:3000/', ['[::1]']), false);
  });
  it('ignores malformed entries', () => {
    assert.equal(allowed('http://intranet.corp/', ['', 'intranet.corp:port', 'http://intranet.corp']), false);
  });
});

describe('systemResolver', () => {
  it('returns every address of localhost, all of them loopback', async () => {
    const addresses = await systemResolver('localhost');
    assert.ok(addresses.length > 0);
    for (const address of addresses) assert.match(classifyAddress(address), /loopback/);
  });
});
