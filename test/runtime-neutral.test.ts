// src/ is runtime-neutral (DESIGN "The seam"): no `process`, `Bun`, `Deno` or `Buffer`,
// `node:` imports only from the few modules all three runtimes implement, and no import
// reaching out of src/ into adapters/ or test/. Parsed with TypeScript, so comments and
// strings that merely mention these names do not count.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const SRC = join(ROOT, 'src');

const FORBIDDEN_GLOBALS = new Set(['process', 'Bun', 'Deno', 'Buffer']);
const ALLOWED_NODE = new Set([
  'node:dns',
  'node:dns/promises',
  'node:fs/promises',
  'node:os',
  'node:path',
  'node:util',
  'node:net',
]);
/**
 * src/process/ is where the server meets its OS process (signals, exit, run records, watchdogs, its listener's connection table):
 * the same code on every runtime because Node, Bun and Deno all implement these modules. It reads
 * `process` only as imported from node:process, never as the ambient global.
 */
const PROCESS_DIR = join(SRC, 'process') + sep;
const PROCESS_NODE = new Set(['node:process', 'node:child_process', 'node:fs', 'node:url', 'node:http']);
const GLOBAL_OBJECTS = new Set(['globalThis', 'global', 'self', 'window']);
/** The one file outside src/ that src/ may read: the manifest, for the version number. */
const OUTSIDE_ALLOWED = new Set([join(ROOT, 'package.json')]);
const BUILTINS = new Set(builtinModules.map((m) => m.replace(/^node:/, '')));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const path = join(dir, d.name);
    if (d.isDirectory()) return sourceFiles(path);
    return /\.(?:[mc]?ts|[mc]?js|tsx|jsx)$/.test(d.name) ? [path] : [];
  });
}

/** True when `node` is an identifier in a position that names a property, not a variable. */
function isPropertyName(node: ts.Identifier): boolean {
  const parent = node.parent;
  if (ts.isPropertyAccessExpression(parent) && parent.name === node) return true;
  if (ts.isQualifiedName(parent) && parent.right === node) return true;
  if (
    (ts.isPropertyAssignment(parent) ||
      ts.isPropertyDeclaration(parent) ||
      ts.isPropertySignature(parent) ||
      ts.isMethodDeclaration(parent) ||
      ts.isMethodSignature(parent) ||
      ts.isGetAccessorDeclaration(parent) ||
      ts.isSetAccessorDeclaration(parent) ||
      ts.isEnumMember(parent)) &&
    parent.name === node
  )
    return true;
  if (ts.isBindingElement(parent) && parent.propertyName === node) return true;
  if ((ts.isImportSpecifier(parent) || ts.isExportSpecifier(parent)) && parent.propertyName === node)
    return true;
  return ts.isLabeledStatement(parent) || ts.isBreakOrContinueStatement(parent);
}

const stringKey = (node: ts.Node) =>
  ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) ? node.text : undefined;

/** Every module specifier of the file: static and dynamic imports, re-exports, import types. */
function specifiers(file: ts.SourceFile): { text: string; line: number }[] {
  const out: { text: string; line: number }[] = [];
  const add = (node: ts.Node | undefined) => {
    const text = node ? stringKey(node) : undefined;
    if (node && text !== undefined)
      out.push({ text, line: file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1 });
  };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) add(node.moduleSpecifier);
    else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference))
      add(node.moduleReference.expression);
    else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword)
      add(node.arguments[0]);
    else if (
      ts.isCallExpression(node) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === 'require'
    )
      add(node.arguments[0]);
    else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) add(node.argument.literal);
    ts.forEachChild(node, visit);
  };
  visit(file);
  return out;
}

/** Names bound by the file's own imports (`import process from 'node:process'`). */
function importedNames(file: ts.SourceFile): Set<string> {
  const names = new Set<string>();
  for (const statement of file.statements) {
    const clause = ts.isImportDeclaration(statement) ? statement.importClause : undefined;
    if (clause?.name) names.add(clause.name.text);
    const bindings = clause?.namedBindings;
    if (bindings && ts.isNamespaceImport(bindings)) names.add(bindings.name.text);
    if (bindings && ts.isNamedImports(bindings)) for (const e of bindings.elements) names.add(e.name.text);
  }
  return names;
}

/** What in `code` (as file `path`) breaks runtime neutrality; one line per problem. */
export function neutralityProblems(path: string, code: string): string[] {
  const file = ts.createSourceFile(path, code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const problems: string[] = [];
  const where = (node: ts.Node) =>
    `${path}:${file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1}`;

  const hostLayer = path.startsWith(PROCESS_DIR);
  const imported = hostLayer ? importedNames(file) : new Set<string>();
  const visit = (node: ts.Node): void => {
    if (
      ts.isIdentifier(node) &&
      FORBIDDEN_GLOBALS.has(node.text) &&
      !isPropertyName(node) &&
      !imported.has(node.text)
    ) {
      problems.push(`${where(node)} uses ${node.text}`);
    }
    // globalThis.process, globalThis['Deno'] and the like.
    if (ts.isPropertyAccessExpression(node) || ts.isElementAccessExpression(node)) {
      const target = node.expression;
      const name = ts.isPropertyAccessExpression(node) ? node.name.text : stringKey(node.argumentExpression);
      if (ts.isIdentifier(target) && GLOBAL_OBJECTS.has(target.text) && name && FORBIDDEN_GLOBALS.has(name))
        problems.push(`${where(node)} uses ${target.text}.${name}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);

  for (const { text, line } of specifiers(file)) {
    const at = `${path}:${line}`;
    if (text.startsWith('node:')) {
      if (!ALLOWED_NODE.has(text) && !(hostLayer && PROCESS_NODE.has(text)))
        problems.push(`${at} imports ${text}, which is not on the allowed list`);
    } else if (BUILTINS.has(text) || BUILTINS.has(text.split('/')[0] ?? '')) {
      problems.push(`${at} imports the Node built-in ${text} without node: (and it is not allowed)`);
    } else if (text.startsWith('.') || text.startsWith('/')) {
      const target = resolve(dirname(path), text);
      const inside = !relative(SRC, target).startsWith('..');
      if (!inside && !OUTSIDE_ALLOWED.has(target)) problems.push(`${at} imports ${text}, outside src/`);
    }
  }
  return problems;
}

describe('runtime neutrality of src/', () => {
  const files = sourceFiles(SRC);

  it('finds the source files', () => {
    assert.ok(files.length > 20, `only ${files.length} files under src/`);
    assert.ok(files.some((f) => f.endsWith(`${sep}services.ts`)));
  });

  it('no file uses process, Bun, Deno or Buffer, or imports a disallowed node: module or from outside src/', () => {
    const problems = files.flatMap((path) => neutralityProblems(path, readFileSync(path, 'utf8')));
    assert.deepEqual(problems, []);
  });
});

describe('the neutrality check itself', () => {
  const at = join(SRC, 'sample', 'file.ts');
  const check = (code: string) => neutralityProblems(at, code);

  it('ignores comments, strings, templates and property names that mention the globals', () => {
    const code = [
      '// process.env is never read here; Deno and Bun neither',
      '/* Buffer.from would be wrong */',
      "const a = 'process.env.HOME';",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of a template literal
      'const b = `Bun.spawn ${1 + 1} Deno.env`;',
      'const c = { process: 1, Buffer: 2 };',
      'const d = c.process + c.Buffer;',
      'const re = /process|Deno/;',
      'interface X { Deno: string; process(): void }',
      "import { readFile } from 'node:fs/promises';",
      "import { lookup } from 'node:dns/promises';",
      "import * as v from 'valibot';",
      "import { x } from './sibling.ts';",
    ].join('\n');
    assert.deepEqual(check(code), []);
  });

  it('flags real uses of the globals', () => {
    assert.equal(check('const home = process.env.HOME;').length, 1);
    assert.equal(check("const b = Buffer.from('x');").length, 1);
    assert.equal(check('if (typeof Deno !== "undefined") {}').length, 1);
    assert.equal(check('const run = Bun.spawn;').length, 1);
    assert.equal(check('const { env } = process;').length, 1);
    assert.equal(check('const p = { process };').length, 1);
    assert.equal(check('const e = globalThis.process?.env;').length, 1);
    assert.equal(check("const d = globalThis['Deno'];").length, 1);
  });

  it('flags disallowed built-ins and imports that leave src/', () => {
    assert.equal(check("import { spawn } from 'node:child_process';").length, 1);
    assert.equal(check("import { readFileSync } from 'node:fs';").length, 1);
    assert.equal(check("import { readFile } from 'fs/promises';").length, 1);
    assert.equal(check("const cp = await import('node:child_process');").length, 1);
    assert.equal(check("export { x } from 'node:worker_threads';").length, 1);
    assert.equal(check("import { spawnNode } from '../../adapters/node/spawn.ts';").length, 1);
    assert.equal(check("import { sandbox } from '../../test/helpers/fake-claude-env.ts';").length, 1);
    assert.equal(check("import type { Entry } from '../../test/helpers/entries.ts';").length, 1);
    assert.deepEqual(check("import pkg from '../../package.json' with { type: 'json' };"), []);
  });

  it('lets src/process/ use node:process as an import, never as the ambient global', () => {
    const host = (code: string) => neutralityProblems(join(SRC, 'process', 'file.ts'), code);
    assert.deepEqual(host("import process from 'node:process';\nconst pid = process.pid;"), []);
    assert.deepEqual(host("import { spawn } from 'node:child_process';"), []);
    assert.equal(host('const pid = process.pid;').length, 1);
    assert.equal(host("import { Worker } from 'node:worker_threads';").length, 1);
    assert.equal(check("import process from 'node:process';\nconst pid = process.pid;").length, 3);
  });
});
