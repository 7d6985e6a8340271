// Brave's titles and snippets carry HTML (<strong> highlights, entities): turn
// them into plain text with the spec-compliant parse5 parser rather than regexes.
import { type DefaultTreeAdapterMap, defaultTreeAdapter, parseFragment } from 'parse5';

type Node = DefaultTreeAdapterMap['childNode'] | DefaultTreeAdapterMap['documentFragment'];

// Line-breaking elements become spaces so words either side do not fuse.
const SPACED = new Set(['br', 'p', 'div', 'li', 'tr', 'td', 'th', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6']);

function collect(node: Node, out: string[]): void {
  if (defaultTreeAdapter.isTextNode(node)) {
    out.push(defaultTreeAdapter.getTextNodeContent(node));
    return;
  }
  if (!('childNodes' in node)) return;
  const spaced = 'tagName' in node && SPACED.has(node.tagName);
  if (spaced) out.push(' ');
  for (const child of node.childNodes) collect(child, out);
  if (spaced) out.push(' ');
}

/** Entities decoded, tags dropped, whitespace (incl. no-break spaces) collapsed. */
export function plainText(html: string): string {
  if (!/[<&]/.test(html)) return html.replace(/\s+/g, ' ').trim();
  const out: string[] = [];
  collect(parseFragment(html), out);
  return out.join('').replace(/\s+/g, ' ').trim();
}
