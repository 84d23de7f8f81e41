#!/usr/bin/env node
// Starts every service and the gateway from their builds, waits until /api/health is green and keeps
// them running. Used by `make dev` (as a command) and by the end-to-end tests (as a module).
'use strict';
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '../..');
const SERVICES = ['catalog', 'pharm', 'cart', 'order', 'shipping-quote', 'identity', 'notifications'];
/**
 * Processes of their own besides the services' request handlers: each service's workers, by name, with Node's flags.
 * The stock-feed worker's heap is bounded (its memory must not grow with the feed): it holds one chunk at a time.
 */
const WORKERS = {
  'stock-feed': { script: 'services/pharm/dist/stock-feed/worker.js', nodeArgs: ['--max-old-space-size=128', '--max-semi-space-size=8'] },
  'notifications-sender': { script: 'services/notifications/dist/worker.js' },
  'order-timers': { script: 'services/order/dist/worker.js' },
};
const entry = (name) => (name === 'gateway' ? 'gateway/dist/main.js' : WORKERS[name]?.script ?? `services/${name}/dist/main.js`);

/**
 * Starts one process from its build. Its probes and metrics listen on any free port unless `env.PROBE_PORT` names one,
 * and it stops at once on SIGTERM (no load balancer here waits for its readiness) unless `env.SHUTDOWN_DELAY_MS` says.
 */
function startProcess(name, { env = {}, logDir }) {
  fs.mkdirSync(logDir, { recursive: true });
  const log = fs.openSync(path.join(logDir, `${name}.log`), 'a');
  // STACK_NODE_ARGS: Node flags for every process (`make profile`'s --cpu-prof, which NODE_OPTIONS may not carry).
  const nodeArgs = [...(process.env.STACK_NODE_ARGS?.split(' ').filter(Boolean) ?? []), ...(WORKERS[name]?.nodeArgs ?? [])];
  const child = spawn(process.execPath, [...nodeArgs, path.join(ROOT, entry(name))], {
    cwd: ROOT,
    env: { ...process.env, PROBE_PORT: '0', SHUTDOWN_DELAY_MS: '0', ...env },
    stdio: ['ignore', log, log],
  });
  fs.closeSync(log);
  return child;
}

function stopProcess(child, timeoutMs = 10_000) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('exit', () => { clearTimeout(timer); resolve(); });
    child.kill('SIGTERM');
  });
}

function killProcess(child) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => { child.once('exit', resolve); child.kill('SIGKILL'); });
}

async function waitForHealth(baseUrl, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer';
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.status === 200) return res.json();
      last = `${res.status} ${await res.text()}`;
    } catch (err) {
      last = err.message;
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`the stack did not become healthy at ${baseUrl}: ${last}`);
}

/**
 * Starts everything; resolves with a handle once the gateway reports every service up. Each process's probes and
 * metrics listen on a port of its own from `probeBase` on (default `port + 100`: 8180… for `make dev`'s 8080); with
 * `probeBase: 0` each takes any free port (a second stack beside another, whose ports would meet), and `probePorts`
 * says 0.
 */
async function startStack({ env = {}, port = 8080, probeBase = port + 100, logDir = path.join(ROOT, 'artifacts/logs') } = {}) {
  const procs = {};
  // Links in e-mails point at this stack unless the caller says otherwise.
  env = { PUBLIC_URL: `http://localhost:${port}`, ...env };
  const names = [...SERVICES, ...Object.keys(WORKERS), 'gateway'];
  const probePorts = Object.fromEntries(names.map((name, i) => [name, probeBase ? probeBase + i : 0]));
  const envOf = (name) => ({ ...env, PROBE_PORT: String(probePorts[name]), ...(name === 'gateway' ? { PORT: String(port) } : {}) });
  for (const name of names) procs[name] = startProcess(name, { env: envOf(name), logDir });
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(baseUrl);
  } catch (err) {
    await Promise.all(Object.values(procs).map((p) => stopProcess(p)));
    throw new Error(`${err.message}\n(see the logs in ${logDir})`);
  }
  return {
    baseUrl,
    procs,
    probePorts,
    restart: async (name) => { await stopProcess(procs[name]); procs[name] = startProcess(name, { env: envOf(name), logDir }); },
    /** SIGKILL: the process dies at once, as on a crash or a lost node (`make chaos`). */
    kill: (name) => killProcess(procs[name]),
    start: (name) => { procs[name] = startProcess(name, { env: envOf(name), logDir }); return procs[name]; },
    /** Another copy of a process, its probes on `probePort` (the caller stops it). */
    startCopy: (name, probePort) => startProcess(name, { env: { ...envOf(name), PROBE_PORT: String(probePort) }, logDir }),
    stop: () => Promise.all(Object.values(procs).map((p) => stopProcess(p))),
  };
}

/**
 * After a seed, each service copies the other's data from events as it starts (catalog: offers; pharm:
 * products). Waits until both copies have settled: catalog's in-stock total and the number of pharmacies
 * with products to sell are above zero and the same in two polls a second apart.
 */
async function waitForReadModels(baseUrl, { timeoutMs = 180_000, headers = {} } = {}) {
  const h = { 'x-app-id': 'stack', 'x-app-version': '0', 'x-api-key': process.env.API_KEY || 'mc-local-web-key', ...headers };
  const total = async (p) => {
    const res = await fetch(baseUrl + p, { headers: h }).catch(() => undefined);
    return res?.ok ? (await res.json()).total : -1;
  };
  let last = '';
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline;) {
    const now = `${await total('/api/products?inStock=1')}/${await total('/api/pharms?hasPharmProducts=1')}`;
    if (now === last && !now.includes('-') && !now.split('/').includes('0')) return now;
    last = now;
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error(`read models never settled (products in stock / pharmacies with products: ${last})`);
}

/** Where each process answers its probes and metrics (make dev prints it). */
function probesText(probePorts) {
  const list = Object.entries(probePorts).map(([name, p]) => `${name} ${p}`).join(', ');
  return `  Probes and Prometheus metrics of each process: http://localhost:<port>/livez, /readyz, /metrics (${list});\n`
    + '  the Grafana dashboard and Prometheus alert rules: deploy/k8s/base/observability/ (dashboard.json, alert-rules.yaml);\n'
    + '  traces: start it with OTEL_EXPORTER_OTLP_ENDPOINT=<your collector, OTLP over HTTP> (none leave a process without it)\n';
}

/** How to sign in as each demo account of the seed (make dev prints it). */
function demoAccounts() {
  try {
    const { DEMO_ACCOUNTS } = require(path.join(ROOT, 'services/identity/dist/seed/demo-accounts.js'));
    return `\n  Sign in as (e-mail / password):\n${DEMO_ACCOUNTS.map((a) => `    ${a.who}: ${a.email} / ${a.password}`).join('\n')}\n\n`;
  } catch {
    return '';
  }
}

module.exports = { SERVICES, WORKERS, entry, startStack, startProcess, stopProcess, waitForHealth, waitForReadModels, devTwilio };

/**
 * `make dev`'s Twilio: without an account of one's own (TWILIO_ACCOUNT_SID unset), texts go through the twilio
 * package to a local fake of its Messages API; the dev mailbox shows them as before.
 */
async function devTwilio() {
  if (process.env.TWILIO_ACCOUNT_SID) return { env: {}, close: async () => {} };
  const { startFakeTwilio } = require('./fake-twilio');
  const account = { accountSid: 'ACdev00000000000000000000000000000', authToken: 'dev-token' };
  const fake = await startFakeTwilio({ ...account, onText: ({ to }) => console.log(`  SMS to ${to} (local fake Twilio; the text is in the dev mailbox)`) });
  return { env: { TWILIO_ACCOUNT_SID: account.accountSid, TWILIO_AUTH_TOKEN: account.authToken, TWILIO_FROM: '+15005550006', TWILIO_API_URL: fake.url }, close: fake.close };
}

/**
 * `make dev`'s data partner: without FEED_PARTNERS set, the development partner's feed is served by the local fake
 * partner (deploy/local/fake-partner.js) and pulled by the stock-feed worker every 5 minutes: 4,000 rows, new each pull.
 */
async function devPartner() {
  if (process.env.FEED_PARTNERS) return { env: {}, close: async () => {} };
  const { startFakePartner } = require('./fake-partner');
  const { DEVELOPMENT_FEED_PARTNER } = require(path.join(ROOT, 'services/kit/dist/feeds/feed-partners.js'));
  const fake = await startFakePartner({ volume: 'demo' });
  // DEV_FEED_PULL=0 (make bench): pushes only; a scheduled pull's thousands of offer changes would weigh on what is measured.
  const pulled = process.env.DEV_FEED_PULL !== '0';
  const partner = { ...DEVELOPMENT_FEED_PARTNER, ...(pulled ? { url: fake.feedUrl({ rows: 4000 }), everyMs: 300_000 } : {}) };
  return { env: { FEED_PARTNERS: JSON.stringify([partner]) }, close: fake.close };
}

if (require.main === module) {
  const port = Number(process.env.PORT || 8080);
  Promise.all([devTwilio(), devPartner()])
    .then(async ([twilio, partner]) => ({ twilio: { close: () => Promise.all([twilio.close(), partner.close()]) }, stack: await startStack({ port, env: { ...twilio.env, ...partner.env } }) }))
    .then(({ twilio, stack }) => {
      console.log(`\n  The marketplace is running: http://localhost:${port}\n  API docs: http://localhost:${port}/api/docs   Logs: artifacts/logs/\n  E-mails and texts (no SMTP server set; texts through a local fake Twilio): http://localhost:${port}/dev/mailbox\n  Partner stock feed: partner yarpa-dev, secret medcanna-dev-feed-secret (pulled from a local fake every 5 minutes; push: node deploy/local/fake-partner.js push --rows 40000 --url http://localhost:${port})\n${probesText(stack.probePorts)}${demoAccounts()}  Ctrl-C stops it.\n`);
      const shutdown = () => stack.stop().then(() => twilio.close()).then(() => process.exit(0));
      process.on('SIGINT', shutdown);
      process.on('SIGTERM', shutdown);
    })
    .catch((err) => { console.error(err.message); process.exit(1); });
}
