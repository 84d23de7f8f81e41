#!/usr/bin/env node
// `make bench`: with the stack running on the demo volumes, measures each scenario of scenarios.json with
// autocannon (p50/p95/p99 from every response's own time, requests/s) in two variants: "repeated" asks the
// scenario's one path over and over (mostly the answer caches), "diverse" asks distinct paths drawn from the real
// data (diverse.js), none twice in a run, as many different patients would. Beside each, a bare Node HTTP server
// answering the same bodies: the ceiling of this machine. Prints one table. Then the checkout scenarios
// (quote, create order, the user's orders) with signed-in volume patients (checkout.js), each against its target.
// BENCH_ONLY=catalogue|checkout|business|company|web runs one part; BENCH_VARIANT=repeated|diverse one variant;
// BENCH_SCENARIOS=products,search (scenarios.json's ids) some of the catalogue's scenarios; quote,userOrders,create
// (their kinds) some of the checkout's.
'use strict';
const autocannon = require('autocannon');
const { fork } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const config = require('./scenarios.json');
const { prepareCheckout } = require('./checkout');
const diverse = require('./diverse');
const { asNextClient, manyClients } = require('./clients');
const { settle } = require('./settle');
const { initialJs } = require('./initial-js');
const { addVolumeOrders } = require('./volume-orders');

const BASE = process.env.BENCH_URL || 'http://127.0.0.1:8080';

async function getJson(p) {
  const res = await fetch(BASE + p, { headers: asNextClient(config.headers) });
  if (!res.ok) throw new Error(`${p}: ${res.status} ${await res.text()}`);
  return res.json();
}

/** Real slugs of the seeded data for the path placeholders. */
async function discover() {
  const products = await getJson('/api/products?sortBy=popular');
  const productSlug = products.products[0].slug;
  const pharms = await getJson('/api/pharms?hasPharmProducts=1');
  const detail = await getJson(`/api/products/${productSlug}`);
  const tagSlug = detail.tags[0]?.slug ?? 'sativa';
  return { productSlug, pharmSlug: pharms.pharms[0].slug, tagSlug };
}

const fill = (p, values) => p.replace(/\{(\w+)\}/g, (_, k) => values[k]);

const percentile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
const round = (ms) => Math.round(ms * 10) / 10;

/** Hands out `paths` in turn; `handedOut` beyond their number were asked again. */
function pathCursor(paths) {
  let handedOut = 0;
  return {
    next: () => paths[handedOut++ % paths.length],
    get handedOut() { return handedOut; },
  };
}

/**
 * `seconds` of requests to `url` (or `amount` requests, however long they take), or with `paths` (a pathCursor) to
 * the next of its paths each time.
 */
function run(url, { headers = {}, seconds, amount, paths, setupRequest, connections = config.connections }) {
  return new Promise((resolve, reject) => {
    const times = [];
    let non2xx = 0;
    // Each request from a client of its own (clients.js), as many patients would ask; `setupRequest`: the caller's own.
    const requests = setupRequest
      ? [{ setupRequest }]
      : paths
        ? [{ setupRequest: (request) => ({ ...request, headers: asNextClient(request.headers), path: paths.next() }) }]
        : [{ setupRequest: manyClients(headers) }];
    const length = amount === undefined ? { duration: seconds } : { amount };
    const started = Date.now();
    let lastAnswerAt = started;
    const instance = autocannon({ url, connections, ...length, headers, requests }, (err, result) => {
      if (err) return reject(err);
      times.sort((a, b) => a - b);
      resolve({
        p50: round(percentile(times, 0.5)), p95: round(percentile(times, 0.95)), p99: round(percentile(times, 0.99)),
        // A run of a few seconds ends in a part-second that would weigh in a per-second average as much as a whole one;
        // a run of `amount` requests ends at autocannon's next one-second tick after its last answer, so it is timed to that answer.
        rps: amount === undefined ? result.requests.average : times.length / ((lastAnswerAt - started) / 1000), bytes: Math.round(result.throughput.total / Math.max(result.requests.total, 1)), non2xx,
      });
    });
    instance.on('response', (_client, status, _bytes, ms) => { times.push(ms); lastAnswerAt = Date.now(); if (status >= 300) non2xx++; });
  });
}

/** A bare HTTP server, in its own process, answering `bodies` in turn to everything. */
function ceilingServer(bodies) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-bodies-'));
  const files = bodies.map((body, i) => {
    const file = path.join(dir, `${i}.json`);
    fs.writeFileSync(file, body);
    return file;
  });
  return new Promise((resolve) => {
    const child = fork(path.join(__dirname, 'ceiling-server.js'), files, { stdio: 'inherit' });
    child.once('message', (port) => resolve({
      url: `http://127.0.0.1:${port}/`,
      stop: () => { child.kill(); fs.rmSync(dir, { recursive: true, force: true }); },
    }));
  });
}

/** The ceiling's warmed-up run over `bodies`, at `connections` (the catalogue's by default). */
async function ceilingRun(bodies, connections = config.connections) {
  const ceiling = await ceilingServer(bodies);
  try {
    await run(ceiling.url, { seconds: config.warmupSeconds, connections });
    return await run(ceiling.url, { seconds: config.durationSeconds, connections });
  } finally {
    ceiling.stop();
  }
}

/**
 * The gateway's page-cache counters, where it tells them (`pageCache` of /api/health, or /api/health/page-cache);
 * undefined where it does not.
 */
async function pageCacheCounters() {
  const health = await fetch(`${BASE}/api/health`, { headers: config.headers }).then((r) => r.json()).catch(() => undefined);
  const counters = health?.pageCache
    ?? await fetch(`${BASE}/api/health/page-cache`, { headers: config.headers }).then((r) => (r.ok ? r.json() : undefined)).catch(() => undefined);
  return typeof counters?.hits === 'number' && typeof counters?.misses === 'number' ? counters : undefined;
}

/** `measure()` with the page cache's hits among its answers ('' where the gateway does not count them). */
async function withPageCacheHits(measure) {
  const before = await pageCacheCounters();
  const result = await measure();
  const after = before && await pageCacheCounters();
  if (!after) return { result, hits: '' };
  // A request that waited for another's answer (`shared`, where counted) was answered from the cache too.
  const served = (c) => c.hits + (c.shared ?? 0);
  const hits = served(after) - served(before);
  return { result, hits: `${hits} of ${hits + after.misses - before.misses}` };
}

/**
 * `connections` loops, each sending its next request as soon as the last one is answered, for `seconds`;
 * `step` makes one request and answers its own time (the cart filled before an order is not counted).
 */
async function loop(seconds, connections, step) {
  const times = [];
  const failures = [];
  const bodies = [];
  const started = Date.now();
  const end = started + seconds * 1000;
  await Promise.all(Array.from({ length: connections }, async () => {
    while (Date.now() < end) {
      const { ms, status, expected, body } = await step();
      times.push(ms);
      if (status !== expected) failures.push(`${status} ${body.slice(0, 200)}`);
      else if (bodies.length < CEILING_SAMPLE) bodies.push(body);
    }
  }));
  times.sort((a, b) => a - b);
  return {
    p50: round(percentile(times, 0.5)), p95: round(percentile(times, 0.95)), p99: round(percentile(times, 0.99)),
    rps: times.length / ((Date.now() - started) / 1000), errors: failures.length, failures, bodies,
  };
}

/**
 * One signed-in read: autocannon (as the catalogue's scenarios and the ceiling; it costs the machine far less than
 * fetch, which would take CPU from what is measured) at `connections`, each request the next of `next()`'s
 * `{ path, jwt }`; then the ceiling answering a sample of the same answers; a row against the p95 budget.
 */
async function budgetRowGet(scenario, { connections, warmupSeconds, durationSeconds }, p95Ms, next, extra = {}) {
  const setupRequest = (req) => {
    const { path: p, jwt } = next();
    return { ...req, path: p, headers: { ...asNextClient(config.headers), authorization: `Bearer ${jwt}` } };
  };
  await run(BASE, { seconds: warmupSeconds, setupRequest, connections });
  const r = await run(BASE, { seconds: durationSeconds, setupRequest, connections });
  console.error(`[bench] ${scenario}: p95 ${r.p95} ms, ${Math.round(r.rps)} req/s${r.non2xx ? `, ${r.non2xx} not 2xx` : ''}`);
  const sample = await Promise.all(Array.from({ length: 20 }, async () => {
    const { path: p, jwt } = next();
    return Buffer.from(await (await fetch(BASE + p, { headers: { ...asNextClient(config.headers), authorization: `Bearer ${jwt}` } })).arrayBuffer());
  }));
  const ceiling = await ceilingRun(sample, connections);
  return {
    scenario, ...extra, p50: r.p50, p95: r.p95, p99: r.p99, 'req/s': Math.round(r.rps),
    'ceiling req/s': Math.round(ceiling.rps), 'ceiling p95': ceiling.p95, 'budget p95': p95Ms, errors: r.non2xx,
    'budget met': isMet(r.p95 <= p95Ms && r.non2xx === 0),
  };
}

/**
 * One signed-in scenario that writes: `step` in `connections` loops after a warm-up, then the bare-Node ceiling answering a sample
 * of the same answers at the same concurrency; a row of the scenario's table against its p95 budget.
 */
async function budgetRow(scenario, { connections, warmupSeconds, durationSeconds }, p95Ms, step, extra = {}) {
  await loop(warmupSeconds, connections, step);
  const r = await loop(durationSeconds, connections, step);
  if (r.errors) console.error(`[bench] ${scenario}: ${r.errors} failed, e.g. ${[...new Set(r.failures)].slice(0, 3).join(' | ')}`);
  console.error(`[bench] ${scenario}: p95 ${r.p95} ms, ${Math.round(r.rps)} req/s`);
  const ceiling = r.bodies.length ? await ceilingRun(r.bodies.map((b) => Buffer.from(b)), connections) : undefined;
  return {
    scenario, ...extra, p50: r.p50, p95: r.p95, p99: r.p99, 'req/s': Math.round(r.rps),
    'ceiling req/s': ceiling ? Math.round(ceiling.rps) : '', 'ceiling p95': ceiling ? ceiling.p95 : '', 'budget p95': p95Ms, errors: r.errors,
    'budget met': isMet(r.p95 <= p95Ms && r.errors === 0),
  };
}

async function timed(method, p, jwt, body, expected) {
  const started = performance.now();
  const res = await fetch(BASE + p, {
    method,
    headers: { ...asNextClient(config.headers), authorization: `Bearer ${jwt}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  return { ms: performance.now() - started, status: res.status, expected, body: text };
}

/**
 * The checkout scenarios at `checkout.connections`, over signed-in volume patients taken in turn: a quote of each
 * one's server cart with its selections; the first page of each one's orders (they have 40 or more); an order
 * placed from a fresh cart (PUT /api/cart, not measured, then POST /api/orders, measured). Orders come last: each
 * one sets off work in other services (e-mails and texts, stock, read models) that would weigh on what follows.
 */
async function checkoutScenarios() {
  const c = { ...config.checkout, connections: Number(process.env.BENCH_CONNECTIONS || config.checkout.connections) };
  const count = Number(process.env.BENCH_USERS || c.users);
  const { users } = await prepareCheckout({ base: BASE, headers: config.headers, count, log: (line) => console.error(`[bench] checkout: ${line}`) });
  let next = 0;
  const turn = () => users[next++ % users.length];
  let sequence = 0;
  const run = Date.now().toString(36);
  const steps = {
    quote: () => { const u = turn(); return timed('POST', '/api/checkout/quote', u.jwt, u.quote, 200); },
    create: async () => {
      const u = turn();
      await timed('PUT', '/api/cart', u.jwt, { cartItems: u.cartItems }, 200);
      // A note of its own: the same cart, details and selections while an earlier one is open is refused (409).
      return timed('POST', '/api/orders', u.jwt, { ...u.form, ...u.quote, notes: `bench ${run}-${sequence++}` }, 201);
    },
  };
  const reads = { userOrders: () => { const u = turn(); return { path: '/api/user/orders?page=1', jwt: u.jwt }; } };
  const only = process.env.BENCH_SCENARIOS?.split(',');
  const rows = [];
  for (const scenario of c.scenarios.filter((s) => !only || only.includes(s.kind))) {
    rows.push(reads[scenario.kind]
      ? await budgetRowGet(scenario.name, c, scenario.p95Ms, reads[scenario.kind])
      : await budgetRow(scenario.name, c, scenario.p95Ms, steps[scenario.kind]));
  }
  console.log(`\nCheckout: ${c.connections} connections, ${c.durationSeconds} s per scenario, ${users.length} signed-in volume patients in turn; latency in ms;`
    + ' ceiling: a bare Node server answering a sample of the same answers at the same concurrency\n');
  console.table(rows);
}

/** When the repeated variant did not run first: the most requests/s expected of a scenario on this machine. */
const DEFAULT_EXPECTED_RPS = 3000;
/** Paths kept out of each diverse run, whose answers the ceiling serves (asked once before the run, never in it). */
const CEILING_SAMPLE = 100;

const isMet = (ok) => (ok ? 'yes' : 'NO');

/** The repeated variant: the scenario's one path over and over; the ceiling answers its body. */
async function repeatedScenario(scenario, values) {
  const url = BASE + fill(scenario.path, values);
  const probe = await fetch(url, { headers: asNextClient(config.headers) });
  if (!probe.ok) throw new Error(`${scenario.name}: ${probe.status}`);
  const body = Buffer.from(await probe.arrayBuffer());
  await run(url, { headers: config.headers, seconds: config.warmupSeconds });
  const { result: api, hits } = await withPageCacheHits(() => run(url, { headers: config.headers, seconds: config.durationSeconds }));
  const bare = await ceilingRun([body]);
  const share = api.rps / bare.rps;
  return {
    rps: api.rps,
    row: {
      scenario: scenario.name, variant: 'repeated', bytes: api.bytes, p50: api.p50, p95: api.p95, p99: api.p99, 'req/s': Math.round(api.rps),
      'ceiling req/s': Math.round(bare.rps), 'of ceiling': `${Math.round(share * 100)}%`, 'of repeated': '', distinct: 1, 'asked again': '',
      'page cache hits': hits, errors: api.non2xx,
      'targets met': isMet(api.p95 <= config.targets.p95Ms && share >= config.targets.minShareOfCeiling && api.non2xx === 0),
    },
  };
}

/**
 * The diverse variant: enough distinct paths for the whole run (warm-up included) at the repeated variant's rate,
 * each asked once; the ceiling answers a sample of the same answers in turn.
 */
async function diverseScenario(scenario, data, repeatedRps) {
  const seconds = config.warmupSeconds + config.durationSeconds;
  const needed = Math.max(diverse.MIN_COUNT, Math.ceil((repeatedRps ?? DEFAULT_EXPECTED_RPS) * seconds * 1.25));
  const all = diverse.generate(data, scenario.id, needed + CEILING_SAMPLE);
  const sampleSize = Math.min(CEILING_SAMPLE, Math.ceil(all.length / 10));
  const paths = all.slice(0, all.length - sampleSize);
  diverse.writeList(scenario.id, scenario.name, paths);
  const bodies = await diverse.mapLimited(all.slice(paths.length), 10, async (p) => {
    const res = await fetch(BASE + p, { headers: asNextClient(config.headers) });
    if (!res.ok) throw new Error(`${scenario.name} (diverse): ${p} answered ${res.status}`);
    return Buffer.from(await res.arrayBuffer());
  });
  const cursor = pathCursor(paths);
  // When the data holds fewer distinct questions than the run would ask (the tag pages), each is asked once: the
  // warm-up takes its share of them and the measured run the rest, however short it is.
  const fewer = paths.length < needed;
  const warmupAmount = Math.floor((paths.length * config.warmupSeconds) / seconds);
  const warmup = fewer ? { amount: warmupAmount } : { seconds: config.warmupSeconds };
  const measured = fewer ? { amount: paths.length - warmupAmount } : { seconds: config.durationSeconds };
  if (fewer) console.error(`[bench] ${scenario.name} (diverse): the data holds ${paths.length} distinct paths, each asked once`);
  await run(BASE, { headers: config.headers, ...warmup, paths: cursor });
  const { result: api, hits } = await withPageCacheHits(() => run(BASE, { headers: config.headers, ...measured, paths: cursor }));
  const bare = await ceilingRun(bodies);
  const askedAgain = Math.max(0, cursor.handedOut - paths.length);
  const ofRepeated = repeatedRps ? api.rps / repeatedRps : undefined;
  if (askedAgain) console.error(`[bench] ${scenario.name} (diverse): ${paths.length} distinct paths, ${askedAgain} asked again`);
  return {
    scenario: scenario.name, variant: 'diverse', bytes: api.bytes, p50: api.p50, p95: api.p95, p99: api.p99, 'req/s': Math.round(api.rps),
    'ceiling req/s': Math.round(bare.rps), 'of ceiling': `${Math.round((api.rps / bare.rps) * 100)}%`,
    'of repeated': ofRepeated === undefined ? '' : `${Math.round(ofRepeated * 100)}%`,
    distinct: Math.min(cursor.handedOut, paths.length), 'asked again': askedAgain, 'page cache hits': hits, errors: api.non2xx,
    'targets met': isMet(api.p95 <= config.targets.p95Ms && api.non2xx === 0 && askedAgain === 0
      && (ofRepeated === undefined || ofRepeated >= config.targets.minDiverseShareOfRepeated)),
  };
}

async function catalogueScenarios() {
  const variants = process.env.BENCH_VARIANT ? [process.env.BENCH_VARIANT] : ['repeated', 'diverse'];
  if (!variants.every((v) => v === 'repeated' || v === 'diverse')) throw new Error(`BENCH_VARIANT: repeated or diverse, not ${variants}`);
  const values = await discover();
  const data = variants.includes('diverse') ? await diverse.discover(BASE, config.headers) : undefined;
  const rows = [];
  const only = process.env.BENCH_SCENARIOS?.split(',');
  for (const scenario of config.scenarios.filter((s) => !only || only.includes(s.id))) {
    let repeatedRps;
    if (variants.includes('repeated')) {
      const repeated = await repeatedScenario(scenario, values);
      repeatedRps = repeated.rps;
      rows.push(repeated.row);
      console.error(`[bench] ${scenario.name} (repeated): p95 ${repeated.row.p95} ms, ${repeated.row['req/s']} req/s`);
    }
    if (data) {
      const row = await diverseScenario(scenario, data, repeatedRps);
      rows.push(row);
      console.error(`[bench] ${scenario.name} (diverse): p95 ${row.p95} ms, ${row['req/s']} req/s, ${row.distinct} distinct paths`);
    }
  }
  const t = config.targets;
  console.log(`\n${config.connections} connections, ${config.durationSeconds} s per scenario and variant (after ${config.warmupSeconds} s of warm-up); latency in ms; bytes: mean answer with headers.`
    + `\nTargets: p95 ≤ ${t.p95Ms} ms; repeated ≥ ${t.minShareOfCeiling * 100}% of its ceiling's req/s; diverse ≥ ${t.minDiverseShareOfRepeated * 100}% of the repeated req/s, no path asked twice.`
    + '\nCeiling: a bare Node server answering the same bodies (diverse: a sample of its answers in turn).\n');
  console.table(rows);
}

/** Signs `account` in; its access token. */
async function signIn(account) {
  const res = await fetch(`${BASE}/api/auth/signin`, {
    method: 'POST', headers: { ...config.headers, 'content-type': 'application/json' }, body: JSON.stringify(account),
  });
  if (!res.ok) throw new Error(`${account.email}: sign-in answered ${res.status}`);
  return (await res.json()).jwt;
}

/**
 * The back office as pharmacy owners use it (the demo pharmacists, each with the ordinary token of a member), one of
 * whose pharmacies holds `business.volumeOrders` orders for the run (volume-orders.js): the dashboard
 * (`GET /api/business/{slug}`: pharm's and order's parts) of each in turn, and the order table's pages without a
 * search at the pharmacy of 200,000 orders; each against its p95 budget, beside the ceiling.
 */
async function businessScenarios() {
  const b = { ...config.business, connections: Number(process.env.BENCH_CONNECTIONS || config.business.connections) };
  const owners = await Promise.all(b.owners.map(async ({ slug, ...account }) => ({ slug, jwt: await signIn(account) })));
  const volume = owners.find((o) => o.slug === b.volumePharmacy);
  const removeVolume = await addVolumeOrders(volume.slug, b.volumeOrders);
  const rows = [];
  try {
    let next = 0;
    const dashboard = () => { const o = owners[next++ % owners.length]; return { path: `/api/business/${o.slug}`, jwt: o.jwt }; };
    rows.push(await budgetRowGet('back-office dashboard', b, b.dashboardP95Ms, dashboard, { pharmacies: owners.map((o) => o.slug).join(' ') }));
    let page = 0;
    const table = () => ({ path: `/api/business/${volume.slug}/orders?page=${1 + (page++ % b.tablePages)}`, jwt: volume.jwt });
    rows.push(await budgetRowGet('back-office order table, no search', b, b.orderTableP95Ms, table, { pharmacies: volume.slug }));
  } finally {
    await removeVolume();
  }
  console.log(`\nBack office: ${b.connections} connections, ${b.durationSeconds} s per scenario; ${b.volumeOrders} orders added to ${volume.slug} for the run`
    + ` (its table's first ${b.tablePages} pages in turn); latency in ms; ceiling: a bare Node server answering a sample of the same answers\n`);
  console.table(rows);
}

/** The home page's initial JavaScript (initial-js.js) of the build the stack serves, against its budget. */
function webScenario() {
  const dist = path.resolve(__dirname, '../..', process.env.WEB_DIST || 'web/dist');
  const js = initialJs(dist);
  const kb = (bytes) => Math.round(bytes / 102.4) / 10;
  console.log('\nHome page initial JavaScript (the modules web/dist/index.html starts with, gzip level 9; the ceiling does not apply)\n');
  console.table([{
    scenario: 'home page initial JavaScript', files: js.rows.length, 'raw KB': kb(js.raw), 'gzip KB': kb(js.gzip),
    'budget gzip KB': config.web.initialJsGzipKb, 'budget met': isMet(js.gzip / 1024 <= config.web.initialJsGzipKb),
    largest: js.rows.sort((a, b) => b.gzip - a.gzip).slice(0, 3).map((r) => `${r.file.replace('assets/', '')} ${kb(r.gzip)}`).join(', '),
  }]);
}

/**
 * Issue 29: the largest cannabis company's stock page (its products with the market, page after page and searched)
 * and its stock report (page after page), with its business access token, against the p95 target; beside each, the
 * bare-Node ceiling answering the same bodies.
 */
async function companyScenarios() {
  const c = { ...config.company, connections: Number(process.env.BENCH_CONNECTIONS || config.company.connections) };
  const adminJwt = await signIn(c.account);
  const authed = async (p, jwt, method = 'GET') => {
    const res = await fetch(BASE + p, { method, headers: { ...asNextClient(config.headers), authorization: `Bearer ${jwt}` } });
    if (!res.ok) throw new Error(`${p}: ${res.status} ${await res.text()}`);
    return res.json();
  };
  const { companies } = await authed('/api/manage/cannabis-company?page=1', adminJwt);
  let largest = companies[0];
  for (let page = 2; page <= 10; page++) {
    const more = (await authed(`/api/manage/cannabis-company?page=${page}`, adminJwt)).companies;
    if (!more.length) break;
    companies.push(...more);
  }
  for (const company of companies) if (company.productsCount > largest.productsCount) largest = company;
  const { jwt } = await authed(`/api/businesses/company:${largest.slug}/access`, adminJwt, 'POST');
  const base = `/api/manage/cannabis-company/${largest.slug}`;
  const stock = await authed(`${base}/stock`, jwt);
  const report = await authed(`${base}/stock-report`, jwt);
  const words = [...new Set(stock.products.flatMap((p) => p.name.split(/\s+/)).filter((w) => w.length > 2))];
  const paths = {
    'company stock page': [
      ...Array.from({ length: Math.ceil(stock.total / stock.perPage) }, (_, i) => `${base}/stock?page=${i + 1}`),
      ...words.map((w) => `${base}/stock?search=${encodeURIComponent(w)}`),
    ],
    'company stock report': Array.from({ length: Math.min(50, Math.ceil(report.total / report.perPage)) }, (_, i) => `${base}/stock-report?page=${i + 1}`),
  };
  const rows = [];
  for (const [scenario, list] of Object.entries(paths)) {
    let next = 0;
    rows.push(await budgetRowGet(scenario, c, c.p95Ms, () => ({ path: list[next++ % list.length], jwt }), { paths: list.length }));
  }
  console.log(`\nCannabis company ${largest.slug} (${largest.productsCount} products; ${report.total} offers): ${c.connections} connections, ${c.durationSeconds} s; latency in ms\n`);
  console.table(rows);
}

/** BENCH_ONLY=catalogue, checkout, business, company or web runs one part. */
async function main() {
  const only = process.env.BENCH_ONLY;
  if (!only || only === 'catalogue') await catalogueScenarios();
  if (!only) await settle(BASE);
  if (!only || only === 'checkout') await checkoutScenarios();
  if (!only || only === 'business') await businessScenarios();
  if (!only || only === 'company') await companyScenarios();
  if (!only || only === 'web') webScenario();
}

main().catch((err) => { console.error(err); process.exit(1); });
