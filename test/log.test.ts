// The logger writes one line per event: control characters escaped, a client's text
// quoted at most 200 characters, so no input can break a line or forge another.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CLIENT_TEXT_CHARS, clientText, createLog, escapeControls } from '../src/log.ts';

describe('log', () => {
  it('escapes newlines as \\n and other control characters as \\u00XX', () => {
    assert.equal(
      escapeControls('a\nb\u001b[31mc\r\t\u007f\u0085\u2028'),
      'a\\nb\\u001b[31mc\\u000d\\u0009\\u007f\\u0085\\u2028',
    );
    assert.equal(escapeControls('plain – ünïcode 漢字 🙂'), 'plain – ünïcode 漢字 🙂');
  });

  it('cuts a client text to 200 characters after escaping, without splitting a character', () => {
    assert.equal(clientText('short'), 'short');
    const long = clientText(`${'🙂'.repeat(150)}\n${'x'.repeat(500)}`);
    assert.equal([...long].length, CLIENT_TEXT_CHARS);
    assert.ok(long.endsWith('…'));
    assert.ok(!long.includes('\n'));
    assert.equal(clientText('\n'.repeat(300)).length <= 2 * CLIENT_TEXT_CHARS, true);
  });

  it('writes every message as exactly one line', () => {
    const lines: string[] = [];
    const log = createLog((line) => lines.push(line));
    log.warn('stdio: method "x\nweb-mcp: warning: forged"');
    log.info('a\u001b[2Jb');
    assert.equal(lines.length, 2);
    for (const line of lines) {
      assert.equal(line.indexOf('\n'), line.length - 1);
      assert.doesNotMatch(line, /\u001b/);
    }
    assert.equal(lines[0], 'web-mcp: warning: stdio: method "x\\nweb-mcp: warning: forged"\n');
  });
});
