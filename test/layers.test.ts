// The layers import one way only (DESIGN.md "Layout"): every file of src/ and adapters/ sits in
// one layer, imports nothing from a layer above its own, and no folder or file takes part in an
// import cycle. docs/architecture.md's picture is generated from the same graph and must match it.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import {
  architecturePicture,
  type ImportGraph,
  importGraph,
  LAYERS,
  layerOf,
  unitOf,
} from './helpers/layers.ts';

/** Strongly connected components of more than one node (or a node importing itself), by Tarjan. */
function cycles(edges: ReadonlyMap<string, ReadonlySet<string>>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string): void => {
    index.set(node, next);
    low.set(node, next);
    next += 1;
    stack.push(node);
    onStack.add(node);
    for (const to of edges.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(to) ?? 0));
      } else if (onStack.has(to)) low.set(node, Math.min(low.get(node) ?? 0, index.get(to) ?? 0));
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop();
      if (member === undefined) break;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1 || edges.get(node)?.has(node)) found.push(component.sort());
  };
  for (const node of edges.keys()) if (!index.has(node)) visit(node);
  return found;
}

function unitEdges(graph: ImportGraph): Map<string, Set<string>> {
  const edges = new Map<string, Set<string>>();
  for (const [from, targets] of graph) {
    const a = unitOf(from);
    const set = edges.get(a) ?? new Set<string>();
    edges.set(a, set);
    for (const to of targets) if (unitOf(to) !== a) set.add(unitOf(to));
  }
  return edges;
}

describe('layers', () => {
  const graph = importGraph();

  it('places every file of src/ and adapters/ in a layer', () => {
    assert.deepEqual(
      [...graph.keys()].filter((file) => layerOf(file) === undefined),
      [],
      'a new folder needs its place in test/helpers/layers.ts and DESIGN.md',
    );
  });

  it('imports nothing from a higher layer', () => {
    const upward = [...graph].flatMap(([from, targets]) =>
      [...targets]
        .filter((to) => (layerOf(to) ?? 0) < (layerOf(from) ?? 0))
        .map(
          (to) =>
            `${from} → ${to} (${LAYERS[layerOf(from) ?? 0]?.name} imports ${LAYERS[layerOf(to) ?? 0]?.name})`,
        ),
    );
    assert.deepEqual(upward, []);
  });

  it('has no import cycle between folders', () => {
    assert.deepEqual(cycles(unitEdges(graph)), []);
  });

  it('has no import cycle between files', () => {
    assert.deepEqual(cycles(graph), []);
  });

  it('docs/architecture.md shows the imports as they are', () => {
    const doc = readFileSync(new URL('../docs/architecture.md', import.meta.url), 'utf8');
    assert.ok(
      doc.includes(architecturePicture(graph)),
      'regenerate with `node --import tsx scripts/architecture.ts` and commit docs/architecture.md',
    );
  });
});
