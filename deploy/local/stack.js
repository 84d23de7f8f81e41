#!/usr/bin/env node
// Starts every service and the gateway from their builds, waits until /api/health is green and keeps
// them running. Used by `make dev` (as a command) and by the end-to-end tests (as a module).
'use strict';
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '../..');
const SERVICES = ['catalog', 'pharm', 'cart', 'order', 'shipping-quote', 'identity', 'notifications'];
const entry = (name) => (name === 'gateway' ? 'gateway/dist/main.js' : `services/${name}/dist/main.js`);

function startProcess(name, { env = {}, logDir }) {
  fs.mkdirSync(logDir, { recursive: true });
  const log = fs.openSync(path.join(logDir, `${name}.log`), 'a');
  const child = spawn(process.execPath, [path.join(ROOT, entry(name))], {
    cwd: ROOT,
    env: { ...process.env, ...env },
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

/** Starts everything; resolves with a handle once the gateway reports every service up. */
async function startStack({ env = {}, port = 8080, logDir = path.join(ROOT, 'artifacts/logs') } = {}) {
  const procs = {};
  // Links in e-mails point at this stack unless the caller says otherwise.
  env = { PUBLIC_URL: `http://localhost:${port}`, ...env };
  for (const name of SERVICES) procs[name] = startProcess(name, { env, logDir });
  procs.gateway = startProcess('gateway', { env: { ...env, PORT: String(port) }, logDir });
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
    restart: async (name) => { await stopProcess(procs[name]); procs[name] = startProcess(name, { env, logDir }); },
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

/** How to sign in as each demo account of the seed (make dev prints it). */
function demoAccounts() {
  try {
    const { DEMO_ACCOUNTS } = require(path.join(ROOT, 'services/identity/dist/seed/demo-accounts.js'));
    return `\n  Sign in as (e-mail / password):\n${DEMO_ACCOUNTS.map((a) => `    ${a.who}: ${a.email} / ${a.password}`).join('\n')}\n\n`;
  } catch {
    return '';
  }
}

module.exports = { SERVICES, startStack, startProcess, stopProcess, waitForHealth, waitForReadModels };

if (require.main === module) {
  const port = Number(process.env.PORT || 8080);
  startStack({ port })
    .then((stack) => {
      console.log(`\n  The marketplace is running: http://localhost:${port}\n  API docs: http://localhost:${port}/api/docs   Logs: artifacts/logs/\n  E-mails (no SMTP server set): http://localhost:${port}/dev/mailbox\n${demoAccounts()}  Ctrl-C stops it.\n`);
      const shutdown = () => stack.stop().then(() => process.exit(0));
      process.on('SIGINT', shutdown);
      process.on('SIGTERM', shutdown);
    })
    .catch((err) => { console.error(err.message); process.exit(1); });
}
