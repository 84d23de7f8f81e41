#!/usr/bin/env node
// `make chaos`: the whole product on a 3-node NATS cluster (streams replicated 3 times), seeded with make dev's demo
// data in a database of its own, under browsing (the diverse lists of make bench) and checkout (patients signed up
// through the gateway, each placing pickup orders in a loop), while each service, each worker, order's outbox relay
// (its process killed while events wait in its outbox) and the busiest NATS node are killed in turn (SIGKILL) and
// started again; then one service runs in two copies restarted one at a time (SIGTERM). Every request is recorded;
// after the faults the run waits for the follow-on work to settle and reads back the rows. It prints, and judges
// (deploy/chaos/verdict.js): orders lost or doubled, events lost or applied twice, the failures of routes that do not
// need the dead process, the needing routes' answers other than the Hebrew 503, the recovery after each restart, the
// rolling restart's failed requests and any process that stopped without being killed. Exit code 1 when any is off.
//
// Usage: make chaos   (env: CHAOS_PORT=8070, CHAOS_PATIENTS=24, CHAOS_BROWSERS=6, CHAOS_DOWN_MS=4000)
'use strict';
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const { Pool } = require('pg');
const stack = require('../local/stack');
const { startNatsCluster } = require('../load/private-nats');
const { discover, generate } = require('../load/diverse');
const { idNumber, encrypt } = require('../load/checkout');
const config = require('../load/scenarios.json');
const { RECOVERY_BUDGET_MS, failed, judgeFault, judgeRolling, judgeOrders, judgeEvents } = require('./verdict');

const ROOT = path.resolve(__dirname, '../..');
const DATABASE = 'medcanna_chaos';
const PORT = Number(process.env.CHAOS_PORT || 8070);
const PATIENTS = Number(process.env.CHAOS_PATIENTS || 24);
const BROWSERS = Number(process.env.CHAOS_BROWSERS || 6);
const DOWN_MS = Number(process.env.CHAOS_DOWN_MS || 4000);
/** After a restarted process is ready, how long its window stays open (its recovery is judged inside it). */
const WINDOW_AFTER_READY_MS = RECOVERY_BUDGET_MS + 2000;
const UNAVAILABLE = 'השירות אינו זמין כרגע. אנא נסה שנית בעוד מספר רגעים.';
const PASSWORD = 'chaos run secret';
const LOG_DIR = path.join(ROOT, 'artifacts/logs/chaos');
const RUN = Date.now().toString(36);
const t0 = Date.now();
const now = () => Date.now() - t0;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const say = (line) => console.log(`[chaos ${(now() / 1000).toFixed(1).padStart(6)} s] ${line}`);

/** The services each browsing scenario's route needs (the gateway's controllers: which clients a route calls). */
const BROWSING_NEEDS = {
  products: ['catalog'], search: ['catalog'], comparison: ['pharm'], pharmProducts: ['pharm'], tag: ['catalog', 'pharm'],
  pharms: ['pharm'],
};
/** The checkout's routes (pickup orders: no shipping quote is asked). */
const CHECKOUT_NEEDS = {
  signin: ['identity'], profile: ['identity'], cartStore: ['cart'], quote: ['order', 'cart', 'pharm'], order: ['order', 'cart', 'pharm'], userOrders: ['order'],
};

// ---------------------------------------------------------------------------------------------------- the requests
const requests = [];
const headers = { ...config.headers };

async function ask(route, needs, method, p, { body, token, client } = {}) {
  const start = now();
  let status = 0;
  let answer;
  try {
    const res = await fetch(`http://127.0.0.1:${PORT}${p}`, {
      method,
      headers: {
        ...headers, 'x-forwarded-for': client ?? '100.64.0.1',
        ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(15_000), // longer than the gateway's longest wait (the checkout's 10 s)
    });
    status = res.status;
    const text = await res.text();
    try { answer = text ? JSON.parse(text) : undefined; } catch { answer = text; }
  } catch {
    status = 0;
  }
  const record = { route, needs, start, end: now(), status, unavailable: status === 503 && answer?.message === UNAVAILABLE };
  requests.push(record);
  return { status, body: answer };
}

// ------------------------------------------------------------------------------------------------------- browsing
function browse(lists, stopAt) {
  const ids = Object.keys(lists);
  let turn = 0;
  return async () => {
    while (now() < stopAt()) {
      const id = ids[turn % ids.length];
      const list = lists[id];
      const p = list[Math.floor(turn / ids.length) % list.length];
      turn++;
      const needs = id === 'pharms' && p.includes('locationRadius') ? [...BROWSING_NEEDS.pharms, 'shipping-quote'] : BROWSING_NEEDS[id];
      await ask(id, needs, 'GET', p, { client: `100.64.${turn & 255}.${(turn >> 8) & 255}` });
      await sleep(50);
    }
  };
}

// ------------------------------------------------------------------------------------------------------- checkout
const attempts = [];

async function signUp(n, mailbox) {
  const client = `10.77.${n >> 8}.${n & 255}`;
  const email = `chaos-${RUN}-${n}@example.co.il`;
  const signup = await ask('signup', ['identity'], 'POST', '/api/auth/signup', { body: { firstName: 'נועה', lastName: 'לוי', email, password: PASSWORD, agreeTOU: true }, client });
  if (signup.status !== 200) throw new Error(`sign-up of ${email}: ${signup.status} ${JSON.stringify(signup.body)}`);
  let token;
  for (let i = 0; i < 100 && !token; i++) {
    await sleep(200);
    const page = await (await fetch(`http://127.0.0.1:${PORT}/dev/mailbox`)).text();
    const article = page.split('<article>').find((a) => a.includes(email) && a.includes('/auth/verify-email'));
    token = article?.match(/token=([^"&<\s]+)/)?.[1];
  }
  if (!token) throw new Error(`no activation e-mail for ${email}`);
  const activated = await ask('activate', ['identity'], 'POST', '/api/auth/activate', { body: { activationToken: decodeURIComponent(token) }, client });
  if (activated.status !== 200) throw new Error(`activation of ${email}: ${activated.status}`);
  return { n, email, client, jwt: undefined, signedInAt: -Infinity };
}

async function signIn(patient) {
  const res = await ask('signin', CHECKOUT_NEEDS.signin, 'POST', '/api/auth/signin', { body: { email: patient.email, password: PASSWORD }, client: patient.client });
  if (res.status === 200) Object.assign(patient, { jwt: res.body.jwt, signedInAt: now() });
}

/** One patient: a fresh token when it is 3 minutes old, their profile, a cart, its quote, the order (retried until answered), their orders. */
function shop(patient, sellers, key, stopAt) {
  const pick = (list) => list[Math.floor(Math.random() * list.length)];
  return async () => {
    let attemptNo = 0;
    while (now() < stopAt()) {
      const cycleStart = now();
      if (!patient.jwt || now() - patient.signedInAt > 180_000) await signIn(patient);
      if (!patient.jwt) { await sleep(1000); continue; }
      const auth = { token: patient.jwt, client: patient.client };
      await ask('profile', CHECKOUT_NEEDS.profile, 'GET', '/api/user', auth);
      const seller = pick(sellers);
      const lines = [...new Set([pick(seller.offers), pick(seller.offers)])].map((pharmProductId) => ({ pharmProductId, amount: 1 }));
      const attempt = { key: `chaos ${RUN} ${patient.n}-${++attemptNo}`, confirmed: false, refused: false, answers: [] };
      attempts.push(attempt);
      const order = {
        firstName: 'נועה', lastName: 'לוי', phone: `050-${String(2_000_000 + patient.n).padStart(7, '0')}`, email: patient.email,
        agreeTOU: true, agreeDisclaimer: true, encryptedPii: encrypt(key, idNumber(patient.n + 1)), selectedPickup: [seller.slug], notes: attempt.key,
      };
      // Until answered: a lost answer (no answer, a 5xx, the limit) is asked again, the cart stored again first, as the patient would.
      for (const giveUpAt = now() + 60_000; now() < giveUpAt && !attempt.confirmed && !attempt.refused;) {
        const stored = await ask('cartStore', CHECKOUT_NEEDS.cartStore, 'PUT', '/api/cart', { ...auth, body: { cartItems: lines } });
        if (stored.status === 200) {
          await ask('quote', CHECKOUT_NEEDS.quote, 'POST', '/api/checkout/quote', { ...auth, body: { selectedPickup: [seller.slug] } });
          const placed = await ask('order', CHECKOUT_NEEDS.order, 'POST', '/api/orders', { ...auth, body: order });
          attempt.answers.push(placed.status);
          if (placed.status === 201) attempt.confirmed = true;
          else if (placed.status === 409 && placed.body?.message === 'בוצעה הזמנה זהה') attempt.confirmed = true; // an earlier try of it was placed
          else if (placed.status === 401) await signIn(patient);
          else if (placed.status >= 400 && placed.status < 500 && placed.status !== 429) Object.assign(attempt, { refused: true, reason: `${placed.status} ${placed.body?.message}` });
        }
        if (!attempt.confirmed && !attempt.refused) await sleep(1500);
      }
      await ask('userOrders', CHECKOUT_NEEDS.userOrders, 'GET', '/api/user/orders', auth);
      // At most 10 orders a minute per patient (the gateway's limit).
      await sleep(Math.max(0, 7000 - (now() - cycleStart)));
    }
  };
}

// --------------------------------------------------------------------------------------------------------- faults
async function ready(probePort, timeoutMs = 60_000) {
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline;) {
    const res = await fetch(`http://127.0.0.1:${probePort}/readyz`).catch(() => undefined);
    if (res?.status === 200) return now();
    await sleep(50);
  }
  throw new Error(`the process on probe port ${probePort} was not ready within ${timeoutMs} ms`);
}

async function main() {
  fs.mkdirSync(LOG_DIR, { recursive: true });
  say(`a 3-node NATS cluster, the demo data in ${DATABASE}, the whole product on ${PORT}`);
  const nats = await startNatsCluster(3);
  let db;
  let running;
  // Nothing of the run outlives it, whatever fails.
  try {
    const env = {
      DATABASE_NAME: DATABASE, NATS_URL: nats.url, NATS_STREAM_REPLICAS: '3', APP_ENV: 'development', LOG_LEVEL: 'warn',
      REDIS_URL: 'redis://127.0.0.1:6379/9', TRUSTED_PROXIES: 'loopback', PUBLIC_URL: `http://localhost:${PORT}`,
      RATE_LIMIT_CART_READS: '0', RATE_LIMIT_SEARCH: '0', RATE_LIMIT_LISTS: '0', RATE_LIMIT_PAGES: '0',
      // A reservation order could not finish is given back after a minute (the least allowed), before the run reads the stock.
      STOCK_HOLD_MS: '60000', STOCK_HOLD_SWEEP_MS: '5000', OUTBOX_POLL_MS: '200',
    };
    const infra = path.join(ROOT, 'deploy/local/infra.sh');
    execFileSync(infra, ['--databases-only'], { env: { ...process.env, DATABASES: DATABASE }, stdio: 'ignore' });
    execFileSync(infra, ['--reset-database', DATABASE], { stdio: 'ignore' });
    execFileSync('redis-cli', ['-n', '9', 'FLUSHDB'], { stdio: 'ignore' });
    const seedEnv = { DATABASE_NAME: DATABASE, APP_ENV: 'development', NATS_URL: nats.url, NATS_STREAM_REPLICAS: '3', LOG_LEVEL: 'warn' };
    execFileSync(path.join(ROOT, 'deploy/local/seed.sh'), ['demo'], { env: { ...process.env, ...seedEnv }, stdio: ['ignore', 'ignore', 'inherit'] });
    db = new Pool({ host: '127.0.0.1', user: 'postgres', database: DATABASE, max: 2 });
    running = await stack.startStack({ env, port: PORT, logDir: LOG_DIR });
  } catch (err) {
    await db?.end();
    await nats.stop();
    throw err;
  }
  const unexpectedExits = [];
  const killing = new Set();
  const watchExit = (name, child) => child.once('exit', (code, signal) => { if (!killing.has(child)) unexpectedExits.push(`${name} (${signal ?? code})`); });
  for (const [name, child] of Object.entries(running.procs)) watchExit(name, child);
  const stopAll = async () => { for (const child of Object.values(running.procs)) killing.add(child); await running.stop(); await nats.stop(); await db.end(); };

  try {
    await stack.waitForReadModels(running.baseUrl);
    say('read models settled; finding what visitors ask');
    const data = await discover(running.baseUrl, headers);
    const lists = Object.fromEntries(Object.keys(BROWSING_NEEDS).map((id) => [id, generate(data, id, 400, 3)]));
    const sellers = [...data.pharmLists.entries()]
      .map(([slug, list]) => ({ slug, offers: list.pharmProducts.filter((o) => o.inStock && o.published).map((o) => o.pharmProductId) }))
      .filter((s) => s.offers.length >= 2);
    const key = (await ask('publicKey', ['order'], 'GET', '/api/checkout/public-key')).body;
    const patients = [];
    for (let n = 0; n < PATIENTS; n++) patients.push(await signUp(n));
    for (const p of patients) await signIn(p);
    const stockBefore = new Map((await db.query('SELECT id, amount FROM pharm.pharm_products WHERE amount IS NOT NULL AND NOT always_in_stock')).rows.map((r) => [r.id, r.amount]));
    requests.length = 0;

    let stopAt = Infinity;
    say(`load: ${BROWSERS} browsers over ${Object.values(lists).reduce((s, l) => s + l.length, 0)} paths, ${PATIENTS} patients ordering from ${sellers.length} pharmacies`);
    const load = [
      ...Array.from({ length: BROWSERS }, () => browse(lists, () => stopAt)()),
      ...patients.map((p) => shop(p, sellers, key, () => stopAt)()),
    ];
    await sleep(10_000);

    const faults = [];
    const kill = async (name, service, before) => {
      if (before) await before();
      killing.add(running.procs[name]);
      const killedAt = now();
      await running.kill(name);
      await sleep(DOWN_MS);
      const startedAt = now();
      watchExit(name, running.start(name));
      const readyAt = await ready(running.probePorts[name]);
      await sleep(WINDOW_AFTER_READY_MS);
      faults.push({ name: service === undefined ? `${name} (worker)` : name, service, killedAt, startedAt, readyAt, end: now() });
      say(`${name}: killed, started again after ${startedAt - killedAt} ms, ready ${readyAt - startedAt} ms later`);
    };
    for (const name of stack.SERVICES) await kill(name, name);
    for (const name of Object.keys(stack.WORKERS)) await kill(name, undefined);

    // The relay: order's process killed while events wait in its outbox (it publishes them after its transaction).
    let waiting = 0;
    await kill('order', 'order', async () => {
      for (const until = Date.now() + 30_000; Date.now() < until && waiting === 0;) {
        waiting = Number((await db.query('SELECT count(*) AS n FROM "order".outbox WHERE sent_at IS NULL')).rows[0].n);
      }
    });
    faults[faults.length - 1].name = `order's relay (${waiting} events waiting)`;

    // The NATS node with the most connections.
    const byConnections = await Promise.all(nats.nodes.map(async (n) => ({ n, connections: (await (await fetch(`${n.monitorUrl}/varz`)).json()).connections })));
    const node = byConnections.sort((a, b) => b.connections - a.connections)[0];
    {
      const killedAt = now();
      await node.n.kill();
      await sleep(DOWN_MS);
      const startedAt = now();
      await node.n.start();
      for (let ok = false; !ok; await sleep(50)) ok = (await fetch(`${node.n.monitorUrl}/healthz`).catch(() => undefined))?.status === 200;
      const readyAt = now();
      await sleep(WINDOW_AFTER_READY_MS);
      faults.push({ name: `NATS node ${node.n.name} (${node.connections} connections)`, node: true, killedAt, startedAt, readyAt, end: now() });
      say(`${node.n.name}: killed with ${node.connections} connections, back ${readyAt - killedAt} ms later`);
    }

    // Two copies of pharm, restarted one at a time.
    const rolling = { name: 'pharm in two copies, restarted one at a time', start: now() };
    const copyPort = PORT + 150;
    const copy = running.startCopy('pharm', copyPort);
    watchExit('pharm (second copy)', copy);
    await ready(copyPort);
    await sleep(2000);
    killing.add(running.procs.pharm);
    await stack.stopProcess(running.procs.pharm);
    watchExit('pharm', running.start('pharm'));
    await ready(running.probePorts.pharm);
    await sleep(2000);
    killing.add(copy);
    await stack.stopProcess(copy);
    await sleep(3000);
    rolling.end = now();
    say('rolling restart of pharm done');

    stopAt = 0;
    await Promise.all(load);
    say(`load stopped: ${requests.length} requests, ${attempts.length} checkout attempts; waiting for the follow-on work`);
    const settling = now();
    const settled = await settle(db, running.probePorts);
    const settleMs = now() - settling;

    // ------------------------------------------------------------------------------------------------ the verdict
    const attemptKeys = new Map((await db.query(`SELECT notes, count(DISTINCT batch_uid)::int AS n FROM "order".orders WHERE notes LIKE $1 GROUP BY notes`, [`chaos ${RUN} %`])).rows.map((r) => [r.notes, r.n]));
    const orders = judgeOrders(attempts, attemptKeys);
    const events = judgeEvents(await placedBatches(db), await stockRows(db, stockBefore));
    const judged = faults.map((f, i) => judgeFault({ ...f, until: faults[i + 1]?.killedAt ?? rolling.start }, requests));
    const rollingJudged = judgeRolling(rolling, requests);
    const inAnyWindow = (r) => [...faults.map((f) => [f.killedAt, f.end]), [rolling.start, rolling.end]].some(([a, b]) => r.start < b && r.end > a);
    const calm = requests.filter((r) => !inAnyWindow(r));
    const calmFailures = calm.filter(failed);

    console.log('\n  fault                                             requests  Hebrew 503  failed elsewhere  failed otherwise  down ms  start ms  recovery ms  (Hebrew 503: of routes needing it, or under way through a dead NATS node)');
    for (const j of judged) {
      console.log(`  ${j.ok ? '✓' : '✗'} ${j.name.padEnd(47)} ${String(j.requests).padStart(8)} ${String(j.unavailable).padStart(11)} ${String(j.failedElsewhere).padStart(17)} ${String(j.failedOtherwise).padStart(17)} ${String(j.downMs).padStart(8)} ${String(j.startMs).padStart(9)} ${String(j.recoveryMs).padStart(12)}${j.examples.length ? `   e.g. ${j.examples.join('; ')}` : ''}`);
    }
    console.log(`  ${rollingJudged.ok ? '✓' : '✗'} ${rollingJudged.name}: ${rollingJudged.requests} requests, ${rollingJudged.failures} failed${rollingJudged.examples.length ? ` (e.g. ${rollingJudged.examples.join('; ')})` : ''}`);
    console.log(`  ${calmFailures.length ? '✗' : '✓'} between the faults: ${calm.length} requests, ${calmFailures.length} failed`);
    const reasons = Object.entries(attempts.filter((a) => a.refused).reduce((m, a) => ({ ...m, [a.reason]: (m[a.reason] ?? 0) + 1 }), {})).map(([r, n]) => `${n}× ${r}`).join('; ');
    console.log(`  ${orders.ok ? '✓' : '✗'} orders: ${orders.attempts} checkout attempts, ${orders.confirmed} confirmed, ${orders.refused} refused${reasons ? ` (${reasons})` : ''}, ${orders.stored} stored; ${orders.lost} lost, ${orders.doubled} doubled, ${orders.placedUnanswered} placed with every answer lost`);
    console.log(`  ${events.ok ? '✓' : '✗'} events of the ${events.batches} placed batches: ${events.lost} lost, ${events.twice} applied twice (pharm not confirmed ${events.notConfirmedInPharm}, not opened ${events.notOpened}, confirmations missing ${events.confirmationsMissing} / twice ${events.confirmationsTwice}, not sent ${events.notSent}, pharmacy notices wrong ${events.pharmacyNoticesWrong}, stock of ${events.offersChecked} offers: ${events.stockWrong} off${events.examples.length ? `: ${events.examples.join('; ')}` : ''})`);
    console.log(`  ${unexpectedExits.length ? '✗' : '✓'} processes that stopped without being killed: ${unexpectedExits.length ? unexpectedExits.join(', ') : 'none'}`);
    console.log(`  ${settled ? '✓' : '✗'} follow-on work settled: ${settled ? `in ${settleMs} ms` : 'no (outbox, consumers, e-mails or held stock still waiting after 90 s)'}`);
    const ok = judged.every((j) => j.ok) && rollingJudged.ok && calmFailures.length === 0 && orders.ok && events.ok && unexpectedExits.length === 0 && settled;
    console.log(`\n  make chaos: ${ok ? 'passed' : 'FAILED'} in ${Math.round(now() / 1000)} s (logs: ${path.relative(ROOT, LOG_DIR)}/, NATS: ${nats.logDir})\n`);
    // Every failed request, with the window it fell in, for a look afterwards.
    const windowOf = (r) => [...faults.map((f) => [f.name, f.killedAt, f.readyAt, f.end]), [rolling.name, rolling.start, rolling.start, rolling.end]].find(([, a, , b]) => r.start < b && r.end > a);
    const failures = requests.filter(failed).map((r) => {
      const w = windowOf(r);
      return { ...r, ms: r.end - r.start, window: w?.[0] ?? 'between the faults', sinceKill: w ? r.start - w[1] : undefined, sinceReady: w ? r.start - w[2] : undefined };
    });
    fs.writeFileSync(path.join(ROOT, 'artifacts/chaos.json'), JSON.stringify({ faults: judged, rolling: rollingJudged, orders, events, unexpectedExits, settled, failures }, null, 2));
    return ok;
  } finally {
    await stopAll();
  }
}

/**
 * Waits until every outbox is empty, every durable consumer has taken and acknowledged every event of its stream (each
 * service's `mc_consumer_pending` and `mc_consumer_ack_pending`), no e-mail waits to be sent and no stock is held;
 * false after 90 s.
 */
async function settle(db, probePorts) {
  const outboxes = stack.SERVICES.map((s) => `(SELECT count(*) FROM "${s.replace('-', '_')}".outbox WHERE sent_at IS NULL)`).join(' + ');
  const consumersBehind = async () => {
    let behind = 0;
    for (const name of stack.SERVICES) {
      const text = await (await fetch(`http://127.0.0.1:${probePorts[name]}/metrics`)).text();
      for (const line of text.split('\n')) if (/^mc_consumer_(ack_)?pending\{/.test(line)) behind += Number(line.split(' ').pop());
    }
    return behind;
  };
  for (const until = Date.now() + 90_000; Date.now() < until; await sleep(1000)) {
    const { rows: [r] } = await db.query(`SELECT ${outboxes} AS outbox,
      (SELECT count(*) FROM notifications.outgoing_messages WHERE status = 'queued') AS queued,
      (SELECT count(*) FROM pharm.stock_reservations WHERE status = 'held') AS held`);
    if (Number(r.outbox) + Number(r.queued) + Number(r.held) + (await consumersBehind()) === 0) return true;
  }
  return false;
}

/** The batches placed in the run, each with its reservation in pharm, its orders' states and its messages. */
async function placedBatches(db) {
  const { rows } = await db.query(`
    SELECT o.batch_uid::text AS uid, o.id, o.status::text AS status, o.pharm_order_email IS NOT NULL AS has_order_email,
      (SELECT status::text FROM pharm.stock_reservations r WHERE r.batch_uid = o.batch_uid) AS reservation,
      ARRAY(SELECT status FROM notifications.outgoing_messages m WHERE m.template = 'order-pharmacy' AND (m.params->>'orderId')::int = o.id) AS pharmacy_emails,
      ARRAY(SELECT status FROM notifications.outgoing_messages m WHERE m.template = 'order-confirmation' AND m.params->>'batchUid' = o.batch_uid::text) AS confirmations
    FROM "order".orders o WHERE o.notes LIKE $1`, [`chaos ${RUN} %`]);
  const batches = new Map();
  for (const r of rows) {
    const b = batches.get(r.uid) ?? { uid: r.uid, reservation: r.reservation, orders: [], confirmations: r.confirmations.map((status) => ({ status })) };
    b.orders.push({ status: r.status, hasOrderEmail: r.has_order_email, pharmacyEmails: r.pharmacy_emails });
    batches.set(r.uid, b);
  }
  return [...batches.values()];
}

/** Each offer with an amount: before the load, now, and what the run's placed orders took of it. */
async function stockRows(db, before) {
  const after = new Map((await db.query('SELECT id, amount FROM pharm.pharm_products WHERE amount IS NOT NULL AND NOT always_in_stock')).rows.map((r) => [r.id, r.amount]));
  const ordered = new Map((await db.query(`SELECT i.pharm_product_id AS id, sum(i.amount)::int AS n FROM "order".order_items i JOIN "order".orders o ON o.id = i.order_id WHERE o.notes LIKE $1 GROUP BY 1`, [`chaos ${RUN} %`])).rows.map((r) => [r.id, r.n]));
  return [...before.entries()].filter(([id]) => after.has(id)).map(([offer, was]) => ({ offer, before: was, after: after.get(offer), ordered: ordered.get(offer) ?? 0 }));
}

main().then((ok) => process.exit(ok ? 0 : 1), (err) => { console.error(err); process.exit(1); });
