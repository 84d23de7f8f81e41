// Starts every service and the gateway once for the whole e2e run, on the test database, with the
// fixture data seeded. Tests reach it through GATEWAY_URL; the process ids are kept in a state file so a
// test may stop and restart one service and the teardown still stops everything.
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const { deleteEventStreams } = require('../../services/kit/test/fresh-streams.setup');
const stack = require('../../deploy/local/stack');
const { startFakeGoogle } = require('./fake-google');
const { startFakeOtlp } = require('../../deploy/local/fake-otlp');

const ROOT = path.resolve(__dirname, '../..');
const STATE = path.join(ROOT, 'artifacts/e2e-stack.json');

/**
 * Rate-limit counters and SMS locks live in the shared Redis for minutes; a new run starts without the last run's.
 * `patterns`: only these keys (each e2e file starts with fresh rate-limit counters: see fresh-rate-limits.js).
 */
async function clearRateLimits(patterns = ['rate:*', 'sms-*', 'medcanna_e2e:*']) {
  const Redis = require(require.resolve('ioredis', { paths: [path.join(ROOT, 'gateway')] }));
  const redis = new Redis(process.env.REDIS_URL || 'redis://127.0.0.1:6379');
  try {
    const keys = (await Promise.all(patterns.map((pattern) => redis.keys(pattern)))).flat();
    if (keys.length) await redis.del(...keys);
  } finally {
    redis.disconnect();
  }
}

module.exports = async () => {
  for (const name of [...stack.SERVICES, 'gateway']) {
    const main = name === 'gateway' ? 'gateway/dist/main.js' : `services/${name}/dist/main.js`;
    if (!fs.existsSync(path.join(ROOT, main))) throw new Error(`${main} is missing: build first (make build).`);
  }
  const port = Number(process.env.E2E_GATEWAY_PORT || 18080);
  const env = { DATABASE_NAME: 'medcanna_e2e', NATS_URL: process.env.TEST_NATS_URL || 'nats://127.0.0.1:4231', LOG_LEVEL: process.env.E2E_LOG_LEVEL || 'info', APP_ENV: 'test' };
  // The tests on 127.0.0.1 stand in for the site's proxy (they may name a client in X-Forwarded-For); from any other address the header is ignored.
  env.TRUSTED_PROXIES = '127.0.0.1';
  // Every test file asks from 127.0.0.1, together far more than one visitor: the per-client rate limits of the reads are
  // off here (client-limits.e2e.ts shows them at their defaults on a gateway of its own); the in-flight cap stays.
  Object.assign(env, { RATE_LIMIT_CART_READS: '0', RATE_LIMIT_SEARCH: '0', RATE_LIMIT_LISTS: '0', RATE_LIMIT_PAGES: '0' });
  // The partner feed (the development partner): a spool of the run's own, emptied at each start, and a small cap that a
  // test can pass (feeds.e2e.ts); gateway and pharm read the same settings.
  env.FEED_SPOOL_DIR = path.join(ROOT, 'artifacts/e2e-feeds');
  env.FEED_MAX_BYTES = String(1024 * 1024);
  fs.rmSync(env.FEED_SPOOL_DIR, { recursive: true, force: true });
  // The patients' alerts are sent at any hour here: the browser tests run on the real clock (pharm's integration tests
  // hold a night's alert until 08:00 on a clock they move).
  env.ALERT_QUIET_HOURS = 'none';
  // Google sign-in runs against a fake of Google's endpoints, on a fixed port since the stack's settings are fixed at its start.
  const callbackUrl = `http://127.0.0.1:${port}/auth/google-callback`;
  const google = await startFakeGoogle({ port: Number(process.env.E2E_GOOGLE_PORT || 18099), redirectUris: [callbackUrl] });
  globalThis.__FAKE_GOOGLE__ = google;
  Object.assign(env, {
    GOOGLE_CLIENT_ID: google.clientId, GOOGLE_CLIENT_SECRET: google.clientSecret, GOOGLE_CALLBACK_URL: callbackUrl,
    GOOGLE_AUTH_URL: google.endpoints.authorization, GOOGLE_TOKEN_URL: google.endpoints.token, GOOGLE_USERINFO_URL: google.endpoints.userinfo,
  });
  process.env.E2E_GOOGLE_URL = google.url;
  // Every process sends its traces to a local stand-in of a collector, which the tests read back (operations.e2e.ts).
  const otlp = await startFakeOtlp({ port: Number(process.env.E2E_OTLP_PORT || 18098) });
  globalThis.__FAKE_OTLP__ = otlp;
  env.OTEL_EXPORTER_OTLP_ENDPOINT = otlp.url;
  // From nothing: empty schemas and no event streams left by earlier runs or by the integration tests.
  execFileSync(path.join(ROOT, 'deploy/local/infra.sh'), ['--reset-database', env.DATABASE_NAME], { stdio: 'inherit' });
  await deleteEventStreams(env.NATS_URL);
  await clearRateLimits();
  execFileSync(path.join(ROOT, 'deploy/local/seed.sh'), ['fixtures'], { env: { ...process.env, ...env, LOG_LEVEL: 'warn' }, stdio: 'inherit' });
  const running = await stack.startStack({ env, port, logDir: path.join(ROOT, 'artifacts/logs/e2e') });
  await stack.waitForReadModels(running.baseUrl);
  globalThis.__STACK__ = running;
  fs.writeFileSync(STATE, JSON.stringify({ env, probePorts: running.probePorts, pids: Object.fromEntries(Object.entries(running.procs).map(([k, p]) => [k, p.pid])) }));
  process.env.GATEWAY_URL = running.baseUrl;
  process.env.E2E_STACK_STATE = STATE;
};
module.exports.clearRateLimits = clearRateLimits;
