// Tables in markdown: data tables as pipe tables (a header row, cells on one line, spans kept),
// layout tables (one column, or tables nesting tables) left to read as plain blocks.
import type TurndownService from 'turndown';
import { asLocalNames } from './html-dom.ts';

// Rules test each element's `localName` against these (see asLocalNames).
const CELLS = asLocalNames(['TD', 'TH']);
const ROWS = asLocalNames(['TR']);
const SECTIONS = asLocalNames(['THEAD', 'TBODY', 'TFOOT']);
const TABLES = asLocalNames(['TABLE']);
const CAPTIONS = asLocalNames(['CAPTION']);

/** One line per cell: pipes escaped, inner breaks flattened. */
function cellText(content: string): string {
  return content
    .replace(/\s*\n+\s*/g, ' ')
    .replace(/\|/g, '\\|')
    .trim();
}

function tableOf(node: Node): Element | null {
  let n: Node | null = node.parentNode;
  while (n && n.nodeName !== 'TABLE') n = n.parentNode;
  return n as Element | null;
}

// Layout tables (one column, or tables nesting tables) read better as plain blocks.
const dataTables = new WeakMap<Element, boolean>();
function isDataTable(table: Element | null): table is Element {
  if (!table) return false;
  let known = dataTables.get(table);
  if (known === undefined) {
    const rows = Array.from(table.querySelectorAll('tr'));
    const widest = rows.reduce((m, r) => Math.max(m, r.children.length), 0);
    known = widest >= 2 && table.querySelector('table') === null;
    dataTables.set(table, known);
  }
  return known;
}

// Per-table facts are read once per table, not once per row: tables of many thousand rows stay linear.
const columnCounts = new WeakMap<Element, number>();
const firstRows = new WeakMap<Element, Element | null>();

function firstRow(table: Element): Element | null {
  let row = firstRows.get(table);
  if (row === undefined) {
    row = table.querySelector('tr');
    firstRows.set(table, row);
  }
  return row;
}

function columnCount(table: Element): number {
  const known = columnCounts.get(table);
  if (known !== undefined) return known;
  let widest = 0;
  for (const row of Array.from(table.querySelectorAll('tr'))) {
    let cols = 0;
    for (const cell of Array.from(row.children)) cols += Number(cell.getAttribute('colspan')) || 1;
    widest = Math.max(widest, cols);
  }
  columnCounts.set(table, widest);
  return widest;
}

/** Adds the table rules to `td`. */
export function addTableRules(td: TurndownService): void {
  td.addRule('tableCell', {
    filter: (n) => CELLS.has(n.localName) && isDataTable(tableOf(n)),
    replacement: (content, n) => {
      const span = Number((n as Element).getAttribute('colspan')) || 1;
      return `| ${cellText(content)} ${'| '.repeat(Math.min(span, 20) - 1)}`;
    },
  });
  td.addRule('tableRow', {
    filter: (n) => ROWS.has(n.localName) && isDataTable(tableOf(n)),
    replacement: (content, n) => {
      const table = tableOf(n);
      if (!table || content.trim() === '') return '';
      const cols = columnCount(table);
      const have = (content.match(/(^|[^\\])\|/g) ?? []).length;
      const row = `${content.trimEnd()}${' |'.repeat(Math.max(0, cols - have))} |\n`;
      const first = firstRow(table) === n;
      return first ? `${row}|${' --- |'.repeat(cols)}\n` : row;
    },
  });
  td.addRule('tableSection', {
    filter: (n) => SECTIONS.has(n.localName),
    replacement: (content) => content,
  });
  td.addRule('table', {
    filter: (n) => TABLES.has(n.localName) && isDataTable(n as Element),
    replacement: (content) => `\n\n${content.replace(/\n{2,}/g, '\n')}\n\n`,
  });
  td.addRule('caption', {
    filter: (n) => CAPTIONS.has(n.localName),
    replacement: (c) => `\n\n${c.trim()}\n\n`,
  });
}
