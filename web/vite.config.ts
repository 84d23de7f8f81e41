import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type ConfigEnv, type HtmlTagDescriptor, type Plugin, type Rolldown } from 'vite';

type OutputBundle = Rolldown.OutputBundle;
type OutputChunk = Rolldown.OutputChunk;
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
  plugins: [react(), metaJson(pkg.version), preloadFonts(/heebo-hebrew-(400|700)-normal-[\w-]+\.woff2$/), startAfterFirstPaint(), precompress()],
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
