// One call's record: the outcome (answered, partial, the error code, internal_error for a
// throw), cached only when nothing was spent, runs and Brave requests as they happened,
// and a rejected plan refusing before anything is produced.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import * as v from 'valibot';
import type { Brave } from '../../src/brave/client.ts';
import type { CallContext } from '../../src/call-context.ts';
import type { ClaudeDeps } from '../../src/claude/call.ts';
import { toolError } from '../../src/errors.ts';
import type { ToolDef } from '../../src/mcp/tool.ts';
import { braveFor, meteredTool, spending } from '../../src/mcp/usage-meter.ts';
import { freshMeta, type Reply } from '../../src/reply/contract.ts';
import type { Ledger } from '../../src/usage/ledger.ts';
import type { CallRecord, PlanState } from '../../src/usage/record.ts';

function fakeLedger(refusal = false, note?: string) {
  const records: CallRecord[] = [];
  const plans: PlanState[] = [];
  const ledger: Ledger = {
    record: (r) => records.push(r),
    notePlan: (p) => plans.push(p),
    noteBrave() {},
    refusal: async () => (refusal ? toolError('rate_limited', 'rate_limited: plan rejected') : undefined),
    note: () => note,
    braveThisMonth: () => 0,
    brave: () => ({}),
    flush: async () => {},
  };
  return { ledger, records, plans };
}

const ctx = (): CallContext => ({
  signal: new AbortController().signal,
  arrivedAt: 1000,
  hearsProgress: true,
  progress() {},
  setStatus() {},
});

const tool = (run: ToolDef<{ q: string }>['run']): ToolDef<{ q: string }> => ({
  name: 'web_lookup',
  tier: 'basic',
  description: 'test',
  input: v.object({ q: v.string() }),
  run,
});

const reply = (partial = false): Reply => ({
  answer: 'a',
  confidence: 'high',
  findings: [],
  sources: [],
  gaps: [],
  meta: {
    ...freshMeta({ model: 'm', searches: 0, pages: 0, brave: false }, 1),
    ...(partial ? { partial } : {}),
  },
});

const claude = {} as ClaudeDeps;
const spend = { turns: 3, inputTokens: 10, outputTokens: 5, costUsd: 0.5, searches: 1, pages: 2 };

describe('call metering', () => {
  it('records a reply read from the cache as cached, with nothing spent', async () => {
    const { ledger, records } = fakeLedger();
    await meteredTool(
      tool(async () => 'text'),
      ledger,
      () => 3500,
    ).run({ q: 'secret' }, ctx());
    assert.deepEqual(records, [
      {
        at: 3500,
        tool: 'web_lookup',
        cached: true,
        runs: 0,
        turns: 0,
        inputTokens: 0,
        outputTokens: 0,
        costUsd: 0,
        braveRequests: 0,
        searches: 0,
        pages: 0,
        seconds: 2.5,
        outcome: 'answered',
      },
    ]);
  });

  it('counts the runs and Brave requests of a produced reply, and marks a partial one', async () => {
    const { ledger, records, plans } = fakeLedger(false, 'Claude plan nearly used; slow down');
    const produce = spending(ledger, claude, () => 2000);
    let seen: Reply | undefined;
    const def = tool(async (_input, call) => {
      const out = await produce(call, async (deps) => {
        deps.onSpend?.({ ...spend, plan: { status: 'allowed_warning', resetsAt: 5, type: 'five_hour' } });
        deps.onSpend?.({ ...spend, plan: undefined });
        return reply(true);
      });
      braveFor(
        {
          enabled: true,
          search: async (o) => {
            o.onRequest?.();
            return { kind: 'results', results: [] };
          },
        } as Brave,
        call.usage,
      )?.search({ query: 'q' });
      seen = 'kind' in out ? undefined : out;
      return 'text';
    });
    await meteredTool(def, ledger, () => 2000).run({ q: 'x' }, ctx());
    const r = records[0];
    assert.deepEqual(
      [r?.cached, r?.runs, r?.turns, r?.costUsd, r?.pages, r?.braveRequests, r?.outcome],
      [false, 2, 6, 1, 4, 1, 'partial'],
    );
    assert.deepEqual(plans, [
      { status: 'allowed_warning', window: 'five_hour', resetsAt: 5000, seenAt: 2000 },
    ]);
    assert.equal(seen?.meta.note, 'Claude plan nearly used; slow down');
  });

  it('refuses before producing while the plan is rejected, and records the code', async () => {
    const { ledger, records } = fakeLedger(true);
    let produced = false;
    const def = tool(async (_input, call) => {
      const out = await spending(
        ledger,
        claude,
        () => 0,
      )(call, async () => {
        produced = true;
        return reply();
      });
      return 'kind' in out ? out : 'text';
    });
    const out = await meteredTool(def, ledger, () => 1000).run({ q: 'x' }, ctx());
    assert.equal(typeof out === 'string' ? '' : out.code, 'rate_limited');
    assert.equal(produced, false);
    assert.deepEqual([records[0]?.outcome, records[0]?.cached, records[0]?.runs], ['rate_limited', false, 0]);
  });

  it('records a throw as internal_error and lets it through', async () => {
    const { ledger, records } = fakeLedger();
    const def = tool(async () => {
      throw new Error('boom');
    });
    await assert.rejects(meteredTool(def, ledger, () => 1000).run({ q: 'x' }, ctx()), /boom/);
    assert.equal(records[0]?.outcome, 'internal_error');
  });
});
