// A code block whose lines are elements (a highlighter's `<span class="line">`, shown one a row by
// its stylesheet, or a `<div>` a line) with no newline between them: each line ends in one, so the
// code reads as lines in the text and in the markdown instead of running together.

// Class words that name one line of highlighted code (shiki's `line`, prism's `token-line`, `code-line`).
const LINE_NAME = /(^|[\s_-])line([\s_]|$)/;

function isLine(el: Element): boolean {
  return el.nodeName === 'DIV' || LINE_NAME.test(el.getAttribute('class') ?? '');
}

function endsWithNewline(el: Element): boolean {
  const last = el.lastChild;
  if (last === null) return false;
  if (last.nodeType === 3) return (last.nodeValue ?? '').endsWith('\n');
  return last.nodeName === 'BR' || (last.nodeType === 1 && endsWithNewline(last as Element));
}

function startsWithNewline(node: Node | null): boolean {
  return node !== null && node.nodeType === 3 && (node.nodeValue ?? '').startsWith('\n');
}

/** The elements that hold a block's lines: the <pre>'s own children, or its <code>'s. */
function lineHolders(pre: Element): Element[] {
  const kids = Array.from(pre.children);
  const code = kids.length === 1 && kids[0]?.nodeName === 'CODE' ? kids[0] : undefined;
  return Array.from((code ?? pre).children);
}

/** Ends each element line of every code block under `root` with a newline where the markup has none. */
export function separateCodeLines(root: Element): void {
  for (const pre of Array.from(root.querySelectorAll('pre'))) {
    const lines = lineHolders(pre).filter(isLine);
    if (lines.length < 2) continue;
    for (const line of lines) {
      if (line.nextSibling === null || endsWithNewline(line) || startsWithNewline(line.nextSibling)) continue;
      line.after(line.ownerDocument.createTextNode('\n'));
    }
  }
}
