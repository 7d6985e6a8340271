// Reading what Brave answered: the results JSON (valibot, one bad result never
// sinks the rest), its error body, and its rate-limit headers — all as plain values.
import * as v from 'valibot';
import { plainText } from './snippet.ts';

export interface BraveResult {
  readonly title: string;
  readonly url: string;
  readonly snippet: string;
  readonly date?: string;
}

const HttpUrl = v.pipe(v.string(), v.url(), v.regex(/^https?:\/\//i));

const ResultSchema = v.object({
  title: v.string(),
  url: HttpUrl,
  description: v.optional(v.string()),
  extra_snippets: v.optional(v.array(v.string())),
  page_age: v.optional(v.string()),
  age: v.optional(v.string()),
});

const BodySchema = v.object({
  web: v.optional(v.object({ results: v.array(v.unknown()) })),
});

const ErrorItem = v.object({ code: v.optional(v.string()), detail: v.optional(v.string()) });
const ErrorSchema = v.object({ error: v.optional(ErrorItem), errors: v.optional(v.array(ErrorItem)) });

function dateOf(r: v.InferOutput<typeof ResultSchema>): string | undefined {
  const iso = /^\d{4}-\d{2}-\d{2}/.exec(r.page_age ?? '')?.[0];
  if (iso !== undefined) return iso;
  // `age` is sometimes relative ("2 days ago"), which goes stale in a cache: keep only absolute dates.
  const age = r.age?.trim();
  return age && !/\bago\b/i.test(age) ? age : undefined;
}

/** The web results, or undefined when the body is not Brave's search JSON at all. */
export function parseResults(json: unknown, count: number): BraveResult[] | undefined {
  const body = v.safeParse(BodySchema, json);
  if (!body.success) return undefined;
  const results: BraveResult[] = [];
  for (const raw of body.output.web?.results ?? []) {
    const r = v.safeParse(ResultSchema, raw);
    if (!r.success) continue;
    const parts = [r.output.description ?? '', ...(r.output.extra_snippets ?? [])]
      .map(plainText)
      .filter((s) => s !== '');
    const date = dateOf(r.output);
    results.push({
      title: plainText(r.output.title) || r.output.url,
      url: r.output.url,
      snippet: [...new Set(parts)].join(' … '),
      ...(date === undefined ? {} : { date }),
    });
    if (results.length >= count) break;
  }
  return results;
}

/** Brave's error `code` and `detail` (body shapes `{error:{…}}` and `{errors:[…]}`), if any. */
export function parseError(text: string): { code: string; detail: string } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { code: '', detail: '' };
  }
  const body = v.safeParse(ErrorSchema, json);
  const item = body.success ? (body.output.error ?? body.output.errors?.[0]) : undefined;
  return { code: item?.code ?? '', detail: (item?.detail ?? '').replace(/\s+/g, ' ').trim().slice(0, 200) };
}

const numbers = (value: string | null): number[] =>
  (value ?? '').split(',').map((s) => Number.parseFloat(s.trim()));

/** How long to stay away after a 429: Retry-After, else the X-RateLimit-Reset of the exhausted windows. */
export function retryAfterMs(headers: Headers, now: number): number {
  const retry = headers.get('retry-after')?.trim();
  if (retry) {
    const seconds = Number(retry);
    if (Number.isFinite(seconds) && seconds >= 0) return Math.ceil(seconds * 1000);
    const at = Date.parse(retry);
    if (Number.isFinite(at)) return Math.max(0, at - now);
  }
  const resets = numbers(headers.get('x-ratelimit-reset'));
  const remaining = numbers(headers.get('x-ratelimit-remaining'));
  const exhausted = resets.filter((r, i) => Number.isFinite(r) && remaining[i] === 0);
  const pick = exhausted.length > 0 ? Math.max(...exhausted) : resets.find(Number.isFinite);
  return Math.ceil((pick ?? 1) * 1000);
}

/** The plan's per-second limit from `X-RateLimit-Policy: 1;w=1, 15000;w=2592000`, if stated. */
export function perSecondLimit(headers: Headers): number | undefined {
  for (const part of (headers.get('x-ratelimit-policy') ?? '').split(',')) {
    const m = /^\s*(\d+)\s*;\s*w\s*=\s*1\s*$/.exec(part);
    if (m?.[1] !== undefined) return Number(m[1]);
  }
  return undefined;
}

/** Codes that mean the key or plan is wrong: Brave answers a bad key with 422, not only 401/403. */
export function isKeyOrPlanError(status: number, code: string): boolean {
  return status === 401 || status === 403 || status === 402 || /^SUBSCRIPTION_|TOKEN/i.test(code);
}
