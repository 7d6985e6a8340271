// What a run spent: the result event's turns, tokens (prompt-cache ones included) and
// list-price cost, the plan's notice, reported through onSpend however the run ends.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createStreamState, readLine } from '../../src/claude/events.ts';
import { type RunSpend, runClaude } from '../../src/claude/run.ts';
import { FAKE_CLAUDE, nodeRuntime, researchArgs } from './helpers.ts';

describe('run spend', () => {
  it('reads turns, tokens and cost from the result, 0 for what it does not say', () => {
    const state = createStreamState();
    readLine(
      state,
      JSON.stringify({
        type: 'result',
        subtype: 'success',
        num_turns: 5,
        total_cost_usd: 0.0311,
        usage: {
          input_tokens: 120,
          cache_creation_input_tokens: 3000,
          cache_read_input_tokens: 9000,
          output_tokens: 410,
        },
      }),
    );
    assert.deepEqual(
      [state.result?.turns, state.result?.inputTokens, state.result?.outputTokens, state.result?.costUsd],
      [5, 12_120, 410, 0.0311],
    );
    const bare = createStreamState();
    readLine(bare, '{"type":"result","subtype":"success","num_turns":"x","usage":{"output_tokens":-3}}');
    assert.deepEqual([bare.result?.turns, bare.result?.outputTokens, bare.result?.costUsd], [0, 0, 0]);
  });

  it('keeps the utilization of a plan notice', () => {
    const state = createStreamState();
    readLine(
      state,
      '{"type":"rate_limit_event","rate_limit_info":{"status":"allowed_warning","utilization":0.91,"rateLimitType":"seven_day"}}',
    );
    assert.deepEqual(state.rateLimit, {
      status: 'allowed_warning',
      resetsAt: undefined,
      type: 'seven_day',
      utilization: 0.91,
    });
  });

  const run = async (fake: Record<string, string>, signal = new AbortController().signal) => {
    const spends: RunSpend[] = [];
    const result = await runClaude({
      runtime: nodeRuntime,
      claudeBin: FAKE_CLAUDE,
      args: researchArgs(),
      env: { PATH: process.env.PATH ?? '', ...fake },
      prompt: 'Question: what is example.com?',
      signal,
      onSpend: (spend) => spends.push(spend),
    });
    return { result, spends };
  };

  it('reports a finished run once, with the fake claude’s figures and plan', async () => {
    const { spends } = await run({
      FAKE_CLAUDE_USAGE: JSON.stringify({
        num_turns: 6,
        total_cost_usd: 0.02,
        usage: { input_tokens: 800, output_tokens: 90 },
      }),
    });
    assert.equal(spends.length, 1);
    assert.deepEqual(
      { ...spends[0], plan: spends[0]?.plan?.status },
      {
        turns: 6,
        inputTokens: 800,
        outputTokens: 90,
        costUsd: 0.02,
        searches: 1,
        pages: 1,
        plan: 'allowed',
      },
    );
  });

  it('reports a failed run and a stopped one too', async () => {
    const failed = await run({ FAKE_CLAUDE_SCENARIO: 'usage_limit' });
    assert.equal(failed.spends.length, 1);
    assert.equal(failed.spends[0]?.plan?.status, 'rejected');
    const controller = new AbortController();
    const stopped = run({ FAKE_CLAUDE_SCENARIO: 'hang' }, controller.signal);
    setTimeout(() => controller.abort(), 300);
    const { result, spends } = await stopped;
    assert.equal('code' in result ? result.code : '', 'cancelled');
    assert.deepEqual(
      spends.map((s) => s.turns),
      [0],
    );
  });
});
