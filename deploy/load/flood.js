#!/usr/bin/env node
// `make bench`'s last step: can one client slow everyone? Another visitor opens one pharmacy's page over and over
// (the drawn page `/pharms/{slug}` and its product list, `/api/pharms/{slug}/products`, each on a connection of its
// own, the next request as soon as the last is answered), first on a quiet stack, then during each attack:
//   - resolve flood: one client, 48 connections of `POST /api/cart/resolve` with 50 random lines each;
//   - discounts flood: one client, 48 connections of `/api/discounts` with random sorts, filters, positions, pages;
//   - body drip: 2,000 sockets, each of a client of its own, sending the headers of a resolve and then one byte of its
//     body a second (a socket the gateway closes is opened again, so 2,000 stay open);
//   - header drip: 2,000 sockets sending their request's headers one line every 2 s (opened again as well).
// Prints each phase's p50/p95 of the visitor's two requests beside the quiet values, whether each p95 stays within 2× of
// quiet (exits non-zero when one does not), what the attacker was answered, and how long the drip sockets were kept open.
// The stack must trust the loopback proxy (TRUSTED_PROXIES=loopback, as `make bench` starts it): the visitor and each
// attacker name themselves in X-Forwarded-For.
// FLOOD_SECONDS (15) per phase, FLOOD_CONNECTIONS (48), FLOOD_SOCKETS (2000), BENCH_PHARM names the pharmacy.
'use strict';
const autocannon = require('autocannon');
const net = require('node:net');
const config = require('./scenarios.json');
const { asNextClient } = require('./clients');

const BASE = process.env.BENCH_URL || 'http://127.0.0.1:8080';
const SECONDS = Number(process.env.FLOOD_SECONDS || 15);
const CONNECTIONS = Number(process.env.FLOOD_CONNECTIONS || 48);
const SOCKETS = Number(process.env.FLOOD_SOCKETS || 2000);
const LINES = 50;
const RATIO = 2;
const HEADERS = config.headers;
const ATTACKER = '198.51.100.66';

const percentile = (sorted, q) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] : NaN);
const round = (ms) => Math.round(ms * 10) / 10;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function getJson(p) {
  const res = await fetch(BASE + p, { headers: asNextClient(HEADERS) });
  if (!res.ok) throw new Error(`${p}: ${res.status} ${(await res.text()).slice(0, 200)}`);
  return res.json();
}

/**
 * The visitor: one connection per path, each asking again as soon as answered, until `stop()`; answers the times.
 * Each request names a client of its own (clients.js): the visitor stands for the site's other visitors, each of whom
 * asks far less often than this loop.
 */
function visitor(paths) {
  let running = true;
  const results = paths.map(() => ({ times: [], failed: 0 }));
  const loops = paths.map(async (p, i) => {
    while (running) {
      const started = performance.now();
      try {
        const res = await fetch(BASE + p, { headers: asNextClient(HEADERS), signal: AbortSignal.timeout(10_000) });
        await res.arrayBuffer();
        if (res.status !== 200) results[i].failed++;
      } catch {
        results[i].failed++;
      }
      results[i].times.push(performance.now() - started);
    }
  });
  return async () => {
    running = false;
    await Promise.all(loops);
    return results.map((r) => {
      const sorted = [...r.times].sort((a, b) => a - b);
      return { count: sorted.length, p50: round(percentile(sorted, 0.5)), p95: round(percentile(sorted, 0.95)), failed: r.failed };
    });
  };
}

/** Random whole numbers and picks, for the attacker's requests. */
const int = (n) => Math.floor(Math.random() * n);
const any = (list) => list[int(list.length)];

function randomCart() {
  const ids = new Set();
  while (ids.size < LINES) ids.add(1 + int(50_000));
  return JSON.stringify({ cartItems: [...ids].map((pharmProductId) => ({ pharmProductId, amount: 1 + int(10) })) });
}

function randomDiscounts(filters) {
  const q = new URLSearchParams({ sortBy: any(['magic', 'price', 'popular', 'new', 'nearby']) });
  if (Math.random() < 0.8) { q.set('lat', (29.6 + Math.random() * 3.6).toFixed(4)); q.set('lng', (34.3 + Math.random() * 1.4).toFixed(4)); }
  if (Math.random() < 0.5 && filters.cannabisTypes.length) q.set('cannabisTypes', any(filters.cannabisTypes));
  if (Math.random() < 0.3 && filters.types.length) q.set('types', any(filters.types));
  if (Math.random() < 0.5) { const lo = int(300); q.set('priceRange', `${lo}-${lo + 20 + int(400)}`); }
  if (Math.random() < 0.3) q.set('inStock', '1');
  q.set('page', String(1 + int(5)));
  return `/api/discounts?${q}`;
}

/** `connections` keep-alive connections of one client, each request made by `next()` ({ method, path, body }). */
function flood(next) {
  const statuses = {};
  const instance = autocannon({
    url: BASE,
    connections: CONNECTIONS,
    duration: SECONDS + 5,
    headers: { ...HEADERS, 'x-forwarded-for': ATTACKER, 'content-type': 'application/json' },
    requests: [{ setupRequest: (request) => ({ ...request, ...next() }) }],
  });
  instance.on('response', (_client, status) => { statuses[status] = (statuses[status] ?? 0) + 1; });
  const done = new Promise((resolve) => instance.on('done', resolve));
  return async () => {
    instance.stop();
    await done;
    return Object.entries(statuses).map(([s, n]) => `${s}: ${n}`).join(', ');
  };
}

/**
 * `SOCKETS` sockets, each of a client of its own, dripping a request (`start` once, then `drip()` every `everyMs`),
 * each opened again when the gateway closes it. Answers how many the gateway closed and how long each had lived.
 */
function drip({ start, drip: piece, everyMs }) {
  const url = new URL(BASE);
  const lifetimes = [];
  const answers = {};
  let running = true;
  let open = 0;
  let failedToOpen = 0;
  const sockets = new Set();
  const openOne = (n) => {
    if (!running) return;
    const opened = Date.now();
    const socket = net.connect({ host: url.hostname, port: Number(url.port) });
    sockets.add(socket);
    let timer;
    socket.setNoDelay(true);
    socket.on('connect', () => {
      open++;
      socket.write(start(`10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`));
      timer = setInterval(() => socket.write(piece()), everyMs);
    });
    socket.on('data', (chunk) => {
      const status = /^HTTP\/1\.1 (\d{3})/.exec(chunk.toString('latin1'))?.[1];
      if (status) answers[status] = (answers[status] ?? 0) + 1;
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      clearInterval(timer);
      sockets.delete(socket);
      if (!socket.connecting && open) open--;
      if (!running) return;
      if (socket.bytesWritten === 0) failedToOpen++;
      else lifetimes.push(Date.now() - opened);
      setTimeout(() => openOne(n), 50);
    });
  };
  // Opened over the first second, as fast as a script would.
  for (let i = 0; i < SOCKETS; i++) setTimeout(() => openOne(i + 1), Math.floor((i / SOCKETS) * 1000));
  return async () => {
    running = false;
    const stillOpen = sockets.size;
    for (const s of sockets) s.destroy();
    const sorted = lifetimes.sort((a, b) => a - b);
    const s = (ms) => `${(ms / 1000).toFixed(1)} s`;
    return `${sorted.length} closed by the gateway (lived p50 ${s(percentile(sorted, 0.5))}, max ${s(sorted.at(-1) ?? NaN)}), `
      + `${stillOpen} open at the end, ${failedToOpen} refused at connect; answers ${Object.entries(answers).map(([k, v]) => `${k}: ${v}`).join(', ') || 'none'}`;
  };
}

const clientHeaders = Object.entries(HEADERS).map(([k, v]) => `${k}: ${v}\r\n`).join('');

const ATTACKS = {
  'resolve flood': () => flood(() => ({ method: 'POST', path: '/api/cart/resolve', body: randomCart() })),
  'discounts flood': (filters) => flood(() => ({ method: 'GET', path: randomDiscounts(filters), body: undefined })),
  'body drip': () => drip({
    start: (client) => `POST /api/cart/resolve HTTP/1.1\r\nhost: ${new URL(BASE).host}\r\n${clientHeaders}x-forwarded-for: ${client}\r\n`
      + 'content-type: application/json\r\ncontent-length: 100000\r\n\r\n{"cartItems":[',
    drip: () => ' ',
    everyMs: 1000,
  }),
  'header drip': () => drip({
    start: () => `GET /api/pharms HTTP/1.1\r\nhost: ${new URL(BASE).host}\r\n`,
    drip: () => `x-${int(1e9)}: ${int(1e9)}\r\n`,
    everyMs: 2000,
  }),
};

/** Until /api/health answers 200 within half a second three times in a row (what the last phase left queued is done). */
async function settle(timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (let quick = 0; quick < 3 && Date.now() < deadline;) {
    const started = Date.now();
    const ok = await fetch(`${BASE}/api/health`).then((r) => r.ok, () => false);
    quick = ok && Date.now() - started < 500 ? quick + 1 : 0;
    await sleep(500);
  }
}

async function main() {
  const slug = process.env.BENCH_PHARM || (await getJson('/api/pharms?hasPharmProducts=1')).pharms[0].slug;
  const discounts = await getJson('/api/discounts');
  const facet = (name) => (discounts.filtersData?.[name] ?? []).map((f) => f.value);
  const filters = { cannabisTypes: facet('cannabisTypes'), types: facet('types') };
  const paths = [`/pharms/${slug}`, `/api/pharms/${slug}/products?sortBy=magic`];
  for (const p of paths) {
    const res = await fetch(BASE + p, { headers: asNextClient(HEADERS) });
    if (res.status !== 200) throw new Error(`${p} answered ${res.status}`);
  }
  const phases = ['quiet', ...Object.keys(ATTACKS)].filter((p) => !process.env.FLOOD_ONLY || p === 'quiet' || process.env.FLOOD_ONLY.split(',').includes(p));
  const rows = [];
  const attackers = [];
  let quiet;
  for (const phase of phases) {
    await settle();
    const stopAttack = phase === 'quiet' ? async () => '' : ATTACKS[phase](filters);
    const stopVisitor = visitor(paths);
    await sleep(SECONDS * 1000);
    const [page, list] = await stopVisitor();
    const attacker = await stopAttack();
    quiet ??= { page, list };
    const within = (r, q) => r.p95 <= RATIO * q.p95 && r.failed === 0;
    const ok = within(page, quiet.page) && within(list, quiet.list);
    console.error(`[flood] ${phase}: page p95 ${page.p95} ms, list p95 ${list.p95} ms${attacker ? `; ${attacker}` : ''}`);
    rows.push({
      phase,
      'page p50': page.p50, 'page p95': page.p95, 'page ×quiet': round(page.p95 / quiet.page.p95),
      'list p50': list.p50, 'list p95': list.p95, 'list ×quiet': round(list.p95 / quiet.list.p95),
      'visitor requests': page.count + list.count, 'visitor failed': page.failed + list.failed,
      [`within ${RATIO}×`]: phase === 'quiet' ? '' : ok ? 'yes' : 'NO',
    });
    attackers.push({ phase, attacker });
  }
  console.log(`\nOne client against another visitor: ${SECONDS} s per phase; the visitor asks ${paths.join(' and ')} (one connection each, back to back);`
    + ` floods: ${CONNECTIONS} connections of one client; drips: ${SOCKETS} sockets of clients of their own. Latency in ms.\n`);
  console.table(rows);
  console.log('What the attacker was answered:');
  for (const a of attackers.filter((x) => x.attacker)) console.log(`  ${a.phase}: ${a.attacker}`);
  if (rows.some((r) => r[`within ${RATIO}×`] === 'NO')) process.exitCode = 1;
}

main().catch((err) => { console.error(err); process.exit(1); });
