// Markdown links read as their text: link targets are addresses, not words a reader
// sees, and on link-dense pages they outweigh the prose in both tokens and terms.

// A target may hold one level of balanced parentheses, as in /wiki/Gecko_(software).
const TARGET = /\]\((?:[^()\s]|\([^()\s]*\))*(?:\s+"[^"]*")?\)/g;

/** `markdown` with every `[text](target)` written as `[text]`. */
export function withoutTargets(markdown: string): string {
  return markdown.replace(TARGET, ']');
}
