// A FIFO in place of a cache entry, through the real entry on each runtime: the call
// still answers (from a new run) well within its budget, and tools/list and other
// calls made meanwhile are unaffected.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { cacheWritten } from '../helpers/cache-fill.ts';
import { entries } from '../helpers/entries.ts';
import { type Sandbox, sandbox } from '../helpers/fake-claude-env.ts';
import { connectStdio } from '../helpers/mcp-client.ts';

type Content = { type: string; text?: string }[];
const text = (result: { content?: unknown }) =>
  ((result.content ?? []) as Content).map((c) => c.text ?? '').join('\n');

const DRAFT = {
  answer: 'Okapis are related to giraffes [1].',
  confidence: 'high',
  findings: [{ claim: 'The okapi is a giraffid.', quote: 'giraffid', source: 0, rank: 1 }],
  sources: [{ title: 'Okapi', url: 'http://127.0.0.1:9/okapi' }],
  gaps: [],
};
/** The call's own budget is far longer; a read stuck on the FIFO would blow through this. */
const ANSWER_WITHIN_MS = 20_000;

/** The cache's entries: every file under dir but the usage ledger's (its own folder, written behind calls). */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => !name.startsWith('usage'))
    .map((name) => join(dir, name))
    .filter((path) => statSync(path).isFile());
}

describe('a FIFO in place of a cache entry', { concurrency: true }, () => {
  const boxes: Sandbox[] = [];
  after(() => {
    for (const b of boxes) b.remove();
  });

  for (const e of entries()) {
    it(`${e.runtime}: the call answers within its budget; tools/list and other calls are unaffected`, async () => {
      const b = sandbox({ FAKE_CLAUDE_OUTPUT: JSON.stringify(DRAFT) });
      boxes.push(b);
      const session = await connectStdio(e, 'modern', { env: b.env() });
      try {
        const args = { question: 'What is an okapi related to?', goal: 'a caption' };
        const first = await session.client.callTool({ name: 'web_research', arguments: args });
        assert.equal(first.isError ?? false, false, text(first));
        await cacheWritten(b.cacheDir); // the answer is stored after the reply
        const files = filesUnder(b.cacheDir);
        assert.ok(files.length > 0, 'the answer was cached');
        for (const file of files) {
          rmSync(file);
          execFileSync('mkfifo', [file]);
        }

        const start = Date.now();
        const [again, listed, other] = await Promise.all([
          session.client.callTool({ name: 'web_research', arguments: args }),
          session.client.listTools(),
          session.client.callTool({ name: 'web_research', arguments: { ...args, goal: 'a quiz' } }),
        ]);
        const took = Date.now() - start;
        assert.equal(again.isError ?? false, false, text(again));
        assert.match(text(again), /cached no/, 'the FIFO was a miss');
        assert.equal(other.isError ?? false, false, text(other));
        assert.ok(listed.tools.some((t) => t.name === 'web_research'));
        assert.ok(took < ANSWER_WITHIN_MS, `answered after ${took} ms`);
        assert.equal(b.runs().length, 3, 'the FIFO call and the other call each ran');
        assert.doesNotMatch(session.stderr(), /warning/i, session.stderr());
      } finally {
        await session.close();
      }
    });
  }
});
