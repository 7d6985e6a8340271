// The ask progress line: redrawn in place on a terminal, plain lines elsewhere.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createProgress } from '../../src/cli/progress.ts';

function harness(tty: boolean) {
  let now = 1000;
  const written: string[] = [];
  const progress = createProgress({
    write: (t) => written.push(t),
    tty,
    columns: 60,
    clock: () => now,
    startedAt: 1000,
    tickMs: 60_000,
  });
  return { progress, written, advance: (ms: number) => (now += ms) };
}

describe('ask progress', () => {
  it('redraws one live line with elapsed time, searches and pages, then clears it', () => {
    const h = harness(true);
    h.advance(1500);
    h.progress.update('searching: node 22 eol (1 of 4 searches)');
    h.progress.update('reading: https://nodejs.org/en/about/previous-releases (1 of 6 pages)');
    h.progress.stop();
    const last = h.written.at(-2) ?? '';
    assert.ok(
      last.startsWith('\r\x1b[2K1.5 s · 1 search · 1 page · reading: https://'),
      JSON.stringify(last),
    );
    assert.ok(last.length <= '\r\x1b[2K'.length + 59, 'fits the terminal width');
    assert.ok(!h.written.some((w) => w.includes('\n')), 'never scrolls');
    assert.equal(h.written.at(-1), '\r\x1b[2K');
  });

  it('writes plain timestamped lines when stderr is not a terminal', () => {
    const h = harness(false);
    h.advance(200);
    h.progress.update('searching: x (1 of 2 searches)');
    h.progress.stop();
    assert.deepEqual(h.written, ['web-mcp: [0.2 s] searching: x (1 of 2 searches)\n']);
  });
});
