// k6 run deploy/load/k6/scenarios.js -e BASE_URL=http://localhost:8080 -e PRODUCT_SLUG=… -e PHARM_SLUG=… -e TAG_SLUG=… \
//   [-e CHECKOUT_FILE=../../../artifacts/bench-checkout.json]
// The same scenarios and targets as `make bench` (deploy/load/scenarios.json), run one after another: each
// catalogue scenario repeated (its one path) and then diverse (the distinct paths `make bench` or
// `node deploy/load/diverse.js` wrote to artifacts/bench-lists/<id>.json, each asked once while they last; a
// scenario whose list is not there runs repeated only).
// The checkout scenarios (quote, create order, user orders) run when CHECKOUT_FILE names the patients that
// `node deploy/load/checkout.js <file>` signed in and gave carts (the same lists as `make bench`; the path is
// relative to this script); the stack must trust the loopback proxy for their sign-ins (TRUSTED_PROXIES=loopback).
/* global open, __ENV, __VU, __ITER */
import http from 'k6/http';
import exec from 'k6/execution';
import { check } from 'k6';
import { SharedArray } from 'k6/data';

const config = JSON.parse(open('../scenarios.json'));
const BASE = __ENV.BASE_URL || 'http://localhost:8080';
const values = { productSlug: __ENV.PRODUCT_SLUG, pharmSlug: __ENV.PHARM_SLUG, tagSlug: __ENV.TAG_SLUG };
const fill = (p) => p.replace(/\{(\w+)\}/g, (_, k) => values[k]);
const step = config.warmupSeconds + config.durationSeconds;
/** The catalogue scenarios whose diverse list is there, with it. */
const diverse = config.scenarios.flatMap((s, index) => {
  try {
    return [{ ...s, index, paths: new SharedArray(s.id, () => JSON.parse(open(`../../../artifacts/bench-lists/${s.id}.json`)).paths) }];
  } catch {
    return [];
  }
});
const variants = (s) => (diverse.some((d) => d.id === s.id) ? 2 : 1);
const catalogueStart = (i) => config.scenarios.slice(0, i).reduce((t, s) => t + variants(s) * step, 0);
const users = __ENV.CHECKOUT_FILE ? JSON.parse(open(__ENV.CHECKOUT_FILE)).users : [];
const checkout = users.length ? config.checkout.scenarios : [];
const checkoutStep = config.checkout.warmupSeconds + config.checkout.durationSeconds;
const checkoutStart = catalogueStart(config.scenarios.length);

export const options = {
  scenarios: {
    ...Object.fromEntries(config.scenarios.map((s, i) => [`s${i}`, {
      executor: 'constant-vus', vus: config.connections, duration: `${step}s`, startTime: `${catalogueStart(i)}s`,
      exec: 'hit', env: { SCENARIO_PATH: fill(s.path) }, tags: { scenario: s.name, variant: 'repeated' },
    }])),
    ...Object.fromEntries(diverse.map((s) => [`d_${s.id}`, {
      executor: 'constant-vus', vus: config.connections, duration: `${step}s`, startTime: `${catalogueStart(s.index) + step}s`,
      exec: 'hitDiverse', env: { SCENARIO_ID: s.id }, tags: { scenario: s.name, variant: 'diverse' },
    }])),
    ...Object.fromEntries(checkout.map((s, i) => [`c${i}`, {
      executor: 'constant-vus', vus: config.checkout.connections, duration: `${checkoutStep}s`, startTime: `${checkoutStart + i * checkoutStep}s`,
      exec: s.kind, tags: { scenario: s.name },
    }])),
  },
  thresholds: {
    ...Object.fromEntries(config.scenarios.map((s) => [`http_req_duration{scenario:${s.name},variant:repeated}`, [`p(95)<=${config.targets.p95Ms}`]])),
    ...Object.fromEntries(diverse.map((s) => [`http_req_duration{scenario:${s.name},variant:diverse}`, [`p(95)<=${config.targets.p95Ms}`]])),
    // The create scenario's cart (PUT /api/cart) is tagged apart, so only the order itself counts.
    ...Object.fromEntries(checkout.map((s) => [`http_req_duration{scenario:${s.name},measured:yes}`, [`p(95)<=${s.p95Ms}`]])),
  },
};

/**
 * Each request from a client address of its own (X-Forwarded-For, as ../clients.js for `make bench`), so the gateway's
 * per-client limits count many patients, not this machine: the stack must trust the loopback proxy (TRUSTED_PROXIES=loopback).
 */
const asClient = (headers) => {
  const n = exec.scenario.iterationInTest % 65536;
  return { ...headers, 'x-forwarded-for': `100.64.${n >> 8}.${n & 255}` };
};

export function hit() {
  const res = http.get(BASE + __ENV.SCENARIO_PATH, { headers: asClient(config.headers) });
  check(res, { 'status 200': (r) => r.status === 200 });
}

/** The scenario's next distinct path: the n-th iteration of all its VUs asks the n-th path (again only past the list's end). */
export function hitDiverse() {
  const { paths } = diverse.find((d) => d.id === __ENV.SCENARIO_ID);
  const res = http.get(BASE + paths[exec.scenario.iterationInTest % paths.length], { headers: asClient(config.headers) });
  check(res, { 'status 200': (r) => r.status === 200 });
}

/** The patients in turn: each VU starts at its own place in the list. */
const user = () => users[((__VU - 1) * 7919 + __ITER) % users.length];
const params = (u, measured = 'yes') => ({
  headers: { ...asClient(config.headers), authorization: `Bearer ${u.jwt}`, 'content-type': 'application/json' },
  tags: { measured },
});

export function quote() {
  const u = user();
  const res = http.post(`${BASE}/api/checkout/quote`, JSON.stringify(u.quote), params(u));
  check(res, { 'quote 200': (r) => r.status === 200 });
}

export function create() {
  const u = user();
  http.put(`${BASE}/api/cart`, JSON.stringify({ cartItems: u.cartItems }), params(u, 'no'));
  // A note of its own: the same cart, details and selections while an earlier one is open is refused (409).
  const body = { ...u.form, ...u.quote, notes: `k6 ${Date.now()}-${__VU}-${__ITER}` };
  const res = http.post(`${BASE}/api/orders`, JSON.stringify(body), params(u));
  check(res, { 'order 201': (r) => r.status === 201 });
}

export function userOrders() {
  const u = user();
  const res = http.get(`${BASE}/api/user/orders?page=1`, params(u));
  check(res, { 'orders 200': (r) => r.status === 200 });
}
