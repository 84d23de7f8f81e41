import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type ConfigEnv, type HtmlTagDescriptor, type Plugin, type Rolldown } from 'vite';

type OutputBundle = Rolldown.OutputBundle;
type OutputChunk = Rolldown.OutputChunk;
type CodeSplittingGroup = NonNullable<Exclude<Rolldown.OutputOptions['codeSplitting'], boolean | undefined>['groups']>[number];
import pkg from './package.json' with { type: 'json' };

const GATEWAY = 'http://127.0.0.1:8080';
/** Tells one build from the next (the version in package.json stays the same across deploys). */
const BUILD_ID = process.env.BUILD_ID ?? new Date().toISOString();
const fromHere = (relative: string) => decodeURIComponent(new URL(relative, import.meta.url).pathname);

/** Writes `dist/meta.json`, the version file the app polls to notice a new deploy. */
function metaJson(version: string): Plugin {
  return {
    name: 'mc-meta-json',
    apply: clientBuild,
    generateBundle() {
      const meta = { version, build: BUILD_ID, builtAt: new Date().toISOString() };
      this.emitFile({ type: 'asset', fileName: 'meta.json', source: `${JSON.stringify(meta, null, 2)}\n` });
    },
  };
}

/** The browser's build only (not the server render's bundle). */
const clientBuild = (_config: unknown, env: ConfigEnv) => env.command === 'build' && !env.isSsrBuild;

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;

/**
 * Writes `x.br` (brotli, quality 11) and `x.gz` (gzip, level 9) beside every text file of the build of 1 KB or
 * more (source maps aside), which the gateway's static handler sends to the browsers that accept them.
 */
function precompress(): Plugin {
  const brotli = promisify(brotliCompress);
  const gz = promisify(gzip);
  let outDir = '';
  async function filesUnder(dir: string): Promise<string[]> {
    const entries = await readdir(dir, { withFileTypes: true });
    const nested = await Promise.all(entries.map((e) => (e.isDirectory() ? filesUnder(join(dir, e.name)) : [join(dir, e.name)])));
    return nested.flat();
  }
  return {
    name: 'mc-precompress',
    apply: clientBuild,
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await filesUnder(outDir)).filter((file) => COMPRESSIBLE.test(file));
      await Promise.all(
        files.map(async (file) => {
          if ((await stat(file)).size < 1024) return;
          const body = await readFile(file);
          const params = { [zlibConstants.BROTLI_PARAM_QUALITY]: 11, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length };
          await writeFile(`${file}.br`, await brotli(body, { params }));
          await writeFile(`${file}.gz`, await gz(body, { level: 9 }));
        }),
      );
    },
  };
}

/**
 * Preloads the Heebo files the first screen draws with (Hebrew and Latin, since spaces, digits and punctuation
 * come from the Latin file): without it the browser asks for them only once the app has rendered, and the text
 * re-flows when they arrive (layout shift).
 */
function preloadFonts(pattern: RegExp): Plugin {
  return {
    name: 'mc-preload-fonts',
    apply: clientBuild,
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const files = Object.keys(ctx.bundle ?? {}).filter((fileName) => pattern.test(fileName)).sort();
        return files.map(
          (fileName): HtmlTagDescriptor => ({
            tag: 'link',
            attrs: { rel: 'preload', href: `/${fileName}`, as: 'font', type: 'font/woff2', crossorigin: '' },
            injectTo: 'head',
          }),
        );
      },
    },
  };
}

/**
 * The files the app starts with: the entry, the chunks it imports, and those its own `import()`s load (the
 * steps of main.tsx) with what they import. Not the chunks of pages loaded on first visit.
 */
function startupFiles(bundle: OutputBundle, entry: OutputChunk): string[] {
  const files = new Set<string>();
  const add = (fileName: string) => {
    const chunk = bundle[fileName];
    if (files.has(fileName) || chunk?.type !== 'chunk') return;
    files.add(fileName);
    chunk.imports.forEach(add);
  };
  add(entry.fileName);
  entry.dynamicImports.forEach(add);
  return [...files];
}

/** What the bundler tells of the module graph while it cuts chunks. */
type ModuleGraph = {
  getModuleInfo(id: string): { code: string | null; importedIds: readonly string[]; exports: readonly string[] } | null;
};

const COMMENTS = /\/\*[\s\S]*?\*\/|^\s*\/\/.*$/gm;
/** A module of imports and `export { … }` / `export … from` alone (a library's `index.js`, a folder's `index.ts`). */
const PASS_THROUGH = /^(?:\s*(?:import\b[^;]*;|export\s*(?:\{[^}]*\}|\*(?:\s*as\s+[\w$]+)?)(?:\s*from\s*["'][^"']+["'])?\s*;|["']use client["'];?))*\s*$/;
/** The module an `export … from './x'` passes on. */
const RE_EXPORT = /\bexport\s*(?:\*(?:\s*as\s+[\w$]+)?|\{[^}]*\})\s*from\s*["'](\.[^"']*)["']/g;
/** The names an `import { … }` or an `export { … } from` lists. */
const NAMED = /\b(?:import|export)\s*(?:[\w$]+\s*,\s*)?\{([^}]*)\}\s*from/g;
/** Every name of a module; also what `exports` lists for an `export *`. */
const ALL = '*';

/**
 * The modules a step of the start runs: `root` and what it imports, in turn, as the bundle keeps them. Through a
 * module that passes others' names on (a library's `index.js`, an `export … from`, an `export *`), a module is taken
 * only when it exports a name asked for on the way, so an index's members that only later pages use, or a
 * contract's DTOs beside the constant asked for, stay out. Names are matched, not bindings traced: a module wrongly
 * left out falls back to the bundler's own chunks, one wrongly taken is loaded at the start.
 */
function startupModules(graph: ModuleGraph, root: string): Set<string> {
  const asked = new Map<string, Set<string>>();
  /** Imported by a module taken, so taken too, whatever it is asked for. */
  const imported = new Set<string>([root]);
  const taken = new Set<string>();
  const pending: string[] = [];
  const ask = (id: string, names: Iterable<string>, byImport = false) => {
    const known = asked.get(id) ?? new Set<string>();
    const before = known.size;
    for (const name of names) known.add(name);
    asked.set(id, known);
    const newlyImported = byImport && !imported.has(id);
    if (newlyImported) imported.add(id);
    if (known.size > before || newlyImported) pending.push(id);
  };
  ask(root, [ALL]);
  for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
    const info = graph.getModuleInfo(id);
    if (!info) continue;
    const code = (info.code ?? '').replace(COMMENTS, '');
    const passThrough = PASS_THROUGH.test(code);
    const own = info.exports.filter((name) => name !== ALL);
    // All of a module is the names it exports, unless some come through an `export *`.
    const whole = asked.get(id)!.has(ALL);
    const wanted = whole && own.length === info.exports.length ? new Set(own) : asked.get(id)!;
    // A module of its own code is taken whole: imported by one taken, asked for all, or for a name of its own.
    const needed = passThrough || whole || imported.has(id) || own.some((name) => wanted.has(name));
    if (needed) taken.add(id);
    const names = [...code.matchAll(NAMED)].flatMap(([, list]) => list.split(',').map((name) => name.trim().split(/\s+as\s+/)[0]).filter(Boolean));
    const reExported = [...code.matchAll(RE_EXPORT)].map(([, from]) => join(id, '..', from));
    for (const next of info.importedIds) {
      if (!passThrough && !reExported.some((path) => next === path || next.startsWith(`${path}.`) || next.startsWith(`${path}/index.`))) {
        if (needed) ask(next, names.length ? names : [ALL], true);
        continue;
      }
      // Passed on: a CommonJS module names no exports (taken whole); one of `export *` passes the names on in turn.
      const exported = graph.getModuleInfo(next)?.exports ?? [];
      if (wanted.has(ALL) || !exported.length) ask(next, [ALL]);
      else if (exported.includes(ALL)) ask(next, wanted);
      else if (exported.some((name) => wanted.has(name))) ask(next, exported.filter((name) => wanted.has(name)));
    }
  }
  return taken;
}

/**
 * The start's modules in one chunk per step of main.tsx (`steps`: a chunk name and the module the step imports, in
 * their order), instead of the dozens of small chunks the bundler cuts them into because pages loaded later share each
 * of them: the steps are loaded first, so a page's chunk imports them from there. Fewer requests, and each step
 * compresses as a whole. A module of two steps is the first's (it has run by the time the second needs it). Since
 * a step's chunk leaves out what its modules would only pass on, the build fails if a step's chunk imports itself
 * through others (a module could then run before one it needs).
 */
function startupChunks(steps: [name: string, file: string][]): Plugin {
  const found = new WeakMap<ModuleGraph, Set<string>[]>();
  const modulesOf = (graph: ModuleGraph) => {
    let modules = found.get(graph);
    if (!modules) found.set(graph, (modules = steps.map(([, file]) => startupModules(graph, file))));
    return modules;
  };
  const groups: CodeSplittingGroup[] = steps.map(([name], index) => ({
    name: (id, graph) => (modulesOf(graph)[index].has(id) ? name : null),
    priority: steps.length - index,
    includeDependenciesRecursively: false,
  }));
  return {
    name: 'mc-startup-chunks',
    apply: clientBuild,
    config: () => ({ build: { rollupOptions: { output: { codeSplitting: { groups } } } } }),
    generateBundle(_options, bundle) {
      const names = new Set(steps.map(([name]) => name));
      for (const step of Object.values(bundle)) {
        if (step.type !== 'chunk' || !names.has(step.name)) continue;
        // The chunks it imports, in turn: it must not be among them.
        const reached = new Set<string>();
        const pending = [...step.imports];
        for (let fileName = pending.pop(); fileName !== undefined; fileName = pending.pop()) {
          if (fileName === step.fileName) this.error(`mc-startup-chunks: ${step.fileName} imports itself through other chunks`);
          const chunk = bundle[fileName];
          if (reached.has(fileName) || chunk?.type !== 'chunk') continue;
          reached.add(fileName);
          pending.push(...chunk.imports);
        }
      }
    },
  };
}

/**
 * Starts the app once the page the server drew has been painted. On a slow link, the app's modules fetched
 * with `<link rel="modulepreload">` from the head compete with the stylesheet and fonts that the first paint
 * waits for (about 150 KB against 30), and a module that runs before the paint delays it. So the build's
 * modulepreloads leave the HTML: a small inline script adds them with the entry's `import()` once the first
 * paint is reported (at once when the page is the bare app, which only the app can draw; after 5 s at the
 * latest, as in a tab opened in the background). They are all fetched in parallel.
 */
function startAfterFirstPaint(): Plugin {
  return {
    name: 'mc-start-after-first-paint',
    apply: clientBuild,
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
        const preload = /\s*<link rel="modulepreload" crossorigin href="[^"]+">/g;
        if (!entry.test(html) || !ctx.bundle || !ctx.chunk) throw new Error('mc-start-after-first-paint: no entry script in index.html');
        const js = startupFiles(ctx.bundle, ctx.chunk).map((fileName) => `/${fileName}`);
        const start =
          `const js=${JSON.stringify(js)};let s=0;const go=()=>{if(s++)return;` +
          `document.head.append(...js.slice(1).map((h)=>Object.assign(document.createElement("link"),{rel:"modulepreload",crossOrigin:"",href:h})));import(js[0])};` +
          `if(!document.getElementById("root")?.firstElementChild)go();` +
          `else if(self.PerformanceObserver?.supportedEntryTypes?.includes("paint")){` +
          `new PerformanceObserver((_,o)=>{o.disconnect();go()}).observe({type:"paint",buffered:true});setTimeout(go,5000)}` +
          `else requestAnimationFrame(()=>setTimeout(go));`;
        return html.replace(preload, '').replace(entry, `<script type="module">${start}</script>`);
      },
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    react(),
    metaJson(pkg.version),
    preloadFonts(/heebo-hebrew-(400|700)-normal-[\w-]+\.woff2$/),
    startupChunks([['libraries', fromHere('src/start-libraries.ts')], ['app', fromHere('src/start-app.tsx')]]),
    startAfterFirstPaint(),
    precompress(),
  ],
  define: {
    // The server render bundles React: its production build, whatever NODE_ENV the gateway runs with.
    ...(isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {}),
    __APP_VERSION__: JSON.stringify(pkg.version),
    __BUILD_ID__: JSON.stringify(BUILD_ID),
  },
  resolve: {
    alias: { '@mc/contracts': fromHere('../contracts/src/index.ts') },
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': GATEWAY,
      '/thumbs': GATEWAY,
      '/media': GATEWAY,
      '/meta.json': GATEWAY,
    },
  },
  // `vite preview` serves the built dist/meta.json itself; only the API and thumbnails go to the gateway.
  preview: {
    proxy: {
      '/api': GATEWAY,
      '/thumbs': GATEWAY,
      '/media': GATEWAY,
    },
  },
  // `vite build --ssr`: the server render (src/entry-server.tsx) as one CommonJS file the gateway requires,
  // outside dist/ so the gateway never serves it.
  ssr: { noExternal: true },
  publicDir: isSsrBuild ? false : 'public',
  build: isSsrBuild
    ? { outDir: 'dist-ssr', emptyOutDir: true, sourcemap: true, rollupOptions: { output: { format: 'cjs', entryFileNames: '[name].cjs' } } }
    : // One stylesheet (about 15 KB gzip with every page's rules) instead of four render-blocking requests.
      { outDir: 'dist', emptyOutDir: true, sourcemap: true, cssCodeSplit: false },
}));
