// Brave's titles and snippets carry HTML (<strong> highlights, entities): turn
// them into plain text with the spec-compliant parse5 parser rather than regexes.
// parse5 is imported on first use: it is not needed to start the server.
import type { DefaultTreeAdapterMap } from 'parse5';

type Parse5 = typeof import('parse5');
let parse5: Parse5 | undefined;

/** Loads the parser once; call before `plainText` on text that may hold markup. */
export async function loadSnippetParser(): Promise<void> {
  parse5 ??= await import('parse5');
}

type Node = DefaultTreeAdapterMap['childNode'] | DefaultTreeAdapterMap['documentFragment'];

// Line-breaking elements become spaces so words either side do not fuse.
const SPACED = new Set(['br', 'p', 'div', 'li', 'tr', 'td', 'th', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6']);

function collect(adapter: Parse5['defaultTreeAdapter'], node: Node, out: string[]): void {
  if (adapter.isTextNode(node)) {
    out.push(adapter.getTextNodeContent(node));
    return;
  }
  if (!('childNodes' in node)) return;
  const spaced = 'tagName' in node && SPACED.has(node.tagName);
  if (spaced) out.push(' ');
  for (const child of node.childNodes) collect(adapter, child, out);
  if (spaced) out.push(' ');
}

/** Entities decoded, tags dropped, whitespace (incl. no-break spaces) collapsed. */
export function plainText(html: string): string {
  if (!/[<&]/.test(html)) return html.replace(/\s+/g, ' ').trim();
  if (parse5 === undefined) throw new Error('plainText: call loadSnippetParser() first');
  const out: string[] = [];
  collect(parse5.defaultTreeAdapter, parse5.parseFragment(html), out);
  return out.join('').replace(/\s+/g, ' ').trim();
}
