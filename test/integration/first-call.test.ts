// First contact on Node and Bun: for every tool, a fresh process whose first and only
// call is that tool answers without error (nothing warmed up by an earlier call), with
// the v2 client in both eras and the v1 SDK client taking turns. Deno: fresh-clone.test.ts.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { entries } from '../helpers/entries.ts';
import { type Sandbox, sandbox } from '../helpers/fake-claude-env.ts';
import {
  CLIENT_KINDS,
  type FirstCallWorld,
  firstCall,
  startFirstCallWorld,
  toolCases,
} from '../helpers/first-call.ts';
import { baseEnv } from '../helpers/mcp-client.ts';

let world: FirstCallWorld;
const boxes: Sandbox[] = [];
before(async () => {
  world = await startFirstCallWorld();
});
after(async () => {
  await world.close();
  for (const b of boxes) b.remove();
});

const runtimes = entries().filter((e) => e.runtime !== 'deno');
for (const [r, entry] of runtimes.entries()) {
  describe(`${entry.runtime}: every tool as a process's first call`, () => {
    for (const [t, tool] of toolCases('').entries()) {
      // web_search failed as a first call once: it gets every client; the others take turns.
      const kinds =
        tool.name === 'web_search' ? CLIENT_KINDS : [CLIENT_KINDS[(r + t) % CLIENT_KINDS.length] ?? 'v1 sdk'];
      for (const kind of kinds) {
        it(`${tool.name} (${kind})`, async () => {
          const args = 'url' in tool.args ? { ...tool.args, url: world.pageUrl } : tool.args;
          // A sandbox of its own: a fresh cache, so no answer comes from an earlier process.
          const box = sandbox();
          boxes.push(box);
          const braveBefore = world.brave.requests.length;
          const out = await firstCall(
            { command: entry.command, args: entry.args, env: baseEnv(box.env(world.env)) },
            kind,
            tool.name,
            args,
          );
          assert.equal(out.isError, false, `${out.text}\n${out.stderr}`);
          assert.match(out.text, tool.expect, out.text);
          assert.doesNotMatch(out.stderr, /warning|error/i, out.stderr);
          assert.equal(world.brave.requests.length - braveBefore, tool.braveRequests, 'Brave requests spent');
          assert.equal(box.runs().length, tool.name === 'web_search' ? 0 : 1, 'claude runs');
        });
      }
    }
  });
}

describe('node: a JSON cap no reply can fit', () => {
  it('is refused with invalid_input before any claude process starts', async () => {
    const node = runtimes.find((e) => e.runtime === 'node');
    if (node === undefined) return;
    const box = sandbox();
    boxes.push(box);
    const out = await firstCall(
      { command: node.command, args: node.args, env: baseEnv(box.env(world.env)) },
      'v1 sdk',
      'web_research',
      { question: 'What is a tapir?', goal: 'a caption', format: 'json', max_tokens: 50 },
    );
    assert.equal(out.isError, true);
    assert.match(out.text, /^invalid_input: max_tokens 50 is too small for format json/);
    assert.deepEqual(box.runs(), [], 'the fake claude logged no run');
  });
});
