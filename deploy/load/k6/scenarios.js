// k6 run deploy/load/k6/scenarios.js -e BASE_URL=http://localhost:8080 -e PRODUCT_SLUG=… -e PHARM_SLUG=… -e TAG_SLUG=…
// The same scenarios and targets as `make bench` (deploy/load/scenarios.json), one k6 scenario each, run one after another.
import http from 'k6/http';
import { check } from 'k6';

const config = JSON.parse(open('../scenarios.json'));
const BASE = __ENV.BASE_URL || 'http://localhost:8080';
const values = { productSlug: __ENV.PRODUCT_SLUG, pharmSlug: __ENV.PHARM_SLUG, tagSlug: __ENV.TAG_SLUG };
const fill = (p) => p.replace(/\{(\w+)\}/g, (_, k) => values[k]);
const step = config.warmupSeconds + config.durationSeconds;

export const options = {
  scenarios: Object.fromEntries(config.scenarios.map((s, i) => [`s${i}`, {
    executor: 'constant-vus', vus: config.connections, duration: `${step}s`, startTime: `${i * step}s`,
    exec: 'hit', env: { SCENARIO_PATH: fill(s.path) }, tags: { scenario: s.name },
  }])),
  thresholds: Object.fromEntries(config.scenarios.map((s) => [`http_req_duration{scenario:${s.name}}`, [`p(95)<=${config.targets.p95Ms}`]])),
};

export function hit() {
  const res = http.get(BASE + __ENV.SCENARIO_PATH, { headers: config.headers });
  check(res, { 'status 200': (r) => r.status === 200 });
}
