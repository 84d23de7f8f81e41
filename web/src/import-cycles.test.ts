// @vitest-environment node
// No module of the app imports itself through others (statically or by `import()`): a circle makes the order in
// which modules run depend on which one is imported first, and a route's page would run before the route.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = resolve(__dirname);
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"](\.{1,2}\/[^'"]+)['"]/g;
const EXTENSIONS = ['.ts', '.tsx', '/index.ts', '/index.tsx'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

function resolveImport(from: string, specifier: string): string | undefined {
  const base = resolve(dirname(from), specifier);
  if (/\.tsx?$/.test(base) && existsSync(base)) return base;
  return EXTENSIONS.map((extension) => base + extension).find((path) => existsSync(path));
}

/** Each module's imports of other modules of the app. */
export function importGraph(files: string[]): Map<string, string[]> {
  return new Map(
    files.map((file) => {
      const imports = [...readFileSync(file, 'utf8').matchAll(SPECIFIER)]
        .map((match) => resolveImport(file, match[1]))
        .filter((path): path is string => path !== undefined);
      return [file, imports];
    }),
  );
}

/** The circles of a graph, each as the modules from one back to itself. */
export function findCycles(graph: Map<string, string[]>): string[][] {
  const cycles: string[][] = [];
  const done = new Set<string>();
  const path: string[] = [];
  const visit = (node: string) => {
    const at = path.indexOf(node);
    if (at >= 0) {
      cycles.push([...path.slice(at), node]);
      return;
    }
    if (done.has(node)) return;
    path.push(node);
    for (const next of graph.get(node) ?? []) visit(next);
    path.pop();
    done.add(node);
  };
  for (const node of graph.keys()) visit(node);
  return cycles;
}

describe('imports in web/src', () => {
  it('finds a circle, static or by import()', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['a']],
    ]);
    expect(findCycles(graph)).toEqual([['a', 'b', 'c', 'a']]);
    expect(findCycles(new Map([['a', ['b']], ['b', []]]))).toEqual([]);
  });

  it('reads static, re-exported and dynamic imports', () => {
    const graph = importGraph([join(SRC, 'router.tsx'), join(SRC, 'routes/products.tsx')]);
    expect(graph.get(join(SRC, 'router.tsx'))).toContain(join(SRC, 'routes/root.tsx'));
    expect(graph.get(join(SRC, 'routes/products.tsx'))).toContain(join(SRC, 'routes/products.page.tsx'));
  });

  it('has the parts of pages (components, queries, auth…) import no route', () => {
    const graph = importGraph(sourceFiles(SRC));
    const routes = join(SRC, 'routes');
    const upward = [...graph].flatMap(([file, imports]) =>
      dirname(file) === SRC || file.startsWith(routes) ? [] : imports.filter((path) => path.startsWith(routes)).map((path) => `${relative(SRC, file)} → ${relative(SRC, path)}`),
    );
    expect(upward).toEqual([]);
  });

  it('has no circle', () => {
    const cycles = findCycles(importGraph(sourceFiles(SRC)));
    expect(cycles.map((cycle) => cycle.map((file) => relative(SRC, file)).join(' → '))).toEqual([]);
  });
});
