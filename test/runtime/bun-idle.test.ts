// Bun closes a connection idle for its idleTimeout (at most 255 s, under the 300 s a
// `deep` call may take): a request the app is still answering keeps its connection.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { describe, it } from 'node:test';
import { BUN, ROOT } from '../helpers/entries.ts';

describe('bun: a long call outlasts the idle limit', () => {
  it('a stream quiet for 7 s on a server with a 1 s idle limit ends whole', async () => {
    const child = spawn(BUN, [`${ROOT}test/runtime/helpers/bun-idle.ts`], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      const port = await new Promise<number>((resolve, reject) => {
        let out = '';
        child.stdout.on('data', (chunk: Buffer) => {
          out += chunk.toString();
          const m = /port (\d+)/.exec(out);
          if (m) resolve(Number(m[1]));
        });
        child.on('exit', (code) => reject(new Error(`bun exited with ${code}`)));
      });
      const response = await fetch(`http://127.0.0.1:${port}/mcp`, { method: 'POST', body: '{}' });
      assert.equal(await response.text(), 'started done');
    } finally {
      child.kill();
    }
  });
});
