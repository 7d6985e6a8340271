// The tools' input fields as valibot schemas with their bounds (R-U1). Descriptions
// only where a name does not speak for itself: small models pay for every token of
// the tool list on every turn. Shared so every tool states a field the same way.
import * as v from 'valibot';

const text = (max: number) =>
  v.pipe(
    v.string(),
    v.trim(),
    v.minLength(1, 'must not be empty'),
    v.maxLength(max, `must be at most ${max} characters`),
  );

export const question = text(2000);

export const optionalQuestion = v.optional(v.pipe(text(2000), v.description('Omit for the gist.')));

export const goal = v.pipe(
  text(1000),
  v.description(
    'What you will do with the answer; only what serves it is kept. Sent to the web: no secrets.',
  ),
);

export const query = text(400);

export const maxTokens = (fallback: number) =>
  v.optional(
    v.pipe(
      v.number(),
      v.integer('must be a whole number'),
      v.minValue(50, 'must be at least 50'),
      v.maxValue(4000, 'must be at most 4000'),
    ),
    fallback,
  );

export const format = v.optional(
  v.picklist(['markdown', 'json'], 'must be "markdown" or "json"'),
  'markdown',
);

export const url = v.pipe(
  v.string(),
  v.trim(),
  v.maxLength(2048, 'must be at most 2048 characters'),
  v.url('must be an absolute http(s) URL'),
  v.regex(/^https?:\/\//i, 'must be an http(s) URL'),
);

export const depth = v.optional(
  v.pipe(
    v.picklist(['quick', 'standard', 'deep'], 'must be quick, standard or deep'),
    v.description('Searches/pages: quick 2/3, standard 4/6, deep 8/12.'),
  ),
  'standard',
);

export const recency = v.optional(
  v.picklist(['day', 'week', 'month', 'year', 'any'], 'must be day, week, month, year or any'),
  'any',
);

const HOST_NAME = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9-]{2,63}$/;

export const domains = v.optional(
  v.pipe(
    v.array(
      v.pipe(
        v.string(),
        v.trim(),
        v.toLowerCase(),
        v.regex(HOST_NAME, 'must be host names like example.com (no scheme, no path)'),
      ),
    ),
    v.maxLength(10, 'must list at most 10 host names'),
    v.description('Only these sites, e.g. nodejs.org.'),
  ),
);

export const cache = v.optional(
  v.pipe(
    v.picklist(['use', 'refresh'], 'must be "use" or "refresh"'),
    v.description('refresh: skip cached answers.'),
  ),
  'use',
);

export const count = v.optional(
  v.pipe(
    v.number(),
    v.integer('must be a whole number'),
    v.minValue(1, 'must be at least 1'),
    v.maxValue(20, 'must be at most 20'),
  ),
  10,
);
