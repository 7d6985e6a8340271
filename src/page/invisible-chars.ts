// Characters a person never sees but a model reads: zero-width, bidirectional controls,
// Unicode tags (which spell hidden ASCII, "ASCII smuggling") and variation selectors (a run of
// them after one visible character can spell hidden bytes). Removed from all page text.
// Quote checking (src/reply/normalize.ts) drops each of them too, so a quote keeping one still matches.

// U+180E Mongolian vowel separator, U+200B–U+200F zero-width and direction marks, U+202A–U+202E
// embeddings and overrides, U+2060–U+2064 word joiner and invisible operators, U+2066–U+2069
// isolates, U+061C Arabic letter mark, U+FE00–U+FE0F variation selectors, U+FEFF zero-width
// no-break space; U+E0000–U+E007F tags and U+E0100–U+E01EF variation selectors (surrogate pairs).
const INVISIBLE =
  /[\u061C\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]|[\uFE00-\uFE0F]|\uDB40[\uDC00-\uDC7F\uDD00-\uDDEF]/g;

/** `text` without the characters that show nothing. */
export function withoutInvisible(text: string): string {
  return text.replace(INVISIBLE, '');
}

interface PageStrings {
  readonly title: string;
  readonly markdown: string;
  readonly text: string;
  readonly byline?: string;
}

/** A page's text fields, each without invisible characters. */
export function visibleStrings<T extends PageStrings>(page: T): T {
  return {
    ...page,
    title: withoutInvisible(page.title),
    markdown: withoutInvisible(page.markdown),
    text: withoutInvisible(page.text),
    ...(page.byline === undefined ? {} : { byline: withoutInvisible(page.byline) }),
  };
}
