// k6 run deploy/load/k6/scenarios.js -e BASE_URL=http://localhost:8080 -e PRODUCT_SLUG=… -e PHARM_SLUG=… -e TAG_SLUG=… \
//   [-e CHECKOUT_FILE=../../../artifacts/bench-checkout.json]
// The same scenarios and targets as `make bench` (deploy/load/scenarios.json), one k6 scenario each, run one after another.
// The checkout scenarios (quote, create order, user orders) run when CHECKOUT_FILE names the patients that
// `node deploy/load/checkout.js <file>` signed in and gave carts (the same lists as `make bench`; the path is
// relative to this script); the stack must trust the loopback proxy for their sign-ins (TRUSTED_PROXIES=loopback).
/* global open, __ENV, __VU, __ITER */
import http from 'k6/http';
import { check } from 'k6';

const config = JSON.parse(open('../scenarios.json'));
const BASE = __ENV.BASE_URL || 'http://localhost:8080';
const values = { productSlug: __ENV.PRODUCT_SLUG, pharmSlug: __ENV.PHARM_SLUG, tagSlug: __ENV.TAG_SLUG };
const fill = (p) => p.replace(/\{(\w+)\}/g, (_, k) => values[k]);
const step = config.warmupSeconds + config.durationSeconds;
const users = __ENV.CHECKOUT_FILE ? JSON.parse(open(__ENV.CHECKOUT_FILE)).users : [];
const checkout = users.length ? config.checkout.scenarios : [];
const checkoutStep = config.checkout.warmupSeconds + config.checkout.durationSeconds;
const checkoutStart = config.scenarios.length * step;

export const options = {
  scenarios: {
    ...Object.fromEntries(config.scenarios.map((s, i) => [`s${i}`, {
      executor: 'constant-vus', vus: config.connections, duration: `${step}s`, startTime: `${i * step}s`,
      exec: 'hit', env: { SCENARIO_PATH: fill(s.path) }, tags: { scenario: s.name },
    }])),
    ...Object.fromEntries(checkout.map((s, i) => [`c${i}`, {
      executor: 'constant-vus', vus: config.checkout.connections, duration: `${checkoutStep}s`, startTime: `${checkoutStart + i * checkoutStep}s`,
      exec: s.kind, tags: { scenario: s.name },
    }])),
  },
  thresholds: {
    ...Object.fromEntries(config.scenarios.map((s) => [`http_req_duration{scenario:${s.name}}`, [`p(95)<=${config.targets.p95Ms}`]])),
    // The create scenario's cart (PUT /api/cart) is tagged apart, so only the order itself counts.
    ...Object.fromEntries(checkout.map((s) => [`http_req_duration{scenario:${s.name},measured:yes}`, [`p(95)<=${s.p95Ms}`]])),
  },
};

export function hit() {
  const res = http.get(BASE + __ENV.SCENARIO_PATH, { headers: config.headers });
  check(res, { 'status 200': (r) => r.status === 200 });
}

/** The patients in turn: each VU starts at its own place in the list. */
const user = () => users[((__VU - 1) * 7919 + __ITER) % users.length];
const params = (u, measured = 'yes') => ({
  headers: { ...config.headers, authorization: `Bearer ${u.jwt}`, 'content-type': 'application/json' },
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
