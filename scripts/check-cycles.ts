/**
 * Fails when the relative imports of a package's `src/` form a cycle (ADR 0612). Every
 * `import`/`export … from` counts, `import type` included: a cycle of types is still two modules that
 * cannot be understood apart. Runs in `npm run lint`; prints each cycle as a path of files.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

if (process.argv.includes('--help')) {
  console.log(
    'Usage: node --import tsx scripts/check-cycles.ts\n\nFails when the imports inside packages/*/src form a cycle.',
  );
  process.exit(0);
}

const root = resolve(import.meta.dirname, '..');

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...sourceFiles(path));
    else if (/\.tsx?$/.test(name) && !name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

/** The module files a file imports, resolved from `./x.js` specifiers to `x.ts`/`x.tsx`/`x/index.ts`. */
function importsOf(file: string, known: Set<string>): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
  const targets: string[] = [];
  for (const node of source.statements) {
    const spec =
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
        ? node.moduleSpecifier.text
        : undefined;
    if (!spec || !spec.startsWith('.')) continue;
    const base = resolve(dirname(file), spec).replace(/\.(js|jsx|ts|tsx)$/, '');
    const hit = [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')].find((c) =>
      known.has(c),
    );
    if (hit) targets.push(hit);
  }
  return targets;
}

/** Strongly connected components of more than one file, or a file importing itself (Tarjan). */
function cycles(graph: Map<string, string[]>): string[][] {
  let index = 0;
  const indexOf = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string): void => {
    indexOf.set(v, index);
    low.set(v, index++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!indexOf.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, indexOf.get(w)!));
    }
    if (low.get(v) === indexOf.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || (graph.get(v) ?? []).includes(v)) found.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!indexOf.has(v)) visit(v);
  return found;
}

const packages = join(root, 'packages');
const files = readdirSync(packages)
  .map((name) => join(packages, name, 'src'))
  .filter((dir) => statSync(dir, { throwIfNoEntry: false })?.isDirectory())
  .flatMap(sourceFiles);
const known = new Set(files);
const graph = new Map(files.map((f) => [f, importsOf(f, known)]));
const found = cycles(graph);
for (const component of found) {
  console.error(`import cycle:\n  ${component.map((f) => relative(root, f)).join('\n  ')}`);
}
if (found.length > 0) process.exit(1);
console.log(`no import cycles in ${files.length} files`);
