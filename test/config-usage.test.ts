// BRAVE_MONTHLY_QUOTA: 2,000 requests (Brave's free plan) by default, a whole number
// from 1 up; a bad value is refused with one line naming the variable.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseCli } from '../src/config.ts';

const parse = (env: Record<string, string>) =>
  parseCli({ argv: [], env: { HOME: '/home/u', ...env }, platform: 'linux', readTextFile: () => '' });

describe('BRAVE_MONTHLY_QUOTA', () => {
  it('defaults to 2000 and takes a plan’s own quota', () => {
    for (const [value, quota] of [
      [undefined, 2000],
      ['20000', 20_000],
      [' 1 ', 1],
    ] as const) {
      const parsed = parse(value === undefined ? {} : { BRAVE_MONTHLY_QUOTA: value });
      assert.equal(parsed.kind, 'serve');
      if (parsed.kind === 'serve') assert.equal(parsed.config.braveMonthlyQuota, quota);
    }
  });

  it('refuses 0, fractions and words, naming the variable', () => {
    for (const value of ['0', '2.5', 'lots', '']) {
      const parsed = parse({ BRAVE_MONTHLY_QUOTA: value });
      assert.equal(parsed.kind, 'error', value);
      if (parsed.kind === 'error')
        assert.match(parsed.message, /^BRAVE_MONTHLY_QUOTA must be a whole number/);
    }
  });
});
