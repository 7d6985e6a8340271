// stream-json reading: lines split across chunks, unknown or malformed events
// ignored, tool calls counted, rate-limit notices and the result captured.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  createLineSplitter,
  createStreamState,
  progressText,
  type RunEvent,
  readLine,
} from '../../src/claude/events.ts';
import { mapFailure } from '../../src/claude/failures.ts';

const search = (query: string) =>
  JSON.stringify({
    type: 'assistant',
    message: { content: [{ type: 'tool_use', id: 't1', name: 'WebSearch', input: { query } }] },
  });
const fetchUrl = (url: string) =>
  JSON.stringify({
    type: 'assistant',
    message: {
      model: 'claude-haiku-5-5',
      content: [
        { type: 'text', text: 'reading' },
        { type: 'tool_use', id: 't2', name: 'WebFetch', input: { url, prompt: 'quote it' } },
      ],
    },
  });

function feed(chunks: string[]) {
  const state = createStreamState();
  const events: RunEvent[] = [];
  const splitter = createLineSplitter((line) => events.push(...readLine(state, line)));
  for (const c of chunks) splitter.push(c);
  splitter.end();
  return { state, events };
}

describe('stream-json events', () => {
  it('joins lines split anywhere across chunks, including a last line without newline', () => {
    const text = `${search('rust release')}\n${fetchUrl('https://a.example/x')}\n${JSON.stringify({ type: 'result', subtype: 'success', is_error: false, structured_output: { a: 1 } })}`;
    const chunks = text.match(/.{1,7}/gs) ?? [];
    const { state, events } = feed(chunks);
    assert.equal(state.searches, 1);
    assert.equal(state.pages, 1);
    assert.deepEqual(state.fetchedUrls, ['https://a.example/x']);
    assert.equal(state.model, 'claude-haiku-5-5');
    assert.deepEqual(events, [
      { kind: 'search', query: 'rust release', searches: 1, pages: 0 },
      { kind: 'fetch', url: 'https://a.example/x', searches: 1, pages: 1 },
    ]);
    assert.equal(state.result?.hasStructuredOutput, true);
  });

  it('ignores unknown types, missing fields, other tools and non-JSON lines', () => {
    const { state, events } = feed([
      '{"type":"brand_new_event","x":1}\n',
      '{"type":"assistant"}\n',
      '{"type":"assistant","message":{"content":[{"type":"tool_use","name":"StructuredOutput","input":{}}]}}\n',
      '{"type":"assistant","message":{"content":[{"type":"tool_use","name":"WebSearch"}]}}\n',
      '[1,2,3]\n',
      'not json\n',
      '\n',
    ]);
    assert.equal(state.searches, 1);
    assert.deepEqual(events, [{ kind: 'search', query: '', searches: 1, pages: 0 }]);
    assert.equal(state.result, undefined);
    assert.match(state.plainText, /not json/);
  });

  it('captures rate-limit events and the model from init', () => {
    const { state, events } = feed([
      '{"type":"system","subtype":"init","model":"claude-haiku-5-5","tools":[]}\n',
      '{"type":"rate_limit_event","rate_limit_info":{"status":"rejected","resetsAt":1764297720,"rateLimitType":"seven_day"}}\n',
      '{"type":"result","subtype":"success","is_error":true,"result":"You\'ve hit your weekly limit","api_error_status":429}\n',
    ]);
    assert.equal(state.model, 'claude-haiku-5-5');
    assert.deepEqual(events, [{ kind: 'rate_limit', status: 'rejected', resetsAt: 1764297720 }]);
    const error = mapFailure({ state, exitCode: 1, stderr: '' });
    assert.equal(error.code, 'rate_limited');
    assert.match(error.message, /weekly usage limit is reached; it resets 2025-11-28 02:42 UTC/);
  });

  it('reads the older `usage limit reached|<epoch>` form', () => {
    const { state } = feed([
      '{"type":"result","is_error":true,"result":"Claude AI usage limit reached|1764297720"}\n',
    ]);
    const error = mapFailure({ state, exitCode: 1, stderr: '' });
    assert.equal(error.code, 'rate_limited');
    assert.match(error.message, /resets 2025-11-28 02:42 UTC/);
  });

  it('a successful prose run is judged on its output, not on words in it', () => {
    const { state } = feed([
      '{"type":"result","subtype":"success","is_error":false,"result":"Not logged in? 429!"}\n',
    ]);
    assert.equal(mapFailure({ state, exitCode: 0, stderr: '' }).code, 'bad_output');
  });

  it('progress lines name the query or url and the counts against the caps', () => {
    const caps = { searches: 4, reads: 6 };
    assert.equal(
      progressText({ kind: 'search', query: 'q', searches: 1, pages: 0 }, caps),
      'searching: q (1 of 4 searches)',
    );
    assert.equal(
      progressText({ kind: 'fetch', url: 'https://a.example/', searches: 1, pages: 2 }, caps),
      'reading: https://a.example/ (2 of 6 pages)',
    );
  });
});
