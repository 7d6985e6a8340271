// Characters a person never sees but a model reads: zero-width, bidirectional controls and
// Unicode tags (which spell hidden ASCII, "ASCII smuggling"). Removed from all page text.

// U+180E Mongolian vowel separator, U+200B–U+200F zero-width and direction marks, U+202A–U+202E
// embeddings and overrides, U+2060–U+2064 word joiner and invisible operators, U+2066–U+2069
// isolates, U+061C Arabic letter mark, U+FEFF zero-width no-break space, U+E0000–U+E007F tags.
const INVISIBLE =
  /[\u061C\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]|\uDB40[\uDC00-\uDC7F]/g;

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
