// The tools' input fields as valibot schemas with their bounds (R-U1) and the
// few words a model needs per field. Shared so every tool states a field the same way.
import * as v from 'valibot';

const text = (max: number, what: string) =>
  v.pipe(
    v.string(),
    v.trim(),
    v.minLength(1, `must not be empty`),
    v.maxLength(max, `must be at most ${max} characters`),
    v.description(what),
  );

export const question = text(2000, 'The question, in plain words.');

export const optionalQuestion = v.optional(text(2000, 'What you want from the page. Omit for the gist.'));

export const goal = text(
  1000,
  'What you will do with the answer; only what serves it is kept. Sent to Claude and the web: no secrets.',
);

export const query = text(400, 'Search terms.');

export const maxTokens = (fallback: number) =>
  v.optional(
    v.pipe(
      v.number(),
      v.integer('must be a whole number'),
      v.minValue(50, 'must be at least 50'),
      v.maxValue(4000, 'must be at most 4000'),
      v.description('Reply cap in tokens.'),
    ),
    fallback,
  );

export const format = v.optional(
  v.pipe(
    v.picklist(['markdown', 'json'], 'must be "markdown" or "json"'),
    v.description('json: the reply object.'),
  ),
  'markdown',
);

export const url = v.pipe(
  v.string(),
  v.trim(),
  v.maxLength(2048, 'must be at most 2048 characters'),
  v.url('must be an absolute http(s) URL'),
  v.regex(/^https?:\/\//i, 'must be an http(s) URL'),
  v.description('http(s) URL of a public page.'),
);

export const depth = v.optional(
  v.pipe(
    v.picklist(['quick', 'standard', 'deep'], 'must be quick, standard or deep'),
    v.description('quick 2 searches/3 pages, standard 4/6, deep 8/12.'),
  ),
  'standard',
);

export const recency = v.optional(
  v.pipe(
    v.picklist(['day', 'week', 'month', 'year', 'any'], 'must be day, week, month, year or any'),
    v.description('Only sources this recent.'),
  ),
  'any',
);

const HOST_NAME = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9-]{2,63}$/i;

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
    v.description('Only these sites, e.g. ["nodejs.org"].'),
  ),
);

export const cache = v.optional(
  v.pipe(
    v.picklist(['use', 'refresh'], 'must be "use" or "refresh"'),
    v.description('refresh: ignore cached answers.'),
  ),
  'use',
);

export const count = v.optional(
  v.pipe(
    v.number(),
    v.integer('must be a whole number'),
    v.minValue(1, 'must be at least 1'),
    v.maxValue(20, 'must be at most 20'),
    v.description('Results wanted.'),
  ),
  10,
);
