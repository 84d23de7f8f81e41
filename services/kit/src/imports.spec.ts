// The floors of the back end, read from the files (as web/src/import-cycles.test.ts does for the web): no module of
// the gateway or a service imports itself through others, and each reaches only its own files, the contracts and the
// kit — a service never another service, the gateway never a service's source (it calls services over NATS). The lint
// rule (eslint.config.mjs, @nx/enforce-module-boundaries) says the same for package names; this also follows paths.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

const ROOT = resolve(__dirname, '../../..');
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\brequire\s*\(\s*)['"]([^'"]+)['"]/g;
/** A whole statement of types (`import type … from`, `export type … from`): erased when compiled, so no circle at run time. */
const TYPES_ONLY = /\b(?:import|export)\s+type\s+[^;'"]*?\bfrom\s*['"][^'"]+['"]/g;
/** Lint's own test: its fixtures are the wrong imports, as text. */
const FIXTURES = [join('services', 'kit', 'test', 'module-boundaries.int.ts')];
const EXTENSIONS = ['.ts', '/index.ts'];
/** The workspace packages any back-end project may import. */
const SHARED = ['@mc/contracts', '@mc/kit', '@mc/kit/tables', '@mc/kit/testing'];

/** The back end's projects: the gateway, the kit and each service. */
const projects = [join(ROOT, 'gateway'), ...readdirSync(join(ROOT, 'services')).map((name) => join(ROOT, 'services', name))]
  .filter((dir) => existsSync(join(dir, 'package.json')));

function sourceFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' || name === 'dist' ? [] : sourceFiles(path);
    return /\.ts$/.test(name) && !/\.d\.ts$/.test(name) ? [path] : [];
  });
}

function resolveImport(from: string, specifier: string): string | undefined {
  const base = resolve(dirname(from), specifier);
  if (/\.[cm]?[jt]s$/.test(base) && existsSync(base)) return base;
  return EXTENSIONS.map((extension) => base + extension).find((path) => existsSync(path)) ?? base;
}

/** Each file's specifiers, relative ones resolved to paths; `runtime`: without the statements of types only. */
function imports(file: string, runtime = false): { specifier: string; path?: string }[] {
  const text = readFileSync(file, 'utf8');
  return [...(runtime ? text.replace(TYPES_ONLY, '') : text).matchAll(SPECIFIER)].map(([, specifier]) =>
    specifier.startsWith('.') ? { specifier, path: resolveImport(file, specifier) } : { specifier });
}

/**
 * The modules on a circle (or on a path from one circle to another): what is left of the graph once every module that
 * imports nothing left, or that nothing left imports, is taken away, again and again.
 */
function onCircles(graph: Map<string, string[]>): string[] {
  const left = new Map([...graph].map(([file, targets]) => [file, targets.filter((target) => graph.has(target))]));
  for (let removed = true; removed;) {
    removed = false;
    const imported = new Set([...left.values()].flat());
    for (const [file, targets] of left) {
      if (imported.has(file) && targets.some((target) => left.has(target))) continue;
      left.delete(file);
      removed = true;
    }
  }
  return [...left.keys()].sort();
}

/**
 * Projects whose folders under src are layers: no folder imports itself through other folders (types included), so an
 * area can be read, tested and run (a worker importing only the offers' core) without the rest. The others still have
 * folders importing each other.
 */
const LAYERED = [join(ROOT, 'services', 'pharm')];

/** The folder right under `src` of a project a file is in, or none for the files at the top (the entry, the service's definition). */
function folderOf(src: string, path: string): string | undefined {
  const parts = relative(src, path).split(sep);
  return parts.length > 1 && parts[0] !== '..' ? parts[0] : undefined;
}

/** Which folders under `src` each folder imports (spec files aside), with one file that does, for the message. */
function folderGraph(src: string, files: string[], importsOf: (file: string) => string[]): Map<string, Map<string, string>> {
  const graph = new Map<string, Map<string, string>>();
  for (const file of files) {
    const from = folderOf(src, file);
    if (!from) continue;
    const targets = graph.get(from) ?? new Map<string, string>();
    graph.set(from, targets);
    for (const path of importsOf(file)) {
      const to = folderOf(src, path);
      if (to && to !== from && !targets.has(to)) targets.set(to, relative(src, file));
    }
  }
  return graph;
}

const inside = (dir: string, path: string) => path === dir || path.startsWith(dir + sep);
const shown = (path: string) => relative(ROOT, path);

describe('imports in gateway/ and services/', () => {
  it('finds the projects', () => {
    expect(projects.map(shown)).toEqual(expect.arrayContaining(['gateway', join('services', 'kit'), join('services', 'catalog'), join('services', 'pharm')]));
  });

  it('finds the modules on a circle', () => {
    expect(onCircles(new Map([['a', ['b']], ['b', ['c']], ['c', ['a']], ['d', ['a']], ['c2', ['e']], ['e', []]]))).toEqual(['a', 'b', 'c']);
    expect(onCircles(new Map([['a', ['b']], ['b', []]]))).toEqual([]);
    expect(onCircles(new Map([['a', ['a']]]))).toEqual(['a']);
  });

  it('has each project import only its own files, the contracts and the kit (deploy/ tooling in tests aside)', () => {
    const wrong = projects.flatMap((project) => {
      const files = ['src', 'test'].flatMap((part) => sourceFiles(join(project, part))).filter((file) => !FIXTURES.includes(shown(file)));
      return files.flatMap((file) =>
        imports(file).filter(({ specifier, path }) => {
          if (path) return !inside(project, path) && !inside(join(ROOT, 'deploy'), path);
          if (!specifier.startsWith('@mc/')) return false;
          return !SHARED.includes(specifier);
        }).map(({ specifier }) => `${shown(file)} → ${specifier}`));
    });
    expect(wrong).toEqual([]);
  });

  it('finds folders importing each other', () => {
    const src = join(ROOT, 'x', 'src');
    const at = (path: string) => join(src, path);
    const imported = new Map([
      [at('a/one.ts'), [at('b/two.ts'), at('a/three.ts'), at('service.ts')]],
      [at('b/two.ts'), [at('c/four.ts')]],
      [at('c/four.ts'), [at('a/three.ts')]],
      [at('d/five.ts'), [at('a/one.ts')]],
      [at('service.ts'), [at('d/five.ts')]],
    ]);
    const graph = folderGraph(src, [...imported.keys()], (file) => imported.get(file) ?? []);
    expect(graph.get('a')).toEqual(new Map([['b', join('a', 'one.ts')]]));
    expect(onCircles(new Map([...graph].map(([folder, targets]) => [folder, [...targets.keys()]])))).toEqual(['a', 'b', 'c']);
  });

  it('has the folders of a layered project import each other without a circle', () => {
    const circled = LAYERED.flatMap((project) => {
      const src = join(project, 'src');
      const files = sourceFiles(src).filter((file) => !file.endsWith('.spec.ts'));
      const graph = folderGraph(src, files, (file) => imports(file).flatMap(({ path }) => (path ? [path] : [])));
      const circle = new Set(onCircles(new Map([...graph].map(([folder, targets]) => [folder, [...targets.keys()]]))));
      return [...circle].flatMap((folder) => [...graph.get(folder)!].filter(([to]) => circle.has(to))
        .map(([to, file]) => `${shown(project)}: ${folder} → ${to} (${file})`));
    });
    expect(circled).toEqual([]);
  });

  it('has no circle in any project (statements of types only aside)', () => {
    const circled = projects.flatMap((project) => {
      const files = sourceFiles(join(project, 'src')).filter((file) => !file.endsWith('.spec.ts'));
      return onCircles(new Map(files.map((file) => [file, imports(file, true).flatMap(({ path }) => (path && existsSync(path) ? [path] : []))])));
    });
    expect(circled.map(shown)).toEqual([]);
  });
});
