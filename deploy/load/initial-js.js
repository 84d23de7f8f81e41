// The home page's initial JavaScript, counted one way by `make bench` and `make bench-web`: `<script type=module src>`,
// `<link rel=modulepreload href>` and the modules the inline start script of the built index.html imports and
// preloads after the first paint, each gzipped at level 9. Its budget is scenarios.json's `web.initialJsGzipKb`.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const zlib = require('node:zlib');

/** `webDist`: the built web (web/dist). Answers each file's raw and gzipped bytes and their totals. */
function initialJs(webDist) {
  const html = fs.readFileSync(path.join(webDist, 'index.html'), 'utf8');
  const attr = (tag, name) => tag.match(new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i'))?.slice(1).find((v) => v !== undefined);
  const files = new Set();
  for (const [tag] of html.matchAll(/<script\b[^>]*>/gi)) {
    if ((attr(tag, 'type') || '').toLowerCase() === 'module' && attr(tag, 'src')) files.add(attr(tag, 'src'));
  }
  for (const [, body] of html.matchAll(/<script type="module">([^<]*)<\/script>/gi)) {
    for (const [, src] of body.matchAll(/"(\/assets\/[^"]+\.js)"/g)) files.add(src);
  }
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    const rels = (attr(tag, 'rel') || '').toLowerCase().split(/\s+/);
    if (rels.includes('modulepreload') && attr(tag, 'href')) files.add(attr(tag, 'href'));
  }
  const rows = [...files].map((src) => {
    const file = path.join(webDist, new URL(src, 'http://x/').pathname);
    const raw = fs.readFileSync(file);
    return { file: path.relative(webDist, file), raw: raw.length, gzip: zlib.gzipSync(raw, { level: 9 }).length };
  });
  return { rows, raw: rows.reduce((s, r) => s + r.raw, 0), gzip: rows.reduce((s, r) => s + r.gzip, 0) };
}

module.exports = { initialJs };
