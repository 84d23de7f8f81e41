import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import pkg from './package.json' with { type: 'json' };

const GATEWAY = 'http://127.0.0.1:8080';
/** Tells one build from the next (the version in package.json stays the same across deploys). */
const BUILD_ID = process.env.BUILD_ID ?? new Date().toISOString();
const fromHere = (relative: string) => decodeURIComponent(new URL(relative, import.meta.url).pathname);

/** Writes `dist/meta.json`, the version file the app polls to notice a new deploy. */
function metaJson(version: string): Plugin {
  return {
    name: 'mc-meta-json',
    apply: 'build',
    generateBundle() {
      const meta = { version, build: BUILD_ID, builtAt: new Date().toISOString() };
      this.emitFile({ type: 'asset', fileName: 'meta.json', source: `${JSON.stringify(meta, null, 2)}\n` });
    },
  };
}

export default defineConfig({
  plugins: [react(), metaJson(pkg.version)],
  define: {
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
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
  },
});
