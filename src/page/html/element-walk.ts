// Whole-tree walks that stand in for selector scans: one walk answering several questions costs
// less than a `querySelectorAll` per question, each compiling its selector and visiting every node.

/**
 * Calls `visit` on every element under `root` (not `root` itself) in document order, as
 * `querySelectorAll` lists them: a <template>'s content is not entered. Where `visit` returns
 * false, the element's descendants are skipped.
 */
export function forEachElement(root: Node, visit: (el: Element) => boolean): void {
  let at: Node | null = root.firstChild;
  while (at !== null) {
    if (at.nodeType === 1) {
      const el = at as Element;
      if (visit(el) && el.localName !== 'template' && el.firstChild !== null) {
        at = el.firstChild;
        continue;
      }
    }
    // Up to the nearest ancestor with a next sibling, never above `root`.
    while (at !== null && at !== root && at.nextSibling === null) at = at.parentNode;
    at = at === null || at === root ? null : at.nextSibling;
  }
}

/** Whether an element under `root` passes `test`, stopping at the first (as `querySelector`). */
export function someElement(root: Node, test: (el: Element) => boolean): boolean {
  let found = false;
  forEachElement(root, (el) => {
    if (test(el)) found = true;
    return !found;
  });
  return found;
}
