// @vitest-environment node
// No module of the app imports itself through others (statically or by `import()`): a circle makes the order in
// which modules run depend on which one is imported first, and a route's page would run before the route.
// And the app is areas over one kit: each folder under src (storefront, cart, account, business, and any area
// to come) imports only itself and `kit/`; the kit imports no area; only the shell (`app/` and the entry files
// at the top) puts the areas together.
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
  if (/\.(tsx?|css)$/.test(base) && existsSync(base)) return base;
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

const KIT = 'kit';
const SHELL = 'app';

/** The folder right under src a file is in: its area, the kit or the shell; none for the entry files. */
const folderOf = (file: string): string | undefined => {
  const [first, ...rest] = relative(SRC, file).split(/[\\/]/);
  return rest.length > 0 ? first : undefined;
};

/** The imports that leave their area for another area or the shell, or leave the kit. */
export function crossings(graph: Map<string, string[]>): string[] {
  return [...graph].flatMap(([file, imports]) => {
    const from = folderOf(file);
    if (from === undefined || from === SHELL) return [];
    return imports
      .filter((path) => {
        const to = folderOf(path);
        return to !== from && (from === KIT || to !== KIT);
      })
      .map((path) => `${relative(SRC, file)} → ${relative(SRC, path)}`);
  });
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
    const graph = importGraph([join(SRC, 'router.tsx'), join(SRC, 'storefront/routes/products.tsx')]);
    expect(graph.get(join(SRC, 'router.tsx'))).toContain(join(SRC, 'app/root.tsx'));
    expect(graph.get(join(SRC, 'storefront/routes/products.tsx'))).toContain(join(SRC, 'storefront/routes/products.page.tsx'));
  });

  it('finds an import between areas, into the shell or out of the kit', () => {
    const [store, cart, kit, shell] = ['storefront/a.ts', 'cart/b.ts', 'kit/c.ts', 'app/d.ts'].map((path) => join(SRC, path));
    const graph = new Map([
      [store, [kit, join(SRC, 'storefront/e.ts'), cart]],
      [kit, [join(SRC, 'kit/f.ts'), store]],
      [cart, [shell]],
      [shell, [store, cart, kit]],
      [join(SRC, 'router.tsx'), [shell, store]],
    ]);
    expect(crossings(graph)).toEqual(['storefront/a.ts → cart/b.ts', 'kit/c.ts → storefront/a.ts', 'cart/b.ts → app/d.ts']);
  });

  it('has each area import only itself and the kit, and the kit import no area', () => {
    expect(crossings(importGraph(sourceFiles(SRC)))).toEqual([]);
  });

  it('has the parts of pages (components, queries…) import no route', () => {
    const graph = importGraph(sourceFiles(SRC));
    const inRoutes = (path: string) => relative(SRC, path).split(/[\\/]/).slice(0, -1).includes('routes');
    const upward = [...graph].flatMap(([file, imports]) =>
      folderOf(file) === undefined || folderOf(file) === SHELL || inRoutes(file)
        ? []
        : imports.filter(inRoutes).map((path) => `${relative(SRC, file)} → ${relative(SRC, path)}`),
    );
    expect(upward).toEqual([]);
  });

  it('has no circle', () => {
    const cycles = findCycles(importGraph(sourceFiles(SRC)));
    expect(cycles.map((cycle) => cycle.map((file) => relative(SRC, file)).join(' → '))).toEqual([]);
  });
});
