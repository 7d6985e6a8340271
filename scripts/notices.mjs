// Third-party notices for what the bundle holds: every package whose code lands in dist/
// (read from esbuild's metafile, so nothing is listed by hand), with its version, license
// id and full license and NOTICE texts. A package without a readable license, or with one
// outside the allow-list, is an error: the build fails rather than ship it.
//
//   node scripts/notices.mjs --metafile meta.json [--out FILE]   (paths relative to the cwd)
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const ALLOWED = [
  'MIT',
  'ISC',
  'BSD-2-Clause',
  'BSD-3-Clause',
  'Apache-2.0',
  'BlueOak-1.0.0',
  '0BSD',
  'Unlicense',
  'CC0-1.0',
];

/**
 * Licenses whose notice a package may ship as a short header pointing at the full text
 * (Readability's LICENSE.md does): the full text is then appended once, from scripts/licenses/.
 */
const FULL_TEXTS = {
  'Apache-2.0': {
    path: new URL('./licenses/Apache-2.0.txt', import.meta.url),
    marker: 'TERMS AND CONDITIONS FOR USE, REPRODUCTION, AND DISTRIBUTION',
  },
};

const PACKAGE_DIR = /^(.*node_modules\/(?:@[^/]+\/)?[^/]+)\//;

/** Package folders (relative paths) that contribute at least one byte to an output file. */
export function bundledPackageDirs(metafile) {
  const dirs = new Set();
  for (const output of Object.values(metafile.outputs)) {
    for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
      const dir = PACKAGE_DIR.exec(input)?.[1];
      if (dir && bytesInOutput > 0) dirs.add(dir);
    }
  }
  return [...dirs].sort();
}

/** Whether an SPDX expression (`MIT`, `(MIT OR GPL-3.0)`, `A AND B`, `X WITH exception`) is allowed. */
export function licenseAllowed(expression) {
  const tokens = expression.replace(/[()]/g, ' $& ').trim().split(/\s+/);
  let at = 0;
  const factor = () => {
    if (tokens[at] === '(') {
      at += 1;
      const value = anyOf();
      if (tokens[at] !== ')') throw new Error('unbalanced parentheses');
      at += 1;
      return value;
    }
    const id = tokens[at];
    if (!id || ['AND', 'OR', 'WITH', ')'].includes(id)) throw new Error(`unexpected "${id ?? 'end'}"`);
    at += 1;
    if (tokens[at] === 'WITH') at += 2; // an exception only grants more
    return ALLOWED.includes(id.replace(/\+$/, ''));
  };
  const allOf = () => {
    let value = factor();
    while (tokens[at] === 'AND') {
      at += 1;
      value = factor() && value;
    }
    return value;
  };
  const anyOf = () => {
    let value = allOf();
    while (tokens[at] === 'OR') {
      at += 1;
      value = allOf() || value;
    }
    return value;
  };
  try {
    const value = anyOf();
    return at === tokens.length && value;
  } catch {
    return false;
  }
}

function licenseId(pkg) {
  if (typeof pkg.license === 'string') return pkg.license;
  if (typeof pkg.license?.type === 'string') return pkg.license.type;
  if (Array.isArray(pkg.licenses)) {
    const ids = pkg.licenses.map((l) => (typeof l === 'string' ? l : l?.type)).filter(Boolean);
    if (ids.length > 0) return ids.length === 1 ? ids[0] : `(${ids.join(' OR ')})`;
  }
  return undefined;
}

const readText = (path) =>
  readFileSync(path, 'utf8')
    .replace(/\r\n/g, '\n')
    .replace(/^\s*\n/, '')
    .trimEnd();

/** One bundled package: its name, version, license id, license texts and NOTICE texts, or its problem. */
export function readPackage(dir) {
  let pkg;
  try {
    pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  } catch {
    return { dir, problem: `${dir}: no readable package.json` };
  }
  const files = readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => d.name)
    .sort();
  const named = (pattern) =>
    files.filter((f) => pattern.test(f)).map((file) => ({ file, text: readText(join(dir, file)) }));
  const entry = {
    dir,
    name: String(pkg.name ?? dir),
    version: String(pkg.version ?? 'unknown'),
    license: licenseId(pkg),
    homepage: typeof pkg.homepage === 'string' ? pkg.homepage : undefined,
    licenses: named(/^(licen[cs]e|copying)([._-].*)?$/i).filter((t) => t.text !== ''),
    notices: named(/^notice([._-].*)?$/i).filter((t) => t.text !== ''),
  };
  const label = `${entry.name}@${entry.version} (${dir})`;
  if (!entry.license) return { ...entry, problem: `${label}: package.json names no license` };
  if (!licenseAllowed(entry.license)) {
    return { ...entry, problem: `${label}: license "${entry.license}" is not in the allow-list` };
  }
  if (entry.licenses.length === 0) return { ...entry, problem: `${label}: ships no LICENSE file to copy` };
  const refersTo = Object.entries(FULL_TEXTS)
    .filter(
      ([id, full]) => entry.license.includes(id) && !entry.licenses.some((t) => t.text.includes(full.marker)),
    )
    .map(([id]) => id);
  return { ...entry, refersTo };
}

function fenced(text) {
  const longest = Math.max(2, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  return `${fence}text\n${text}\n${fence}`;
}

export function renderNotices(packages) {
  const rows = packages.map((p) => `| ${p.name} | ${p.version} | ${p.license} |`);
  const sections = packages.map((p) => {
    const texts = [...p.licenses, ...p.notices].map((t) => `### ${t.file}\n\n${fenced(t.text)}`);
    const home = p.homepage ? `\n\n${p.homepage}` : '';
    const refers = p.refersTo.map(
      (id) => `\n\nThe full ${id} text its license refers to is under "${id} (full text)" at the end.`,
    );
    return `## ${p.name} ${p.version} — ${p.license}${home}${refers.join('')}\n\n${texts.join('\n\n')}`;
  });
  const fullIds = [...new Set(packages.flatMap((p) => p.refersTo))].sort();
  const appendix = fullIds.map((id) => `## ${id} (full text)\n\n${fenced(readText(FULL_TEXTS[id].path))}`);
  return `# Third-party notices

web-mcp bundles the code of the packages below into \`dist/\`. Each is listed with its
version and license, followed by the full license text (and NOTICE file, where the package
has one) it is distributed under. This file is generated by \`scripts/build.mjs\`.

| package | version | license |
|---|---|---|
${rows.join('\n')}

${[...sections, ...appendix].join('\n\n')}
`;
}

/** Writes the notices for a metafile, or throws one error naming every package at fault. */
export function writeNotices(metafile, out) {
  const packages = bundledPackageDirs(metafile).map(readPackage);
  const problems = packages.filter((p) => p.problem).map((p) => p.problem);
  if (problems.length > 0) {
    throw new Error(
      `third-party notices: ${problems.length} bundled package(s) cannot be shipped:\n  ${problems.join('\n  ')}\n` +
        `Allowed licenses: ${ALLOWED.join(', ')}. Replace the package, or add its license to the allow-list in scripts/notices.mjs after review.`,
    );
  }
  const unique = [...new Map(packages.map((p) => [`${p.name}@${p.version}`, p])).values()].sort(
    (a, b) => a.name.localeCompare(b.name) || a.version.localeCompare(b.version, 'en', { numeric: true }),
  );
  writeFileSync(out, renderNotices(unique));
  return unique;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const argv = process.argv.slice(2);
  const flag = (name) => {
    const i = argv.indexOf(name);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const metafile = flag('--metafile');
  if (!metafile) {
    console.error('Usage: node scripts/notices.mjs --metafile meta.json [--out THIRD_PARTY_NOTICES.md]');
    process.exit(2);
  }
  try {
    const listed = writeNotices(
      JSON.parse(readFileSync(metafile, 'utf8')),
      flag('--out') ?? 'THIRD_PARTY_NOTICES.md',
    );
    console.log(`third-party notices: ${listed.length} packages`);
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}
