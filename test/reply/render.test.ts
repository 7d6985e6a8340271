import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { describe, it } from 'node:test';
import * as v from 'valibot';
import { toolError } from '../../src/errors.ts';
import { ReplySchema } from '../../src/reply/contract.ts';
import {
  capTooSmall,
  finishReply,
  formatAge,
  metaLine,
  renderBasic,
  renderError,
  renderJson,
  renderMarkdown,
  replyFloor,
} from '../../src/reply/render.ts';
import { GOLDEN } from './golden-replies.ts';
import { meta, reply, source } from './helpers.ts';

const FORMATS = { markdown: renderMarkdown, basic: renderBasic, json: renderJson } as const;
const fixture = (name: string, format: string): Promise<string> =>
  readFile(new URL(`../fixtures/render/${name}.${format}.txt`, import.meta.url), 'utf8');

describe('renderers', () => {
  for (const [name, r] of Object.entries(GOLDEN)) {
    for (const [format, render] of Object.entries(FORMATS)) {
      it(`renders ${name} as ${format} exactly like the committed fixture`, async () => {
        assert.equal(render(r), (await fixture(name, format)).replace(/\n$/, ''));
      });
    }
  }

  it('json is the reply object and validates against ReplySchema', () => {
    const r = GOLDEN.full!;
    assert.deepEqual(v.parse(ReplySchema, JSON.parse(renderJson(r))), r);
  });

  it('keeps every field on one line and joins titles to urls without a double stop', () => {
    const text = renderMarkdown(
      reply({
        answer: 'a\n\nb',
        sources: [
          { title: 'Done.', url: 'u' },
          { title: '', url: 'v' },
        ],
      }),
    );
    assert.match(text, /^Answer: a b$/m);
    assert.match(text, /^\[1\] Done\. u$/m);
    assert.match(text, /^\[2\] v$/m);
  });

  it('basic puts gaps on the Not found line and leaves it out when nothing is missing', () => {
    assert.match(renderBasic(reply({ not_found: 'x', gaps: ['y'] })), /\nNot found: x; y$/);
    assert.doesNotMatch(renderBasic(reply()), /Not found/);
  });

  it('meta line: full, cached with age, compact', () => {
    assert.equal(
      metaLine(meta({ verified: 1, quotes: 2 })),
      'meta: haiku, searches 2, pages 3, brave, verified 1/2, cached no, trimmed no, 8.4 s',
    );
    assert.match(metaLine(meta({ cached: true, age: 90 })), /cached yes \(age 1m\)/);
    assert.equal(metaLine(meta({ compact: true, trimmed: true })), 'meta: haiku, verified 0/0, trimmed yes');
    assert.deepEqual([formatAge(5), formatAge(7200), formatAge(200_000)], ['5s', '2h', '2d']);
  });

  it('a partial reply says so in both meta forms and in JSON', () => {
    assert.match(metaLine(meta({ partial: true })), /, trimmed no, partial yes, 8\.4 s$/);
    assert.equal(
      metaLine(meta({ partial: true, compact: true })),
      'meta: haiku, verified 0/0, trimmed no, partial yes',
    );
    assert.doesNotMatch(metaLine(meta()), /partial/);
    assert.equal(JSON.parse(renderJson(reply({ meta: meta({ partial: true }) }))).meta.partial, true);
    assert.equal(JSON.parse(renderJson(reply())).meta.partial, undefined);
  });

  it('error text starts with the code, once', () => {
    assert.equal(
      renderError(toolError('busy', 'too many calls;\ntry again')),
      'busy: too many calls; try again',
    );
    assert.equal(renderError(toolError('timeout', 'timeout: over 90 s')), 'timeout: over 90 s');
  });

  it('numbers findings by source index + 1', () => {
    const text = renderMarkdown(
      reply({ sources: [source(1), source(2)], findings: [{ claim: 'c', source: 1 }] }),
    );
    assert.match(text, /^- c \[2\]$/m);
  });
});

describe('finishReply', () => {
  it('fits and renders each format under the cap', async () => {
    const { estimateTokens } = await import('../../src/reply/budget.ts');
    for (const format of ['markdown', 'basic', 'json'] as const) {
      const out = await finishReply(GOLDEN.full!, { maxTokens: 120, format });
      assert.equal(typeof out, 'string');
      assert.ok(estimateTokens(out as string) <= 120);
    }
  });

  it('basic drops findings and the sources only they cited', async () => {
    const r = reply({
      answer: 'A [2].',
      sources: [source(1), source(2)],
      findings: [{ claim: 'c', source: 0 }],
    });
    assert.equal(
      await finishReply(r, { maxTokens: 300, format: 'basic' }),
      'A [1].\n\nSources\n[1] Source 2. https://example.com/2',
    );
  });

  it('refuses JSON under the cap its fixed keys need, with invalid_input saying what to do', async () => {
    const out = await finishReply(GOLDEN.full!, { maxTokens: 50, format: 'json' });
    assert.ok(typeof out !== 'string');
    assert.equal(out.code, 'invalid_input');
    assert.match(
      renderError(out),
      /^invalid_input: max_tokens 50 is too small for format json.*raise max_tokens/,
    );
  });

  it('basic says Partial: on a line of its own when the reply was cut short', () => {
    assert.match(renderBasic(reply({ meta: meta({ partial: true }) })), /\n\nPartial: cut short; [^\n]+$/);
    assert.doesNotMatch(renderBasic(reply()), /Partial/);
  });

  it('capTooSmall refuses, in every format, a cap too small for the smallest partial reply', async () => {
    const { estimateTokens } = await import('../../src/reply/budget.ts');
    for (const format of ['markdown', 'basic'] as const) {
      assert.equal(await capTooSmall(50, format), undefined);
      const floor = await replyFloor(format);
      assert.ok(floor > 10 && floor < 50, `${format} floor ${floor}`);
      assert.match(
        renderError((await capTooSmall(floor - 1, format)) ?? toolError('bad_output', 'none')),
        new RegExp(
          `^invalid_input: max_tokens ${floor - 1} is too small for format ${format}, which needs at least ${floor}`,
        ),
      );
    }
    let floor = 50;
    while ((await capTooSmall(floor, 'json')) !== undefined) floor += 1;
    assert.ok(floor > 50 && floor < 150, `json floor ${floor}`);
    const refused = await capTooSmall(floor - 1, 'json');
    assert.match(
      renderError(refused ?? toolError('bad_output', 'none')),
      /^invalid_input: max_tokens \d+ is too small for format json, which needs at least \d+; raise max_tokens/,
    );
    // At the floor every reply fits, even a cached one with wide meta numbers and a long model name.
    const wide = reply({
      ...GOLDEN.full!,
      meta: meta({
        model: 'claude-haiku-4-5-20251001',
        searches: 123,
        pages: 456,
        verified: 7,
        quotes: 9,
        cached: true,
        age: 604_800,
        seconds: 329.9,
      }),
    });
    const partial = reply({ ...wide, meta: { ...wide.meta, partial: true } });
    for (const format of ['json', 'markdown', 'basic'] as const) {
      const at = await replyFloor(format);
      for (const r of [GOLDEN.full!, wide, partial]) {
        const out = await finishReply(r, { maxTokens: at, format });
        assert.equal(typeof out, 'string', `${format} at the floor ${at}`);
        assert.ok(estimateTokens(out as string) <= at);
        if (r === partial)
          assert.match(out as string, format === 'json' ? /"partial":true/ : /partial yes|^Partial: /m);
      }
    }
  });
});
