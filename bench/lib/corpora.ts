// The two extraction corpora next to the repo: the modern-web pages (typed, with their
// main text) and Mozilla Readability's test pages (expected text from Readability 0.6.0);
// where one is absent (a fresh clone), the small sample in bench/data stands in for it.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { REPO } from './report.ts';

export interface CorpusPage {
  readonly corpus: 'modern' | 'readability';
  readonly id: string;
  readonly type: string;
  readonly url: string;
  /** Read from disk at each use: a bench holds the page it reads, not the corpus. */
  readonly html: string;
  readonly expected: string;
}

/**
 * Holding every page's markup slows extraction itself (a large heap makes each collection
 * costlier): the markup is read when asked for, as a server holds only the page it reads.
 */
function withLazyHtml<T extends Omit<CorpusPage, 'html'>>(
  page: T,
  read: () => string,
): T & { readonly html: string } {
  return Object.defineProperty(page, 'html', { get: read, enumerable: true }) as T & {
    readonly html: string;
  };
}

interface Truth {
  readonly articleBody: string;
  readonly url: string;
  readonly type: string;
}

export const MODERN_DIR = resolve(REPO, process.env.WEB_MCP_MODERN_DIR ?? '../shared/data/modern-dev');
export const PAGES_DIR = resolve(REPO, process.env.WEB_MCP_PAGES_DIR ?? '../shared/data/pages');
/** The sample that ships in the repository (bench/data/README.md): a few pages of each corpus. */
export const SAMPLE_MODERN_DIR = resolve(REPO, 'bench/data/modern');
export const SAMPLE_PAGES_DIR = resolve(REPO, 'bench/data/readability');

function isTruth(v: unknown): v is Truth {
  if (typeof v !== 'object' || v === null) return false;
  const r = v as Record<string, unknown>;
  return typeof r.articleBody === 'string' && typeof r.url === 'string' && typeof r.type === 'string';
}

export function loadModern(dir = MODERN_DIR): CorpusPage[] {
  const file = join(dir, 'ground-truth.json');
  if (!existsSync(file)) return [];
  const truth: Record<string, unknown> = JSON.parse(readFileSync(file, 'utf8'));
  return Object.entries(truth)
    .filter((e): e is [string, Truth] => isTruth(e[1]) && htmlFile(dir, e[0]) !== undefined)
    .sort((a, b) => a[0].localeCompare(b[0]))
    .map(([id, t]) => ({
      corpus: 'modern' as const,
      id,
      // One page is typed "blog": it is an article.
      type: t.type === 'blog' ? 'article' : t.type,
      url: t.url,
      expected: t.articleBody,
    }))
    .map((page) => withLazyHtml(page, () => readHtml(htmlFile(dir, page.id) ?? '')));
}

/** A page's markup file: gzipped as fetched, or plain (the self-made sample pages). */
function htmlFile(dir: string, id: string): string | undefined {
  return [`${id}.html.gz`, `${id}.html`].map((name) => join(dir, 'html', name)).find((f) => existsSync(f));
}

const readHtml = (file: string) =>
  file.endsWith('.gz') ? gunzipSync(readFileSync(file)).toString('utf8') : readFileSync(file, 'utf8');

export function loadReadabilityPages(dir = PAGES_DIR): CorpusPage[] {
  const pages = existsSync(join(dir, 'pages')) ? join(dir, 'pages') : dir;
  if (!existsSync(pages)) return [];
  const overrides = join(dir, 'pages-0.6.0-overrides');
  return readdirSync(pages)
    .filter((name) => existsSync(join(pages, name, 'source.html')))
    .sort()
    .map((name) => {
      // npm ships Readability 0.6.0; three pages changed after it.
      const over = join(overrides, name, 'expected.txt');
      const page = {
        corpus: 'readability' as const,
        id: name,
        type: 'article',
        url: 'http://fakehost/test/page.html',
        expected: readFileSync(existsSync(over) ? over : join(pages, name, 'expected.txt'), 'utf8'),
      };
      return withLazyHtml(page, () => readFileSync(join(pages, name, 'source.html'), 'utf8'));
    });
}

export interface Corpus {
  readonly pages: CorpusPage[];
  /** True when the corpus outside the repository was absent and bench/data's sample stood in. */
  readonly sample: boolean;
}

/** Says in one line (on stderr) that a corpus is outside the repository and absent, and what is measured instead. */
function missing(what: string, dir: string, env: string, sample: string): void {
  console.error(`bench: ${what} not found at ${dir} (set ${env}); measuring the sample in ${sample} instead`);
}

/** The modern-web corpus, or where it is absent, the sample in bench/data/modern. */
export function modernCorpus(): Corpus {
  const pages = loadModern();
  if (pages.length > 0) return { pages, sample: false };
  missing('the modern-web corpus', MODERN_DIR, 'WEB_MCP_MODERN_DIR', 'bench/data/modern');
  return { pages: loadModern(SAMPLE_MODERN_DIR), sample: true };
}

/** The directory holding Readability's test pages, or where they are absent, bench/data/readability. */
export function readabilityDir(): { readonly dir: string; readonly sample: boolean } {
  if (loadReadabilityPages(PAGES_DIR).length > 0) return { dir: PAGES_DIR, sample: false };
  missing("Readability's test pages", PAGES_DIR, 'WEB_MCP_PAGES_DIR', 'bench/data/readability');
  return { dir: SAMPLE_PAGES_DIR, sample: true };
}

/** Readability's test pages, or where they are absent, the sample in bench/data/readability. */
export function readabilityCorpus(): Corpus {
  const { dir, sample } = readabilityDir();
  return { pages: loadReadabilityPages(dir), sample };
}
