import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type ConfigSources, defaultCacheDir, parseCli, readerLine } from '../src/config.ts';

const sources = (
  argv: string[],
  env: Record<string, string> = {},
  readTextFile = (_p: string) => 'file-key\n',
): ConfigSources => ({
  argv,
  env: { HOME: '/home/u', ...env },
  platform: 'linux',
  readTextFile,
});

function config(argv: string[], env: Record<string, string> = {}) {
  const parsed = parseCli(sources(argv, env));
  assert.equal(parsed.kind, 'serve', parsed.kind === 'error' ? parsed.message : '');
  return parsed.kind === 'serve' ? parsed.config : assert.fail();
}

function error(argv: string[], env: Record<string, string> = {}, read?: (p: string) => string): string {
  const parsed = parseCli(sources(argv, env, read));
  assert.equal(parsed.kind, 'error');
  return parsed.kind === 'error' ? parsed.message : '';
}

describe('config', () => {
  it('has the documented defaults', () => {
    const c = config([]);
    assert.equal(c.claudeBin, 'claude');
    assert.equal(c.model, 'haiku');
    assert.equal(c.concurrency, 2);
    assert.equal(c.queue, 8);
    assert.equal(c.cacheDir, '/home/u/.cache/web-mcp');
    assert.equal(c.cacheMaxBytes, 200 * 1024 * 1024);
    assert.equal(c.braveKey, undefined);
    assert.equal(c.braveBaseUrl, 'https://api.search.brave.com/res/v1');
    assert.equal(c.http, undefined);
    assert.deepEqual([...c.tiers], ['basic', 'standard', 'advanced']);
    assert.deepEqual(c.allowHosts, []);
  });

  it('reads every variable', () => {
    const c = config([], {
      CLAUDE_BIN: '/opt/claude',
      WEB_MCP_MODEL: 'claude-haiku-5-5',
      WEB_MCP_CONCURRENCY: '3',
      WEB_MCP_QUEUE: '0',
      WEB_MCP_CACHE_DIR: '/tmp/c',
      WEB_MCP_CACHE_MAX_MB: '5',
      WEB_MCP_HTTP_TOKEN: 'a-very-long-secret-token',
      WEB_MCP_ALLOW_HOSTS: 'Intranet.local, 127.0.0.1:8080',
      BRAVE_API_KEY: ' key ',
      BRAVE_BASE_URL: 'http://127.0.0.1:9/res/v1/',
    });
    assert.equal(c.claudeBin, '/opt/claude');
    assert.equal(c.model, 'claude-haiku-5-5');
    assert.equal(c.concurrency, 3);
    assert.equal(c.queue, 0);
    assert.equal(c.cacheDir, '/tmp/c');
    assert.equal(c.cacheMaxBytes, 5 * 1024 * 1024);
    assert.equal(c.httpToken, 'a-very-long-secret-token');
    assert.deepEqual(c.allowHosts, ['intranet.local', '127.0.0.1:8080']);
    assert.equal(c.braveKey, 'key');
    assert.equal(c.braveBaseUrl, 'http://127.0.0.1:9/res/v1');
  });

  it('names the variable in a bad value', () => {
    assert.match(error([], { WEB_MCP_CONCURRENCY: 'abc' }), /^WEB_MCP_CONCURRENCY /);
    assert.match(error([], { WEB_MCP_QUEUE: '-1' }), /^WEB_MCP_QUEUE /);
    assert.match(error([], { WEB_MCP_CONCURRENCY: '0' }), /^WEB_MCP_CONCURRENCY /);
    assert.match(error([], { WEB_MCP_HTTP_TOKEN: 'short' }), /^WEB_MCP_HTTP_TOKEN /);
    assert.match(error([], { BRAVE_BASE_URL: 'ftp://x' }), /^BRAVE_BASE_URL /);
    assert.match(error([], { WEB_MCP_ALLOW_HOSTS: 'http://x/y' }), /^WEB_MCP_ALLOW_HOSTS /);
    assert.match(error([], { WEB_MCP_MODEL: 'haiku; rm -rf' }), /^WEB_MCP_MODEL /);
    for (const bad of ['19', '301', 'abc', '30s', '']) {
      assert.match(
        error([], { WEB_MCP_CALL_SECONDS: bad }),
        /^WEB_MCP_CALL_SECONDS must be a whole number from 20 to 300$/,
        bad,
      );
    }
  });

  it('WEB_MCP_CALL_SECONDS is unset by default and read as seconds when set', () => {
    assert.equal(config([], {}).callSeconds, undefined);
    assert.equal(config([], { WEB_MCP_CALL_SECONDS: '20' }).callSeconds, 20);
    assert.equal(config([], { WEB_MCP_CALL_SECONDS: ' 300 ' }).callSeconds, 300);
  });

  it('WEB_MCP_NO_PROGRESS_SECONDS is 55 by default, 20 to 300 when set', () => {
    assert.equal(config([], {}).noProgressSeconds, 55);
    assert.equal(config([], { WEB_MCP_NO_PROGRESS_SECONDS: '25' }).noProgressSeconds, 25);
    assert.match(
      error([], { WEB_MCP_NO_PROGRESS_SECONDS: '19' }),
      /^WEB_MCP_NO_PROGRESS_SECONDS must be a whole number from 20 to 300$/,
    );
  });

  it('WEB_MCP_READER picks how research reads pages: the server by default, or webfetch', () => {
    assert.equal(config([], {}).reader, 'server');
    assert.equal(config([], { WEB_MCP_READER: ' WebFetch ' }).reader, 'webfetch');
    assert.match(error([], { WEB_MCP_READER: 'curl' }), /^WEB_MCP_READER must be server or webfetch$/);
    assert.match(readerLine({}), /this server \(WEB_MCP_READER=server, the default\)/);
    assert.match(readerLine({ WEB_MCP_READER: 'webfetch' }), /Claude's WebFetch \(WEB_MCP_READER=webfetch\)/);
  });

  it('names the flag in a bad flag', () => {
    assert.match(error(['--nope']), /--nope/);
    assert.match(error(['--http', 'localhost']), /^--http /);
    assert.match(error(['--http', '127.0.0.1:99999']), /^--http /);
    assert.match(error(['--tiers', 'basic,expert']), /^--tiers /);
    assert.match(error(['stray']), /stray/);
  });

  it('parses --http and --tiers', () => {
    const c = config(['--http', '127.0.0.1:0', '--tiers', 'basic,standard']);
    assert.deepEqual(c.http, { host: '127.0.0.1', port: 0, loopback: true });
    assert.deepEqual([...c.tiers], ['basic', 'standard']);
    assert.deepEqual(config(['--http', '[::1]:8787']).http, { host: '::1', port: 8787, loopback: true });
    assert.equal(config(['--http', 'localhost:1']).http?.loopback, true);
  });

  it('refuses a non-loopback --http without a token, accepts it with one', () => {
    assert.match(error(['--http', '0.0.0.0:8787']), /WEB_MCP_HTTP_TOKEN/);
    assert.match(error(['--http', '192.0.2.1:8787']), /not a loopback address/);
    const c = config(['--http', '0.0.0.0:8787'], { WEB_MCP_HTTP_TOKEN: 'a-very-long-secret-token' });
    assert.equal(c.http?.loopback, false);
  });

  it('reads the Brave key from a file, never naming the key in errors', () => {
    assert.equal(config([], { BRAVE_API_KEY_FILE: '/k' }).braveKey, 'file-key');
    const unreadable = error([], { BRAVE_API_KEY_FILE: '/nope' }, () => {
      throw new Error('ENOENT');
    });
    assert.match(unreadable, /^BRAVE_API_KEY_FILE /);
    assert.match(
      error([], { BRAVE_API_KEY_FILE: '/k' }, () => '  \n'),
      /^BRAVE_API_KEY_FILE /,
    );
  });

  it('answers --help and --version', () => {
    assert.equal(parseCli(sources(['--help'])).kind, 'help');
    assert.equal(parseCli(sources(['--version'])).kind, 'version');
  });

  it('picks the platform cache directory', () => {
    assert.equal(defaultCacheDir('darwin', { HOME: '/Users/u' }), '/Users/u/Library/Caches/web-mcp');
    assert.equal(defaultCacheDir('linux', { HOME: '/h', XDG_CACHE_HOME: '/x' }), '/x/web-mcp');
    assert.equal(defaultCacheDir('linux', { HOME: '/h', XDG_CACHE_HOME: 'relative' }), '/h/.cache/web-mcp');
    assert.equal(defaultCacheDir('win32', { LOCALAPPDATA: 'C:\\L' }), 'C:\\L\\web-mcp');
  });
});
