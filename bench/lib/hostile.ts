// Pages built to be hard to read, each about 2 MB: the shapes a careless or hostile site
// serves (huge tables, all navigation, bare blocks, deep or broken nesting). The extract
// bench times web-mcp on each against its 2 s limit.
const SIZE = 2_000_000;

/** `unit(i)` repeated until the page holds about 2 MB. */
function fill(unit: (i: number) => string, head = '<html><body>', tail = '</body></html>'): string {
  const parts: string[] = [head];
  let length = head.length + tail.length;
  for (let i = 0; length < SIZE; i++) {
    const part = unit(i);
    parts.push(part);
    length += part.length;
  }
  parts.push(tail);
  return parts.join('');
}

const para = (i: number): string =>
  `<p>Paragraph ${i} tells the reader something plain about the topic at hand, in ordinary words.</p>`;

export const HOSTILE_PAGES: Readonly<Record<string, () => string>> = {
  'an article of short paragraphs': () => fill(para, '<html><body><article>', '</article></body></html>'),
  'a table of many rows': () =>
    fill(
      (i) => `<tr><td>row ${i}</td><td>value ${i * 3}</td><td>note</td></tr>`,
      '<html><body><h1>Figures</h1><table>',
      '</table></body></html>',
    ),
  'all navigation': () =>
    fill(
      (i) => `<a href="/p${i}">Link ${i}</a> `,
      '<html><body><header><nav>',
      '</nav></header></body></html>',
    ),
  'a list of links': () =>
    fill((i) => `<a href="/p${i}">Entry ${i}</a> `, '<html><body><div class="list">', '</div></body></html>'),
  'bare blocks': () => fill((i) => `<div class="c${i % 7}">item ${i}</div>`),
  'inline spans': () => fill((i) => `<span>w${i}</span> `, '<html><body><div>', '</div></body></html>'),
  'blocks nested 390 deep': () => fill((i) => `${'<div>'.repeat(390)}${para(i)}${'</div>'.repeat(390)}`),
  'nesting past any limit, unclosed': () => fill(para, `<html><body>${'<div><span><b>'.repeat(4000)}`, ''),
  'broken markup': () =>
    fill(
      (i) =>
        `</div></p><p class="a>${para(i)}</td></tr>&#xFFFFFFFF; &bogus; <div <p>${para(i + 1)}<table><p></b></i>`,
    ),
  'one paragraph of 2 MB': () => fill(() => 'word ', '<html><body><p>', '</p></body></html>'),
};
