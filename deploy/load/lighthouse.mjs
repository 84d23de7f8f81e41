#!/usr/bin/env node
// `make bench-web`: with the stack running on the demo volumes, runs Lighthouse (its default mobile profile:
// Moto G Power-sized screen, simulated slow 4G and 4x CPU slowdown) in Debian's headless Chromium on the home
// page, one product page and one pharmacy page, and measures the home page's initial JavaScript (the module
// script and the modulepreloads of web/dist/index.html, each gzipped at level 9). Prints a table, writes every
// Lighthouse report (JSON and HTML) to artifacts/lighthouse/ and exits 1 when a threshold is not met.
//
// BENCH_URL    the running product (default http://127.0.0.1:8080)
// BENCH_RUNS   Lighthouse runs per page; the median run (Lighthouse's own pick, by FCP and interactive) is reported (default 1)
// BENCH_PAGES  a comma-separated subset of home,product,pharmacy (default all three)
// BENCH_PHARM  the pharmacy page's slug (default the first of /api/pharms, which changes as pharmacies open and close:
//              name one to compare two builds on the same page)
// CHROME_PATH  the browser (default /usr/bin/chromium)
// WEB_DIST     the built web the gateway serves, for the JavaScript size (default web/dist, as the gateway's)
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const BASE = (process.env.BENCH_URL || 'http://127.0.0.1:8080').replace(/\/$/, '');
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS || 1));
const ONLY = process.env.BENCH_PAGES ? process.env.BENCH_PAGES.split(',').map((p) => p.trim()) : undefined;
const CHROME_PATH = process.env.CHROME_PATH || '/usr/bin/chromium';
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-dev-shm-usage'];
const OUT_DIR = path.join(ROOT, 'artifacts/lighthouse');
const WEB_DIST = path.resolve(ROOT, process.env.WEB_DIST || 'web/dist');

const require = createRequire(import.meta.url);
const { initialJs } = require('./initial-js.js');
const scenarios = require('./scenarios.json');
const THRESHOLDS = { performance: 90, accessibility: 95, seo: 95, initialJsGzipKb: scenarios.web.initialJsGzipKb };
const CATEGORIES = ['performance', 'accessibility', 'seo'];
const API_HEADERS = {
  accept: 'application/json',
  'x-app-id': 'bench-web',
  'x-app-version': '1',
  'x-api-key': process.env.API_KEY || 'mc-local-web-key',
};

async function getJson(p) {
  const res = await fetch(BASE + p, { headers: API_HEADERS });
  if (!res.ok) throw new Error(`GET ${p}: ${res.status} ${await res.text()}`);
  return res.json();
}

/** Real pages of the seeded data: the first product and the first pharmacy the API lists. */
async function discoverPages() {
  const products = await getJson('/api/products');
  const pharms = await getJson('/api/pharms');
  const product = products.products?.[0]?.slug;
  const pharm = process.env.BENCH_PHARM || pharms.pharms?.[0]?.slug;
  if (!product || !pharm) throw new Error('no product or pharmacy in the API: is the database seeded?');
  const pages = [
    { name: 'home', path: '/' },
    { name: 'product', path: `/products/${encodeURIComponent(product)}` },
    { name: 'pharmacy', path: `/pharms/${encodeURIComponent(pharm)}` },
  ];
  return ONLY ? pages.filter((p) => ONLY.includes(p.name)) : pages;
}

/** One Lighthouse run in a fresh Chromium, tried once more when the page did not load (NO_FCP and the like on a busy machine). */
async function audit(url) {
  try {
    return await auditOnce(url);
  } catch (err) {
    process.stderr.write(`[bench-web] ${err.message}; trying once more\n`);
    return auditOnce(url);
  }
}

/** One Lighthouse run in a fresh Chromium; resolves with the runner result (lhr + [json, html]). */
async function auditOnce(url) {
  const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: ['json', 'html'],
      onlyCategories: CATEGORIES,
      logLevel: 'error',
    });
    if (!result) throw new Error(`${url}: Lighthouse returned nothing`);
    if (result.lhr.runtimeError) throw new Error(`${url}: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`);
    return result;
  } finally {
    await chrome.kill();
  }
}

/** A plain table: one column per key, numbers aligned right. */
function printTable(rows) {
  const keys = Object.keys(rows[0] ?? {});
  const cell = (v) => String(v ?? '');
  const widths = keys.map((k) => Math.max(k.length, ...rows.map((r) => cell(r[k]).length)));
  const line = (values, row) => values.map((v, i) => (row && typeof row[keys[i]] === 'number' ? v.padStart(widths[i]) : v.padEnd(widths[i]))).join('  ');
  console.log(line(keys));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const r of rows) console.log(line(keys.map((k) => cell(r[k])), r));
}

const score = (lhr, id) => (lhr.categories[id]?.score == null ? NaN : Math.round(lhr.categories[id].score * 100));
const metric = (lhr, id) => lhr.audits[id]?.numericValue;

/** Audits that fail in a category (score below 0.9; in performance only the weighted metrics). */
function failedAudits(lhr, category) {
  return lhr.categories[category].auditRefs
    .filter((ref) => ref.weight > 0 || category !== 'performance')
    .map((ref) => lhr.audits[ref.id])
    .filter((a) => a && a.score !== null && a.score < 0.9 && !['notApplicable', 'informative', 'manual'].includes(a.scoreDisplayMode));
}

async function main() {
  fs.mkdirSync(OUT_DIR, { recursive: true });
  const pages = await discoverPages();
  const rows = [];
  const problems = [];
  for (const page of pages) {
    const url = BASE + page.path;
    const runs = [];
    for (let i = 0; i < RUNS; i++) {
      process.stderr.write(`[bench-web] ${page.name} ${url}${RUNS > 1 ? ` (run ${i + 1}/${RUNS})` : ''}\n`);
      runs.push(await audit(url));
    }
    const chosen = RUNS === 1 ? runs[0] : runs[runs.map((r) => r.lhr).indexOf(computeMedianRun(runs.map((r) => r.lhr)))];
    const { lhr } = chosen;
    const [json, html] = chosen.report;
    fs.writeFileSync(path.join(OUT_DIR, `${page.name}.report.json`), json);
    fs.writeFileSync(path.join(OUT_DIR, `${page.name}.report.html`), html);

    const s = Object.fromEntries(CATEGORIES.map((c) => [c, score(lhr, c)]));
    const pass = s.performance >= THRESHOLDS.performance && s.accessibility >= THRESHOLDS.accessibility && s.seo >= THRESHOLDS.seo;
    rows.push({
      page: page.name,
      path: page.path,
      perf: s.performance,
      a11y: s.accessibility,
      SEO: s.seo,
      'LCP s': +(metric(lhr, 'largest-contentful-paint') / 1000).toFixed(2),
      'TBT ms': Math.round(metric(lhr, 'total-blocking-time')),
      CLS: +metric(lhr, 'cumulative-layout-shift').toFixed(3),
      'FCP s': +(metric(lhr, 'first-contentful-paint') / 1000).toFixed(2),
      'CPU index': Math.round(lhr.environment.benchmarkIndex),
      ...(RUNS > 1 ? { 'perf of runs': runs.map((r) => score(r.lhr, 'performance')).join('/') } : {}),
      result: pass ? 'pass' : 'FAIL',
    });
    for (const category of CATEGORIES) {
      for (const a of failedAudits(lhr, category)) {
        problems.push(`${page.name} ${category}: ${a.id} (${a.score === null ? '-' : Math.round(a.score * 100)})${a.displayValue ? ` ${a.displayValue}` : ''} — ${a.title}`);
      }
    }
  }

  const js = initialJs(WEB_DIST);
  const jsPass = js.gzip / 1024 <= THRESHOLDS.initialJsGzipKb;

  console.log(`\nLighthouse (mobile, simulated throttling) on ${BASE}; thresholds: performance >= ${THRESHOLDS.performance}, accessibility >= ${THRESHOLDS.accessibility}, SEO >= ${THRESHOLDS.seo}`);
  printTable(rows);
  console.log(`Home page initial JavaScript (the modules web/dist/index.html starts with, gzip level 9):`);
  for (const r of js.rows) console.log(`  ${r.file}  ${(r.raw / 1024).toFixed(1)} KB raw, ${(r.gzip / 1024).toFixed(1)} KB gzip`);
  console.log(`  total ${(js.gzip / 1024).toFixed(1)} KB gzip (limit ${THRESHOLDS.initialJsGzipKb} KB): ${jsPass ? 'pass' : 'FAIL'}`);
  if (problems.length) {
    console.log('\nAudits that fail (score < 90):');
    for (const p of problems) console.log(`  ${p}`);
  }
  console.log('\nCPU index: Lighthouse\'s benchmark of this machine during the run (higher is faster); TBT grows when it drops (a busy machine).');
  console.log(`Reports: ${path.relative(process.cwd(), OUT_DIR) || OUT_DIR}/<page>.report.{json,html}`);

  const ok = rows.every((r) => r.result === 'pass') && jsPass;
  console.log(ok ? 'make bench-web: every threshold met' : 'make bench-web: THRESHOLDS NOT MET');
  process.exitCode = ok ? 0 : 1;
}

main().catch((err) => {
  console.error(`[bench-web] ${err.stack || err.message}`);
  process.exit(1);
});
