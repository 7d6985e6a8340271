// The README stays a five-minute read that points to one docs/ page per topic, and every
// relative link in the README and docs/ reaches a file (and a heading, when it names one).
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const README = join(ROOT, 'README.md');
const DOCS = join(ROOT, 'docs');
const PAGES = ['http', 'runtimes', 'security', 'development', 'research', 'embedding'];
const pages = () => [
  README,
  ...readdirSync(DOCS)
    .filter((f) => f.endsWith('.md'))
    .map((f) => join(DOCS, f)),
];

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
function anchor(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .trim()
    .replace(/\s/g, '-');
}

function anchors(file: string): Set<string> {
  const text = readFileSync(file, 'utf8').replace(/```[\s\S]*?```/g, '');
  return new Set([...text.matchAll(/^#{1,6} (.+)$/gm)].map((m) => anchor(m[1] ?? '')));
}

describe('docs', () => {
  it('the README is at most 12 KB', () => {
    const bytes = readFileSync(README).length;
    assert.ok(bytes <= 12 * 1024, `README.md is ${bytes} bytes`);
  });

  it('the README links every docs page, and every docs page is linked', () => {
    const text = readFileSync(README, 'utf8');
    const listed = readdirSync(DOCS)
      .filter((f) => f.endsWith('.md'))
      .map((f) => f.replace(/\.md$/, ''));
    for (const page of new Set([...PAGES, ...listed])) {
      assert.ok(existsSync(join(DOCS, `${page}.md`)), `docs/${page}.md exists`);
      assert.ok(text.includes(`](docs/${page}.md`), `the README links docs/${page}.md`);
    }
  });

  it('every relative link reaches a file, and its #anchor a heading there', () => {
    for (const file of pages()) {
      const text = readFileSync(file, 'utf8').replace(/```[\s\S]*?```/g, '');
      for (const [, target = ''] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^[a-z]+:/.test(target)) continue;
        const [path = '', hash] = target.split('#');
        const to = path === '' ? file : join(dirname(file), path);
        const where = `${relative(ROOT, file)} → ${target}`;
        assert.ok(existsSync(to), where);
        if (hash !== undefined) assert.ok(anchors(to).has(hash), `${where}: no such heading`);
      }
    }
  });
});
