// Bench notes interpret their bench's table; they never restate a measured figure, which
// would go stale the next time the bench runs (bench/README.md shows notes beside tables).
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { describe, it } from 'node:test';

const DIR = new URL('../bench/notes/', import.meta.url);
// A number with a unit of time, size, rate, ratio or count: what a measurement looks like.
const FIGURE =
  /\d[\d.,]*\s*(?:ms|µs|s\b|MB|KB|GB|%|×|x\b|tokens?\b|req\/s|calls\/s|MB\/s|bytes?\b)|[~≈]\s*\d/;

describe('bench notes', () => {
  for (const name of readdirSync(DIR).filter((f) => f.endsWith('.md'))) {
    it(`${name} restates no figure`, () => {
      const text = readFileSync(new URL(name, DIR), 'utf8');
      const found = FIGURE.exec(text);
      assert.equal(found, null, `${name}: "${found?.[0]}" — point at the table row instead`);
    });
  }
});
