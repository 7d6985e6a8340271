// The hostile pages at full size fit the page limit, so the bench and the integration suite
// hand each of them to the parser rather than having the fetch refuse it for its size.
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { SAFE_FETCH_DEFAULTS } from '../../src/page/fetch/safe-fetch.ts';
import { hostilePages } from '../helpers/hostile-pages.ts';

it('every hostile page fits the 2 MB page limit', () => {
  for (const [name, , body] of hostilePages()) {
    const bytes = new TextEncoder().encode(body).length;
    assert.ok(bytes <= SAFE_FETCH_DEFAULTS.maxBytes, `${name}: ${bytes} bytes`);
  }
});
