import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import * as v from 'valibot';
import type { ToolError } from '../../../src/errors.ts';
import type { CallContext, ToolDef } from '../../../src/mcp/tool.ts';
import type { ResearchToolDeps } from '../../../src/mcp/tools/research-call.ts';
import { webLookupTool } from '../../../src/mcp/tools/web-lookup.ts';
import { webResearchTool } from '../../../src/mcp/tools/web-research.ts';
import { estimateTokens, loadTokenizer } from '../../../src/reply/budget.ts';
import type { Reply } from '../../../src/reply/contract.ts';
import { markPartial } from '../../../src/research/rescue.ts';
import { createSingleFlight } from '../../../src/single-flight.ts';
import { meta, source } from '../../reply/helpers.ts';

const ctx = (): CallContext => ({
  signal: new AbortController().signal,
  arrivedAt: 0,
  hearsProgress: true,
  progress() {},
  setStatus() {},
});

// A research run cut short at its budget, answered from what it read: long enough to be trimmed at every cap.
const sentence = (n: number) =>
  `Tide tables for harbour ${n} are published a year ahead by the port authority, with heights in metres [${(n % 3) + 1}].`;
const draft = markPartial(
  {
    answer: Array.from({ length: 12 }, (_, i) => sentence(i)).join(' '),
    confidence: 'high',
    findings: [0, 1, 2].map((i) => ({ claim: `Claim ${i} about the tides.`, source: i, rank: i + 1 })),
    sources: [source(1), source(2), source(3)],
    gaps: ['No table for the winter months was found.'],
  },
  { kind: 'budget', seconds: 55 },
  { searches: 1, pages: 2, caps: { searches: 2, reads: 3 } },
);
const partial: Reply = { ...draft, meta: meta({ partial: true, seconds: 54.2 }) };

function deps(): ResearchToolDeps {
  return {
    research: async () => partial,
    answers: { cache: undefined, flights: createSingleFlight(), clock: Date.now },
    model: 'haiku',
  };
}

async function call<T>(def: ToolDef<T>, args: unknown): Promise<string | ToolError> {
  return def.run(v.parse(def.input, args), ctx());
}

describe('a partial reply says so at every cap', () => {
  for (const cap of [50, 150, 200, 300]) {
    it(`web_lookup at max_tokens ${cap}: a Partial: line, within the cap`, async () => {
      await loadTokenizer();
      const out = await call(webLookupTool(deps()), { question: 'When are the tides?', max_tokens: cap });
      assert.equal(typeof out, 'string');
      assert.match(out as string, /^Partial: cut short; /m);
      assert.ok(estimateTokens(out as string) <= cap, `${estimateTokens(out as string)} > ${cap}`);
    });
  }

  for (const cap of [97, 150, 300]) {
    it(`web_research at max_tokens ${cap}: "partial": true in JSON and partial yes in markdown`, async () => {
      const json = await call(webResearchTool(deps()), {
        question: 'When are the tides?',
        goal: 'plan a mooring',
        max_tokens: cap,
        format: 'json',
      });
      assert.equal(typeof json, 'string');
      assert.equal(JSON.parse(json as string).meta.partial, true);
      const markdown = await call(webResearchTool(deps()), {
        question: 'When are the tides?',
        goal: 'plan a mooring',
        max_tokens: cap,
      });
      assert.match(markdown as string, /^meta: .*partial yes/m);
    });
  }
});
