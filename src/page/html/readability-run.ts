// Readability itself: loaded once, when first needed, and run on a tree with our options;
// a tree it throws on reads as no story (the region reads it instead).
import type { Readability as ReadabilityClass } from '@mozilla/readability';

export type ReadabilityCtor = typeof ReadabilityClass;
let readability: Promise<ReadabilityCtor> | undefined;

export function loadReadability(): Promise<ReadabilityCtor> {
  readability ??= import('@mozilla/readability').then((m) => {
    // Bundled, this CommonJS module arrives as a default export only.
    const mod: { Readability?: ReadabilityCtor; default?: { Readability: ReadabilityCtor } } = m;
    const ctor = mod.Readability ?? mod.default?.Readability;
    if (ctor === undefined) throw new Error('@mozilla/readability exports no Readability');
    return ctor;
  });
  return readability;
}

export interface ReadabilityResult {
  readonly root: Element | null;
  readonly title: string | undefined;
  readonly byline: string | undefined;
  readonly published: string | undefined;
}

export function runReadability(
  Readability: ReadabilityCtor,
  document: Document,
  charThreshold?: number,
): ReadabilityResult {
  try {
    const options = { keepClasses: true, serializer: (n: Node) => n };
    const article = new Readability(
      document,
      charThreshold ? { ...options, charThreshold } : options,
    ).parse();
    const content: unknown = article?.content;
    return {
      root: isElement(content) ? content : null,
      title: article?.title ?? undefined,
      byline: article?.byline ?? undefined,
      published: article?.publishedTime ?? undefined,
    };
  } catch {
    // Readability throws on some broken trees; the region reads them instead.
    return { root: null, title: undefined, byline: undefined, published: undefined };
  }
}

function isElement(value: unknown): value is Element {
  return typeof value === 'object' && value !== null && (value as Node).nodeType === 1;
}
