// No background failure takes the server down: a rejection nobody handles is logged as
// one line and the server goes on answering (Node; the handler is shared by every runtime).
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { entry } from '../helpers/entries.ts';
import { sandbox } from '../helpers/fake-claude-env.ts';
import { connectStdio } from '../helpers/mcp-client.ts';

// Preloaded into the server process: a stray rejection a moment after start-up.
const STRAY = `data:text/javascript,setTimeout(() => { Promise.reject(new Error('stray failure')); }, 300);`;

describe('node: an unhandled rejection', () => {
  const box = sandbox();
  after(() => box.remove());

  it('is logged as one line and the server keeps answering', async () => {
    const node = entry('node');
    const session = await connectStdio({ ...node, args: ['--import', STRAY, ...node.args] }, 'modern', {
      env: box.env(),
    });
    try {
      await new Promise((resolve) => setTimeout(resolve, 800));
      const tools = await session.client.listTools();
      assert.ok(tools.tools.some((t) => t.name === 'web_lookup'));
      const lines = session
        .stderr()
        .split('\n')
        .filter((l) => l.includes('stray failure'));
      assert.equal(lines.length, 1, session.stderr());
      assert.match(lines[0] ?? '', /internal: an unexpected failure was ignored \(Error: stray failure\)/);
    } finally {
      await session.close();
    }
  });
});
