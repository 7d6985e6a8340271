// The house's plan as data: the layers from the adapters down to the seam, which folder or file
// sits in each, the import graph of src/ and adapters/, and the folder-level picture drawn from it
// (docs/architecture.md). Read by test/layers.test.ts and scripts/architecture.ts.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Top to bottom: a file may import from its own layer or any layer below it. */
export const LAYERS: readonly { readonly name: string; readonly members: readonly string[] }[] = [
  { name: 'adapters', members: ['adapters/'] },
  { name: 'entry', members: ['src/process/', 'src/cli/', 'src/serve.ts', 'src/mod.ts'] },
  { name: 'face', members: ['src/app.ts', 'src/guard.ts', 'src/http-body.ts', 'src/services.ts'] },
  { name: 'mcp', members: ['src/mcp/'] },
  { name: 'pipelines', members: ['src/research/', 'src/page-tools/'] },
  { name: 'backends', members: ['src/claude/', 'src/brave/'] },
  { name: 'page library', members: ['src/page/'] },
  { name: 'stores', members: ['src/cache/', 'src/usage/'] },
  { name: 'reply', members: ['src/reply/'] },
  {
    name: 'seam',
    members: [
      'src/runtime.ts',
      'src/errors.ts',
      'src/log.ts',
      'src/config.ts',
      'src/call-context.ts',
      'src/budgets.ts',
      'src/url.ts',
      'src/single-flight.ts',
      'src/linked-signal.ts',
      'src/version.ts',
    ],
  },
];

export function layerOf(file: string): number | undefined {
  const at = LAYERS.findIndex((layer) =>
    layer.members.some((m) => (m.endsWith('/') ? file.startsWith(m) : file === m)),
  );
  return at === -1 ? undefined : at;
}

/** A file's folder, with each top-level file of src/ a unit of its own. */
export function unitOf(file: string): string {
  const dir = dirname(file);
  if (dir === 'src') return file;
  return dir.startsWith('adapters/') ? dir : `${dir}/`;
}

export type ImportGraph = ReadonlyMap<string, ReadonlySet<string>>;

function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((d) => {
    const path = `${dir}/${d.name}`;
    if (d.isDirectory()) return sources(path);
    return /\.ts$/.test(d.name) && !d.name.endsWith('.d.ts') ? [path] : [];
  });
}

const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|^import\s+)'(\.{1,2}\/[^']+)'/gm;

/** Every relative import (static, dynamic, re-export, type-only) of src/ and adapters/, file to file. */
export function importGraph(): ImportGraph {
  const graph = new Map<string, Set<string>>();
  for (const file of [...sources('src'), ...sources('adapters')]) {
    const text = readFileSync(join(ROOT, file), 'utf8');
    const targets = new Set<string>();
    for (const m of text.matchAll(SPECIFIER)) {
      const target = relative(ROOT, resolve(ROOT, dirname(file), m[1] ?? ''));
      if (target.startsWith('src/') || target.startsWith('adapters/')) targets.add(target);
    }
    graph.set(file, targets);
  }
  return graph;
}

/** Each layer with its folders, and what each folder imports (folders of other units), as text. */
export function architecturePicture(graph: ImportGraph): string {
  const uses = new Map<string, Set<string>>();
  for (const [from, targets] of graph) {
    const unit = unitOf(from);
    const set = uses.get(unit) ?? new Set<string>();
    uses.set(unit, set);
    for (const to of targets) if (unitOf(to) !== unit) set.add(unitOf(to));
  }
  const lines = ['```text'];
  LAYERS.forEach((layer, at) => {
    lines.push(`${at + 1}. ${layer.name}`);
    const units = [...uses.keys()].filter((u) => layerOf(u.endsWith('/') ? `${u}x.ts` : u) === at).sort();
    for (const unit of units) {
      const targets = [...(uses.get(unit) ?? [])].sort();
      lines.push(`   ${unit}${targets.length > 0 ? ` → ${targets.join(', ')}` : ''}`);
    }
  });
  lines.push('```');
  return lines.join('\n');
}
