#!/usr/bin/env node
// `make bench`: with the stack running on the demo volumes, measures each scenario of scenarios.json with
// autocannon (p50/p95/p99 from every response's own time, requests/s), and beside each one a bare Node
// HTTP server answering the same body: the ceiling of this machine. Prints a table. Then the checkout scenarios
// (quote, create order, the user's orders) with signed-in volume patients (checkout.js), each against its target.
'use strict';
const autocannon = require('autocannon');
const { fork } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const config = require('./scenarios.json');
const { prepareCheckout } = require('./checkout');

const BASE = process.env.BENCH_URL || 'http://127.0.0.1:8080';

async function getJson(p) {
  const res = await fetch(BASE + p, { headers: config.headers });
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

function run(url, { headers = {}, seconds }) {
  return new Promise((resolve, reject) => {
    const times = [];
    let non2xx = 0;
    const instance = autocannon({ url, connections: config.connections, duration: seconds, headers }, (err, result) => {
      if (err) return reject(err);
      times.sort((a, b) => a - b);
      resolve({
        p50: percentile(times, 0.5), p95: percentile(times, 0.95), p99: percentile(times, 0.99),
        rps: result.requests.average, bytes: result.throughput.average / Math.max(result.requests.average, 1), non2xx,
      });
    });
    instance.on('response', (_client, status, _bytes, ms) => { times.push(ms); if (status >= 300) non2xx++; });
  });
}

/** A bare HTTP server, in its own process, answering `body` to everything. */
function ceilingServer(body) {
  const file = path.join(os.tmpdir(), `bench-body-${process.pid}.json`);
  fs.writeFileSync(file, body);
  return new Promise((resolve) => {
    const child = fork(path.join(__dirname, 'ceiling-server.js'), [file], { stdio: 'inherit' });
    child.once('message', (port) => resolve({ url: `http://127.0.0.1:${port}/`, stop: () => child.kill() }));
  });
}

/**
 * `connections` loops, each sending its next request as soon as the last one is answered, for `seconds`;
 * `step` makes one request and answers its own time (the cart filled before an order is not counted).
 */
async function loop(seconds, connections, step) {
  const times = [];
  const failures = [];
  const started = Date.now();
  const end = started + seconds * 1000;
  await Promise.all(Array.from({ length: connections }, async () => {
    while (Date.now() < end) {
      const { ms, status, expected, body } = await step();
      times.push(ms);
      if (status !== expected) failures.push(`${status} ${body.slice(0, 200)}`);
    }
  }));
  times.sort((a, b) => a - b);
  const round = (ms) => Math.round(ms * 10) / 10;
  return {
    p50: round(percentile(times, 0.5)), p95: round(percentile(times, 0.95)), p99: round(percentile(times, 0.99)),
    rps: times.length / ((Date.now() - started) / 1000), errors: failures.length, failures,
  };
}

async function timed(method, p, jwt, body, expected) {
  const started = performance.now();
  const res = await fetch(BASE + p, {
    method,
    headers: { ...config.headers, authorization: `Bearer ${jwt}`, ...(body ? { 'content-type': 'application/json' } : {}) },
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
    userOrders: () => { const u = turn(); return timed('GET', '/api/user/orders?page=1', u.jwt, undefined, 200); },
  };
  const rows = [];
  for (const scenario of c.scenarios) {
    await loop(c.warmupSeconds, c.connections, steps[scenario.kind]);
    const r = await loop(c.durationSeconds, c.connections, steps[scenario.kind]);
    if (r.errors) console.error(`[bench] ${scenario.name}: ${r.errors} failed, e.g. ${[...new Set(r.failures)].slice(0, 3).join(' | ')}`);
    console.error(`[bench] ${scenario.name}: p95 ${r.p95} ms, ${Math.round(r.rps)} req/s`);
    rows.push({
      scenario: scenario.name, p50: r.p50, p95: r.p95, p99: r.p99, 'req/s': Math.round(r.rps), 'target p95': scenario.p95Ms, errors: r.errors,
      'targets met': r.p95 <= scenario.p95Ms && r.errors === 0 ? 'yes' : 'NO',
    });
  }
  console.log(`\nCheckout: ${c.connections} connections, ${c.durationSeconds} s per scenario, ${users.length} signed-in volume patients in turn; latency in ms\n`);
  console.table(rows);
}

async function catalogueScenarios() {
  const values = await discover();
  const rows = [];
  for (const scenario of config.scenarios) {
    const url = BASE + fill(scenario.path, values);
    const probe = await fetch(url, { headers: config.headers });
    const body = Buffer.from(await probe.arrayBuffer());
    const size = body.length;
    if (!probe.ok) throw new Error(`${scenario.name}: ${probe.status}`);
    await run(url, { headers: config.headers, seconds: config.warmupSeconds });
    const api = await run(url, { headers: config.headers, seconds: config.durationSeconds });
    const ceiling = await ceilingServer(body);
    await run(ceiling.url, { seconds: config.warmupSeconds });
    const bare = await run(ceiling.url, { seconds: config.durationSeconds });
    ceiling.stop();
    const share = api.rps / bare.rps;
    rows.push({
      scenario: scenario.name, bytes: size, p50: api.p50, p95: api.p95, p99: api.p99, 'req/s': Math.round(api.rps),
      'ceiling p95': bare.p95, 'ceiling req/s': Math.round(bare.rps), 'of ceiling': `${Math.round(share * 100)}%`, errors: api.non2xx,
      'targets met': api.p95 <= config.targets.p95Ms && share >= config.targets.minShareOfCeiling && api.non2xx === 0 ? 'yes' : 'NO',
    });
    console.error(`[bench] ${scenario.name}: p95 ${api.p95} ms, ${Math.round(api.rps)} req/s`);
  }
  console.log(`\n${config.connections} connections, ${config.durationSeconds} s per scenario; latency in ms; targets: p95 ≤ ${config.targets.p95Ms} ms and ≥ ${config.targets.minShareOfCeiling * 100}% of the ceiling's req/s\n`);
  console.table(rows);
}

/**
 * The back office's dashboard (`GET /api/business/{id}`: pharm's and order's parts over all of a pharmacy's orders)
 * of `business.pharmacies` different pharmacies in turn, as the admin (who may open any), against its p95 target.
 */
async function businessScenarios() {
  const b = { ...config.business, connections: Number(process.env.BENCH_CONNECTIONS || config.business.connections) };
  const signIn = await fetch(`${BASE}/api/auth/signin`, {
    method: 'POST', headers: { ...config.headers, 'content-type': 'application/json' }, body: JSON.stringify(b.account),
  });
  if (!signIn.ok) throw new Error(`business: sign-in answered ${signIn.status}`);
  const { jwt } = await signIn.json();
  const slugs = (await getJson(`/api/pharms?page=1`)).pharms.map((p) => p.slug).slice(0, b.pharmacies);
  if (!slugs.length) throw new Error('business: no pharmacies');
  let next = 0;
  const step = () => timed('GET', `/api/business/${slugs[next++ % slugs.length]}`, jwt, undefined, 200);
  await loop(b.warmupSeconds, b.connections, step);
  const r = await loop(b.durationSeconds, b.connections, step);
  if (r.errors) console.error(`[bench] business dashboard: ${r.errors} failed, e.g. ${[...new Set(r.failures)].slice(0, 3).join(' | ')}`);
  console.log(`\nBack office: ${b.connections} connections, ${b.durationSeconds} s, the dashboards of ${slugs.length} pharmacies in turn; latency in ms\n`);
  console.table([{
    scenario: 'business dashboard', p50: r.p50, p95: r.p95, p99: r.p99, 'req/s': Math.round(r.rps), 'target p95': b.p95Ms, errors: r.errors,
    'targets met': r.p95 <= b.p95Ms && r.errors === 0 ? 'yes' : 'NO',
  }]);
}

/** BENCH_ONLY=catalogue, checkout or business runs one part. */
async function main() {
  const only = process.env.BENCH_ONLY;
  if (!only || only === 'catalogue') await catalogueScenarios();
  if (!only || only === 'checkout') await checkoutScenarios();
  if (!only || only === 'business') await businessScenarios();
}

main().catch((err) => { console.error(err); process.exit(1); });
