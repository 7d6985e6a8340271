// The layers import one way only: page/ and research/ both sit on claude/, research/
// may use page/ (its reader verifies quotes), and neither claude/ nor page/ reaches up.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const SRC = fileURLToPath(new URL('../src/', import.meta.url));

/** The relative imports of every file in src/<dir>, as `file → imported path`. */
function importsOf(dir: string): string[] {
  return readdirSync(join(SRC, dir)).flatMap((name) => {
    const text = readFileSync(join(SRC, dir, name), 'utf8');
    return [...text.matchAll(/from '(\.[^']+)'/g)].map((m) => `${dir}/${name} → ${m[1]}`);
  });
}

describe('layers', () => {
  it('page/ imports nothing from research/', () => {
    assert.deepEqual(
      importsOf('page').filter((i) => i.includes('/research/')),
      [],
    );
  });
  it('claude/ imports nothing from page/, research/ or mcp/', () => {
    assert.deepEqual(
      importsOf('claude').filter((i) => /\/(?:page|research|mcp)\//.test(i)),
      [],
    );
  });
});
