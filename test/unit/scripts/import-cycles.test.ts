// No import cycle anywhere in src/: every file's imports (static, dynamic, re-exports, type-only included) form a
// graph with no strongly connected component larger than one file, so each layer and folder can be read bottom-up.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../../scripts/electron-binary.js';

const SRC = path.join(ROOT, 'src');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

/** The file a relative specifier names (`./x.js` is `./x.ts` in source), or undefined for packages and assets. */
function resolve(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = path.resolve(path.dirname(from), specifier.replace(/\.js$/, ''));
  return [`${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')].find((file) => fs.existsSync(file));
}

/** A file's imports: `value` ones (kept in the built code) and `type` ones (erased by the compiler). */
function importsOf(file: string): { value: string[]; type: string[] } {
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
  const value: string[] = [];
  const type: string[] = [];
  const visit = (node: ts.Node): void => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      const clause = ts.isImportDeclaration(node) ? node.importClause : undefined;
      const named = ts.isImportDeclaration(node) ? clause?.namedBindings : node.exportClause;
      const onlyTypes =
        (ts.isImportDeclaration(node) ? clause?.isTypeOnly === true : node.isTypeOnly) ||
        (ts.isImportDeclaration(node) &&
          clause !== undefined &&
          clause.name === undefined &&
          named !== undefined &&
          ts.isNamedImports(named) &&
          named.elements.length > 0 &&
          named.elements.every((e) => e.isTypeOnly)) ||
        (ts.isExportDeclaration(node) &&
          named !== undefined &&
          ts.isNamedExports(named) &&
          named.elements.length > 0 &&
          named.elements.every((e) => e.isTypeOnly));
      (onlyTypes ? type : value).push(node.moduleSpecifier.text);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      value.push(node.arguments[0].text);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      type.push(node.argument.literal.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { value, type };
}

/** The graph of `src/`: per file, the files it imports (type-only imports too unless `valuesOnly`). */
function importGraph(files: readonly string[], valuesOnly = false): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const { value, type } = importsOf(file);
    const targets = [...value, ...(valuesOnly ? [] : type)].flatMap((specifier) => resolve(file, specifier) ?? []);
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** Tarjan's strongly connected components with more than one file (or a file importing itself). */
function cycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
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
    for (const target of graph.get(node) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(node, Math.min(low.get(node)!, low.get(target)!));
      } else if (onStack.has(target)) {
        low.set(node, Math.min(low.get(node)!, index.get(target)!));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(path.relative(ROOT, member));
    } while (member !== node);
    if (component.length > 1 || (graph.get(node) ?? []).includes(node)) found.push(component.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

describe('import graph of src/', () => {
  const files = sourceFiles(SRC);
  const graph = importGraph(files);

  it('reads every source file and resolves the imports between them', () => {
    expect(files.length).toBeGreaterThan(100);
    const edges = [...graph.values()].reduce((sum, targets) => sum + targets.length, 0);
    expect(edges).toBeGreaterThan(files.length);
  });

  it('has no cycle', () => {
    expect(cycles(graph)).toEqual([]);
  });

  it('has no cycle of imports kept in the built code', () => {
    expect(cycles(importGraph(files, true))).toEqual([]);
  });

  it('would see one: a two-file cycle and a self-import are found', () => {
    const a = path.join(SRC, 'a.ts');
    const b = path.join(SRC, 'b.ts');
    const c = path.join(SRC, 'c.ts');
    const made = new Map([
      [a, [b]],
      [b, [a]],
      [c, [c]],
    ]);
    expect(cycles(made)).toEqual([['src/a.ts', 'src/b.ts'], ['src/c.ts']]);
  });
});
