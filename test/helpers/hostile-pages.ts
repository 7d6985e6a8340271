// Hostile HTML and JSON bodies a parser must repair or recurse through, by name, at a
// scale factor (1 = the sizes that stalled a server for minutes, or as many as fit the 2 MB
// page limit where those did not, so the parser meets them; tests use less).
export function hostilePages(scale = 1): [string, string, string][] {
  const n = (count: number) => Math.max(1, Math.round(count * scale));
  const html = (name: string, body: string): [string, string, string] => [
    name,
    'text/html',
    `<html><head><title>${name}</title></head><body>${body}</body></html>`,
  ];
  return [
    html('unclosed-div', '<div>'.repeat(n(400_000))),
    html('misnested-b-i', '<b><i>x</b></i>'.repeat(n(130_000))),
    html('nested-table', '<table><tr><td>'.repeat(n(60_000))),
    html('nested-ul', '<ul><li>'.repeat(n(150_000))),
    html('noscript-p', '<noscript><p>'.repeat(n(150_000))),
    html('svg-math', '<svg><foreignObject><math>'.repeat(n(60_000))),
    html('template-shadow', '<div><template shadowrootmode="open">'.repeat(n(52_000))),
    html('closed-div', '<div>x</div>'.repeat(n(160_000))),
    html('nested-a', '<a href="#">x'.repeat(n(150_000))),
    html('nested-blockquote', '<blockquote>'.repeat(n(150_000))),
    html('one-letter-sentences', `<p>${'a. '.repeat(n(650_000))}</p>`),
    html('bidi-controls', `<p>${'\u202e\u202d\u2066x'.repeat(n(190_000))}</p>`),
    html('amp-entities', `<p>${'&amp;'.repeat(n(400_000))}</p>`),
    ['deep-json', 'application/json', `${'['.repeat(n(900_000))}${']'.repeat(n(900_000))}`],
  ];
}
