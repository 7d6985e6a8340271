// Reading `claude -p --output-format stream-json` as it arrives: split NDJSON
// lines, pick out tool calls, rate-limit notices and the final result, ignore the rest.
import * as v from 'valibot';

/** What a run reports while it works (for progress notifications and the meta line). */
export type RunEvent =
  | { readonly kind: 'search'; readonly query: string; readonly searches: number; readonly pages: number }
  | { readonly kind: 'fetch'; readonly url: string; readonly searches: number; readonly pages: number }
  | { readonly kind: 'rate_limit'; readonly status: string; readonly resetsAt: number | undefined }
  /** The text a WebSearch returned (titles, URLs, snippets), capped: something to answer from if the run is stopped. */
  | { readonly kind: 'search_result'; readonly text: string };

/** The final `result` event, reduced to the fields the server reads. */
export interface ResultEvent {
  readonly subtype: string;
  readonly isError: boolean;
  readonly text: string;
  readonly structuredOutput: unknown;
  readonly hasStructuredOutput: boolean;
  readonly errors: readonly string[];
  readonly apiStatus: number | undefined;
  readonly apiError: string;
  /** What the run spent, as Claude Code reports it (0 when it does not say). */
  readonly turns: number;
  readonly inputTokens: number;
  readonly outputTokens: number;
  readonly costUsd: number;
}

export interface StreamState {
  searches: number;
  pages: number;
  readonly fetchedUrls: string[];
  /** Tool names by tool_use id, to tell whose result a tool_result is. */
  readonly toolNames: Map<string, string>;
  model: string | undefined;
  /** The last rate-limit notice; a `rejected` one carries the reset time. */
  rateLimit:
    | {
        status: string;
        resetsAt: number | undefined;
        type: string | undefined;
        /** Share of the window used (0–1), when the notice says. */
        utilization?: number | undefined;
      }
    | undefined;
  result: ResultEvent | undefined;
  jsonLines: number;
  /** Start of the non-JSON lines (e.g. the stub's "native binary not installed"), for matching only. */
  plainText: string;
}

const str = v.optional(v.string());
const ToolUse = v.looseObject({
  type: v.literal('tool_use'),
  id: str,
  name: v.string(),
  input: v.optional(v.looseObject({ query: str, url: str })),
});
const Assistant = v.looseObject({
  type: v.literal('assistant'),
  message: v.looseObject({ model: str, content: v.optional(v.array(v.unknown())) }),
});
const ToolResult = v.looseObject({
  type: v.literal('tool_result'),
  tool_use_id: v.string(),
  content: v.optional(v.union([v.string(), v.array(v.unknown())])),
});
const TextBlock = v.looseObject({ type: v.literal('text'), text: v.string() });
const User = v.looseObject({
  type: v.literal('user'),
  message: v.looseObject({ content: v.optional(v.union([v.string(), v.array(v.unknown())])) }),
});
const Init = v.looseObject({ type: v.literal('system'), subtype: v.literal('init'), model: str });
const RateLimit = v.looseObject({
  type: v.literal('rate_limit_event'),
  rate_limit_info: v.looseObject({
    status: str,
    resetsAt: v.optional(v.number()),
    rateLimitType: str,
    utilization: v.optional(v.number()),
  }),
});
const Result = v.looseObject({
  type: v.literal('result'),
  subtype: str,
  is_error: v.optional(v.boolean()),
  result: v.optional(v.unknown()),
  structured_output: v.optional(v.unknown()),
  errors: v.optional(v.array(v.unknown())),
  api_error_status: v.optional(v.unknown()),
  api_error: v.optional(v.unknown()),
  api_error_type: v.optional(v.unknown()),
  num_turns: v.optional(v.unknown()),
  total_cost_usd: v.optional(v.unknown()),
  usage: v.optional(v.unknown()),
});
const Usage = v.looseObject({
  input_tokens: v.optional(v.unknown()),
  output_tokens: v.optional(v.unknown()),
  cache_creation_input_tokens: v.optional(v.unknown()),
  cache_read_input_tokens: v.optional(v.unknown()),
});

const MAX_LINE_CHARS = 8 * 1024 * 1024;
const MAX_PLAIN_CHARS = 2000;
/** Search results past this many characters add little to a rescue answer. */
export const MAX_SEARCH_RESULT_CHARS = 6000;

export function createStreamState(): StreamState {
  return {
    searches: 0,
    pages: 0,
    fetchedUrls: [],
    toolNames: new Map(),
    model: undefined,
    rateLimit: undefined,
    result: undefined,
    jsonLines: 0,
    plainText: '',
  };
}

/** Feeds text chunks in, calls `onLine` per complete line; `end()` flushes a last unterminated line. */
export function createLineSplitter(onLine: (line: string) => void) {
  let pending = '';
  return {
    push(chunk: string) {
      pending += chunk;
      let nl = pending.indexOf('\n');
      while (nl !== -1) {
        onLine(pending.slice(0, nl));
        pending = pending.slice(nl + 1);
        nl = pending.indexOf('\n');
      }
      // A runaway line without a newline is not an event anyone can use.
      if (pending.length > MAX_LINE_CHARS) pending = '';
    },
    end() {
      if (pending !== '') onLine(pending);
      pending = '';
    },
  };
}

/** Folds one stdout line into the state; returns the events it produced. */
export function readLine(state: StreamState, rawLine: string): RunEvent[] {
  const line = rawLine.trim();
  if (line === '') return [];
  let data: unknown;
  try {
    data = JSON.parse(line);
  } catch {
    if (state.plainText.length < MAX_PLAIN_CHARS) state.plainText += `${line.slice(0, MAX_PLAIN_CHARS)}\n`;
    return [];
  }
  state.jsonLines++;
  const init = v.safeParse(Init, data);
  if (init.success) {
    state.model ??= init.output.model;
    return [];
  }
  const assistant = v.safeParse(Assistant, data);
  if (assistant.success) return readAssistant(state, assistant.output);
  const user = v.safeParse(User, data);
  if (user.success) return readToolResults(state, user.output);
  const rate = v.safeParse(RateLimit, data);
  if (rate.success) {
    const info = rate.output.rate_limit_info;
    state.rateLimit = {
      status: info.status ?? 'unknown',
      resetsAt: info.resetsAt,
      type: info.rateLimitType,
      utilization: info.utilization,
    };
    return [{ kind: 'rate_limit', status: state.rateLimit.status, resetsAt: info.resetsAt }];
  }
  const result = v.safeParse(Result, data);
  if (result.success) state.result = toResult(result.output);
  return [];
}

function readAssistant(state: StreamState, event: v.InferOutput<typeof Assistant>): RunEvent[] {
  state.model ??= event.message.model;
  const out: RunEvent[] = [];
  for (const block of event.message.content ?? []) {
    const use = v.safeParse(ToolUse, block);
    if (!use.success) continue;
    if (use.output.id !== undefined) state.toolNames.set(use.output.id, use.output.name);
    if (use.output.name === 'WebSearch') {
      state.searches++;
      out.push({
        kind: 'search',
        query: use.output.input?.query ?? '',
        searches: state.searches,
        pages: state.pages,
      });
    } else if (use.output.name === 'WebFetch') {
      state.pages++;
      const url = use.output.input?.url ?? '';
      if (url !== '') state.fetchedUrls.push(url);
      out.push({ kind: 'fetch', url, searches: state.searches, pages: state.pages });
    }
  }
  return out;
}

function readToolResults(state: StreamState, event: v.InferOutput<typeof User>): RunEvent[] {
  const out: RunEvent[] = [];
  const blocks = Array.isArray(event.message.content) ? event.message.content : [];
  for (const block of blocks) {
    const result = v.safeParse(ToolResult, block);
    if (!result.success || state.toolNames.get(result.output.tool_use_id) !== 'WebSearch') continue;
    const content = result.output.content ?? '';
    const text = (
      typeof content === 'string'
        ? content
        : content
            .flatMap((c) => {
              const t = v.safeParse(TextBlock, c);
              return t.success ? [t.output.text] : [];
            })
            .join('\n')
    ).trim();
    if (text !== '') out.push({ kind: 'search_result', text: text.slice(0, MAX_SEARCH_RESULT_CHARS) });
  }
  return out;
}

function toResult(r: v.InferOutput<typeof Result>): ResultEvent {
  const status = typeof r.api_error_status === 'number' ? r.api_error_status : undefined;
  const apiError = [r.api_error, r.api_error_type].filter((x) => typeof x === 'string').join(' ');
  return {
    subtype: r.subtype ?? 'unknown',
    isError: r.is_error === true,
    text: typeof r.result === 'string' ? r.result : '',
    structuredOutput: r.structured_output,
    hasStructuredOutput: r.structured_output !== undefined && r.structured_output !== null,
    errors: (r.errors ?? []).filter((e) => typeof e === 'string'),
    apiStatus: status,
    apiError,
    ...spendOf(r),
  };
}

/** A count the CLI reported, or 0: a missing or odd field never fails a run. */
const count = (x: unknown) => (typeof x === 'number' && Number.isFinite(x) && x >= 0 ? x : 0);

/** Input tokens include those read from and written to the prompt cache: all of them are spent. */
function spendOf(r: v.InferOutput<typeof Result>) {
  const usage = v.safeParse(Usage, r.usage);
  const u = usage.success ? usage.output : {};
  return {
    turns: count(r.num_turns),
    inputTokens:
      count(u.input_tokens) + count(u.cache_creation_input_tokens) + count(u.cache_read_input_tokens),
    outputTokens: count(u.output_tokens),
    costUsd: count(r.total_cost_usd),
  };
}

/** One progress line for an event, e.g. `searching: rust 2026 (1 of 4 searches)`. */
export function progressText(event: RunEvent, caps: { searches: number; reads: number }): string {
  if (event.kind === 'search')
    return `searching: ${event.query} (${event.searches} of ${caps.searches} searches)`;
  if (event.kind === 'fetch') return `reading: ${event.url} (${event.pages} of ${caps.reads} pages)`;
  if (event.kind === 'search_result') return 'searched: results arrived';
  return event.status === 'rejected' ? 'waiting: Claude usage limit reached' : `usage: ${event.status}`;
}
