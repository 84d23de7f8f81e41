#!/usr/bin/env node
// `make bench-footprint`: what catalog and pharm need as the data grows. For the seeded database (medcanna) and the
// 10× one (medcanna_x10, deploy/seed/scale.js), starts catalog, then pharm, alone from their builds on a NATS
// server of this run's own, and measures each one's start-up time (process start → it answers `<service>.health`
// over NATS: whatever it loads before it listens is included), its resident memory (RSS) once started, then after a
// short load of list queries (the diverse lists of the catalogue scenarios, diverse.js, through a gateway started
// beside them) and its peak RSS. Prints a table.
//
// A database whose catalog or pharm still has events to publish (a fresh seed) first has them applied by the two
// (deploy/seed/scale.js settleReadModels), so the measured start loads settled data and does no catch-up work.
//
// Usage: node deploy/load/footprint.js [database …] (default: medcanna medcanna_x10; env FOOTPRINT_REQUESTS per scenario).
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { connect } = require('nats');
const { Pool } = require('pg');
const { rpcUntyped } = require('@mc/kit/testing');
const { startProcess, stopProcess } = require('../local/stack');
const { settleReadModels } = require('../seed/scale');
const diverse = require('./diverse');
const { freePort, startPrivateNats } = require('./private-nats');
const { natsOptions } = require('../local/nats');
const config = require('./scenarios.json');

const ROOT = path.resolve(__dirname, '../..');
const SERVICES = ['catalog', 'pharm'];
const REQUESTS_PER_SCENARIO = Number(process.env.FOOTPRINT_REQUESTS || 300);
const LOAD_CONNECTIONS = 10;
const START_TIMEOUT_MS = 300_000;

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const mb = (kb) => Math.round(kb / 1024);

/** VmRSS and VmHWM (the peak) of a process, in kB. */
function memory(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)[1]);
  return { rss: field('VmRSS'), peak: field('VmHWM') };
}

/** Starts a service; resolves once it answers its health request, with the process and the time that took. */
async function startTimed(name, env, nc, logDir) {
  const started = performance.now();
  const proc = startProcess(name, { env, logDir });
  while (performance.now() - started < START_TIMEOUT_MS) {
    if (proc.exitCode !== null) throw new Error(`${name} exited with ${proc.exitCode} (see ${logDir}/${name}.log)`);
    const answered = await rpcUntyped(nc, `${name}.health`, {}).then(() => true, () => false);
    if (answered) return { proc, ms: Math.round(performance.now() - started) };
    await sleep(50);
  }
  await stopProcess(proc);
  throw new Error(`${name} did not answer its health request within ${START_TIMEOUT_MS / 1000} s`);
}

/** A gateway in front of them, for the diverse lists' HTTP paths; resolves once it answers. */
async function startGateway(env, logDir) {
  const port = await freePort();
  const proc = startProcess('gateway', { env: { ...env, PORT: String(port) }, logDir });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    if (proc.exitCode !== null) throw new Error(`the gateway exited with ${proc.exitCode} (see ${logDir}/gateway.log)`);
    if (await fetch(`${base}/api/health`).then(() => true, () => false)) return { proc, base };
    await sleep(100);
  }
  await stopProcess(proc);
  throw new Error('the gateway did not answer');
}

/** Each catalogue scenario's diverse paths (discovered first), LOAD_CONNECTIONS at a time; answers how many failed and the seconds they took. */
async function listLoad(base) {
  const data = await diverse.discover(base, config.headers);
  const started = Date.now();
  let failed = 0;
  for (const scenario of config.scenarios) {
    const paths = diverse.generate(data, scenario.id, REQUESTS_PER_SCENARIO);
    let next = 0;
    await Promise.all(Array.from({ length: LOAD_CONNECTIONS }, async () => {
      while (next < paths.length) {
        const res = await fetch(base + paths[next++], { headers: config.headers });
        await res.arrayBuffer();
        if (!res.ok) failed++;
      }
    }));
  }
  return { failed, seconds: ((Date.now() - started) / 1000).toFixed(1) };
}

/** How many events catalog and pharm still have to publish. */
async function unsentEvents(database) {
  let unsent = 0;
  for (const service of SERVICES) {
    const db = new Pool({ connectionString: `postgres://${service}@127.0.0.1:5432/${database}`, max: 1 });
    try {
      unsent += (await db.query(`SELECT count(*)::int AS n FROM ${service}.outbox WHERE sent_at IS NULL`)).rows[0].n;
    } finally {
      await db.end();
    }
  }
  return unsent;
}

/** Sizes of the data the services load, for the table. */
async function volumes(database) {
  const db = new Pool({ connectionString: `postgres://pharm@127.0.0.1:5432/${database}`, max: 1 });
  try {
    const { rows } = await db.query('SELECT (SELECT count(*) FROM pharm.products_view)::int AS products, (SELECT count(*) FROM pharm.pharm_products)::int AS offers');
    return rows[0];
  } finally {
    await db.end();
  }
}

async function measure(database) {
  const { products, offers } = await volumes(database);
  const nats = await startPrivateNats();
  const nc = await connect({ servers: nats.url, ...natsOptions('harness') });
  const env = { ...process.env, APP_ENV: process.env.APP_ENV || 'development', DATABASE_NAME: database, NATS_URL: nats.url, LOG_LEVEL: 'warn' };
  const unsent = await unsentEvents(database);
  if (unsent) {
    console.error(`[footprint] ${database}: ${unsent} events to apply first`);
    await settleReadModels(database, env);
  }
  const logDir = path.join(ROOT, 'artifacts/logs/footprint', database);
  const procs = [];
  try {
    const started = {};
    for (const name of SERVICES) {
      started[name] = await startTimed(name, env, nc, logDir);
      procs.push(started[name].proc);
    }
    await sleep(2000);
    const idle = Object.fromEntries(SERVICES.map((name) => [name, memory(started[name].proc.pid)]));
    const gateway = await startGateway(env, logDir);
    procs.push(gateway.proc);
    const { failed, seconds } = await listLoad(gateway.base);
    if (failed) throw new Error(`${database}: ${failed} list queries failed`);
    return SERVICES.map((name) => {
      const after = memory(started[name].proc.pid);
      return {
        database, products, 'pharm products': offers, service: name, 'start-up ms': started[name].ms,
        'RSS started MB': mb(idle[name].rss), 'RSS after load MB': mb(after.rss), 'peak RSS MB': mb(after.peak),
        load: `${REQUESTS_PER_SCENARIO * config.scenarios.length} lists in ${seconds} s`,
      };
    });
  } finally {
    await Promise.all(procs.map((p) => stopProcess(p)));
    await nc.close();
    await nats.stop();
  }
}

async function main() {
  const databases = process.argv.slice(2).length ? process.argv.slice(2) : ['medcanna', 'medcanna_x10'];
  const rows = [];
  for (const database of databases) {
    console.error(`[footprint] ${database}…`);
    rows.push(...await measure(database));
  }
  console.log(`\nCatalog and pharm started alone (one after the other) on each database; start-up: process start → answers its health request;`
    + ` RSS 2 s after start, then after ${REQUESTS_PER_SCENARIO} diverse paths of each catalogue scenario at ${LOAD_CONNECTIONS} connections.\n`);
  console.table(rows);
}

main().catch((err) => { console.error(err); process.exit(1); });
