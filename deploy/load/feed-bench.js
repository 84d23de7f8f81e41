#!/usr/bin/env node
// `make bench`'s partner-feed part (`make bench-feed` runs it alone): against a running stack (BENCH_URL), pushes a
// 40,000-row and a 1,000,000-row feed of the fake partner (deploy/local/fake-partner.js: the demo volume's partner
// universe, as the partner of FEED_PARTNERS or the development partner), polls each feed's status until it is done, and
// prints per feed:
//   - rows per second, from the start of the upload to the status 'done';
//   - the stock-feed worker's peak RSS during the feed (VmHWM of /proc/<pid>/status, reset before each feed through
//     /proc/<pid>/clear_refs; the worker is the process running services/pharm/dist/stock-feed/worker.js from this
//     checkout, as the stack runner starts it, or the processes of BENCH_FEED_PIDS);
//   - the time from the start of the upload until the feed's last change shows on the public comparison (the product
//     page's `GET /api/products/{slug}/pharm-products`): an offer the feed's last rows change, polled until it shows the
//     row's price and its updated_at as the confirmation time;
// beside the targets (40,000 rows visible within 10 s; peak RSS ≤ 250 MB whatever the size), and exits non-zero when one
// is missed. BENCH_FEED_ROWS (40000,1000000) names other sizes, BENCH_FEED_GZIP=1 pushes the gzip files,
// BENCH_FEED_VOLUME (demo) the seed volume whose universe the stack holds.
// The stack must trust the loopback proxy (TRUSTED_PROXIES=loopback, as `make bench` starts it): the comparison polls name
// clients of their own in X-Forwarded-For.
'use strict';
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const config = require('./scenarios.json');
const { asNextClient } = require('./clients');
const { settle } = require('./settle');
const { defaultPartner, feedParams, feedRow, isLastOfItsPair, loadUniverse, signedPush, signedStatus } = require('../local/fake-partner');

const BASE = process.env.BENCH_URL || 'http://127.0.0.1:8080';
const SIZES = (process.env.BENCH_FEED_ROWS || '40000,1000000').split(',').map(Number);
const GZIP = process.env.BENCH_FEED_GZIP === '1';
const VOLUME = process.env.BENCH_FEED_VOLUME || 'demo';
const WORKER_SCRIPT = 'services/pharm/dist/stock-feed/worker.js';
const TARGETS = { visible: { rows: 40_000, seconds: 10 }, peakRssMb: 250 };
const FINAL_STATES = ['done', 'refused', 'paused'];
/** How many of the feed's last rows are tried as the one to watch. */
const CANDIDATES = 40;

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const seconds = (ms) => Math.round(ms / 100) / 10;

/** VmHWM (peak resident set) of a /proc/<pid>/status text, in kB; undefined when absent. */
function vmHwmKb(statusText) {
  const match = /^VmHWM:\s+(\d+)\s+kB$/m.exec(statusText);
  return match ? Number(match[1]) : undefined;
}

const ROOT = path.resolve(__dirname, '../..');

/**
 * The stock-feed worker processes: BENCH_FEED_PIDS, else the processes running the worker's script from this checkout
 * (the stack runner starts them in it: another checkout's stack on this machine is not counted).
 */
function workerPids() {
  if (process.env.BENCH_FEED_PIDS) return process.env.BENCH_FEED_PIDS.split(',').map(Number);
  let pids;
  try {
    pids = execFileSync('pgrep', ['-f', WORKER_SCRIPT], { encoding: 'utf8' }).split('\n').filter(Boolean).map(Number);
  } catch {
    return [];
  }
  return pids.filter((pid) => {
    try {
      return fs.realpathSync(`/proc/${pid}/cwd`) === fs.realpathSync(ROOT);
    } catch {
      return false;
    }
  });
}

/** Resets each process's peak RSS to its current RSS (Linux: `5` into clear_refs); answers whether every reset worked. */
function resetPeaks(pids) {
  let all = true;
  for (const pid of pids) {
    try {
      fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
    } catch {
      all = false;
    }
  }
  return all;
}

/** The highest VmHWM of the processes, in MB (undefined when none can be read). */
function peakRssMb(pids) {
  const peaks = pids.map((pid) => {
    try {
      return vmHwmKb(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    } catch {
      return undefined;
    }
  }).filter((kb) => kb !== undefined);
  return peaks.length ? Math.round(Math.max(...peaks) / 1024) : undefined;
}

/**
 * The rows to watch, best first: the feed's last rows that are the last of their pharmacy and product (no later pass
 * names them again), that keep some stock and set a price (an offer out of stock is not on the comparison).
 */
function candidateRows(universe, params, count = CANDIDATES) {
  const rows = [];
  for (let i = params.rows - 1; i >= 0 && isLastOfItsPair(universe, params.rows, i) && rows.length < count; i--) {
    const row = feedRow(universe, params, i);
    if (row.amount > 0 && row.price !== null) rows.push(row);
  }
  return rows;
}

/** The price a comparison row shows before the pharmacy's own discounts, in agorot. */
const offerAgorot = (offer) => Math.round((offer.originalPrice ?? offer.totalPrice) * 100);

/** Whether a comparison row shows `row` applied: its price and, as the confirmation time, its updated_at. */
const showsRow = (offer, row) => offer !== undefined && offerAgorot(offer) === row.price && offer.confirmedAt === row.updatedAtMs;

/** The comparison row of `row`'s pharmacy for its product, or undefined when the comparison does not list it. */
async function comparisonOffer(row) {
  const res = await fetch(`${BASE}/api/products/${encodeURIComponent(row.product.slug)}/pharm-products`, { headers: asNextClient(config.headers) });
  if (!res.ok) return undefined;
  const { offers } = await res.json();
  return offers.find((offer) => offer.pharm.slug === row.pharmacy.slug);
}

/** The row to watch: the first candidate the comparison lists now (so it will list it once changed), else the first. */
async function watchedRow(candidates) {
  for (const row of candidates) if (await comparisonOffer(row)) return row;
  return candidates[0];
}

/** Whether a feed met its targets (the visibility target counts for feeds of up to its rows). */
function targetsMet(result) {
  const visibleOk = result.rows > TARGETS.visible.rows || (result.visibleMs !== undefined && result.visibleMs <= TARGETS.visible.seconds * 1000);
  const rssOk = result.peakRssMb !== undefined && result.peakRssMb <= TARGETS.peakRssMb;
  return result.state === 'done' && visibleOk && rssOk;
}

/** One feed: pushed, followed until done and until its watched change shows, with the worker's peak RSS meanwhile. */
async function benchFeed(universe, partner, rows, priceShift) {
  const params = feedParams({ rows, gzip: GZIP, at: Date.now(), priceShift });
  const watched = await watchedRow(candidateRows(universe, params));
  if (!watched) throw new Error(`no row of a ${rows}-row feed keeps stock with a price: nothing to watch`);
  const pids = workerPids();
  const peakReset = resetPeaks(pids);
  const pushed = await signedPush({ baseUrl: BASE, ...partner, rows, gzip: GZIP, at: params.atMs, priceShift, universe });
  if (pushed.status !== 202) throw new Error(`push of ${rows} rows: ${pushed.status} ${pushed.text}`);
  const uploadedAt = Date.now();
  const { jobId } = pushed.body;

  let status;
  let statusErrors = 0;
  let doneAt;
  let visibleAt;
  const deadline = Date.now() + 30 * 60_000;
  const following = (async () => {
    while (Date.now() < deadline) {
      const answer = await signedStatus({ baseUrl: BASE, ...partner, jobId });
      if (answer.status !== 200) {
        // Counted and shown: a status the stack could not answer in time while it applied the feed.
        statusErrors++;
        if (statusErrors > 100) throw new Error(`status of ${jobId}: ${answer.status} ${answer.text}`);
        await sleep(1000);
        continue;
      }
      status = answer.body;
      if (FINAL_STATES.includes(status.state)) {
        doneAt = Date.now();
        return;
      }
      await sleep(250);
    }
  })();
  const watching = (async () => {
    while (Date.now() < deadline && visibleAt === undefined) {
      if (showsRow(await comparisonOffer(watched), watched)) visibleAt = Date.now();
      // A refused or paused feed changes nothing: stop watching a while after it says so.
      else if (doneAt !== undefined && (status.state !== 'done' || Date.now() - doneAt > 60_000)) return;
      else await sleep(100);
    }
  })();
  await Promise.all([following, watching]);
  const elapsed = (doneAt ?? Date.now()) - pushed.sentAt;
  return {
    rows, bytes: pushed.bytes, jobId, state: status?.state, applied: status?.applied, unchanged: status?.unchanged, rejected: status?.rejected,
    uploadMs: uploadedAt - pushed.sentAt, doneMs: doneAt === undefined ? undefined : elapsed, rowsPerSecond: doneAt === undefined ? undefined : Math.round(rows / (elapsed / 1000)),
    visibleMs: visibleAt === undefined ? undefined : visibleAt - pushed.sentAt, watched: `${watched.pharmacy.slug} / ${watched.product.slug}`,
    peakRssMb: peakRssMb(pids), peakSinceStart: !peakReset, workers: pids.length, statusErrors,
  };
}


function report(results) {
  const rows = results.map((r) => ({
    feed: `${r.rows.toLocaleString('en')} rows${GZIP ? ' (gzip)' : ''}`,
    MB: Math.round(r.bytes / 1e5) / 10,
    'upload s': seconds(r.uploadMs),
    state: r.state,
    'applied/unchanged/rejected': `${r.applied}/${r.unchanged}/${r.rejected}`,
    'done s': r.doneMs === undefined ? '—' : seconds(r.doneMs),
    'rows/s': r.rowsPerSecond ?? '—',
    'visible s': r.visibleMs === undefined ? 'never' : seconds(r.visibleMs),
    'target visible': r.rows <= TARGETS.visible.rows ? `≤ ${TARGETS.visible.seconds} s` : '—',
    'peak RSS MB': r.peakRssMb === undefined ? 'n/a' : `${r.peakRssMb}${r.peakSinceStart ? ' (since start)' : ''}`,
    'target RSS': `≤ ${TARGETS.peakRssMb} MB`,
    'status not answered': r.statusErrors,
    'targets met': targetsMet(r) ? 'yes' : 'NO',
  }));
  console.log(`\nPartner stock feed: pushed to ${BASE}, timed from the start of each upload; the change watched: ${results.map((r) => r.watched).join(', ')}; `
    + `worker processes: ${results[0]?.workers ?? 0} (${WORKER_SCRIPT}), which also matches each change against the patients' alerts `
    + `(make bench's volume holds 100,000 of them: deploy/seed/volumes.js)\n`);
  console.table(rows);
}

async function main() {
  const partner = defaultPartner();
  const universe = loadUniverse(VOLUME);
  if (!workerPids().length) console.error(`[bench] no process runs ${WORKER_SCRIPT}: the peak RSS cannot be read (BENCH_FEED_PIDS names the worker)`);
  await settle(BASE);
  const results = [];
  // Each feed moves the prices it sets, so its watched change differs from what the feed before it left.
  for (const [i, rows] of SIZES.entries()) {
    console.error(`[bench] pushing a ${rows.toLocaleString('en')}-row feed …`);
    const result = await benchFeed(universe, partner, rows, 10 * (i + 1) + (Math.floor(Date.now() / 1000) % 50) * 100);
    console.error(`[bench] ${rows.toLocaleString('en')} rows: ${result.state} in ${seconds(result.doneMs)} s (${result.rowsPerSecond} rows/s), visible in ${seconds(result.visibleMs)} s, peak RSS ${result.peakRssMb} MB`);
    results.push(result);
  }
  report(results);
  if (!results.every(targetsMet)) process.exitCode = 1;
}

module.exports = { vmHwmKb, candidateRows, showsRow, targetsMet, TARGETS };

if (require.main === module) main().catch((err) => { console.error(err); process.exit(1); });
