// A tree's plain text as a reader takes it in: a line per block, table cells set apart,
// whitespace collapsed outside code.
import { asLocalNames, isInvisible } from './html-dom.ts';

/** Elements that start a line of their own in the text; table cells (CELLS) are set apart by a space. */
export const BLOCKS = asLocalNames([
  'ADDRESS',
  'ARTICLE',
  'ASIDE',
  'BLOCKQUOTE',
  'BR',
  'DD',
  'DIV',
  'DL',
  'DT',
  'FIELDSET',
  'FIGCAPTION',
  'FIGURE',
  'FOOTER',
  'FORM',
  'H1',
  'H2',
  'H3',
  'H4',
  'H5',
  'H6',
  'HEADER',
  'HR',
  'LI',
  'MAIN',
  'NAV',
  'OL',
  'P',
  'PRE',
  'SECTION',
  'TABLE',
  'TR',
  'UL',
]);

const PRE = asLocalNames(['PRE']);
export const CELLS = asLocalNames(['TD', 'TH']);

/** Plain text of `node`: one line per block, whitespace collapsed, code kept as is. */
export function blockText(node: Node): string {
  // Lines are built as the walk goes: no list of every fragment, joined, split and joined again.
  const lines: string[] = [];
  let line = '';
  const endLine = (): void => {
    const trimmed = line.replace(EDGE_BLANKS, '');
    if (trimmed !== '') lines.push(trimmed);
    line = '';
  };
  const addText = (text: string): void => {
    let from = 0;
    for (let nl = text.indexOf('\n'); nl >= 0; nl = text.indexOf('\n', from)) {
      line += text.slice(from, nl);
      endLine();
      from = nl + 1;
    }
    line += from === 0 ? text : text.slice(from);
  };
  const walk = (n: Node, pre: boolean): void => {
    for (let c = n.firstChild; c; c = c.nextSibling) {
      if (c.nodeType === 3) {
        if (pre) addText(c.nodeValue ?? '');
        else line += (c.nodeValue ?? '').replace(/\s+/g, ' ');
      } else if (c.nodeType === 1 && !isInvisible(c as Element)) {
        const name = (c as Element).localName;
        const block = BLOCKS.has(name);
        if (block) endLine();
        walk(c, pre || PRE.has(name));
        if (block) endLine();
        else if (CELLS.has(name)) line += ' ';
      }
    }
  };
  walk(node, false);
  endLine();
  return lines.join('\n');
}

const EDGE_BLANKS = /^[ \t]+|[ \t]+$/g;
