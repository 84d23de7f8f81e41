#!/usr/bin/env node
// The volumes of ARCHITECTURE.md on top of the demo data (`make seed` and `make bench` only; `make dev` does
// not load them): 50,000 active patients in identity and 200,000 orders of theirs over the last two years at
// the demo pharmacies, with their batches, items and status history, and 100,000 price and stock alerts of theirs
// in pharm, made by SQL in the database
// (INSERT … SELECT over generate_series), each schema written as its own service's role.
//
// Deterministic and idempotent: users are patient<n>@volume.medcanna.local (n = 0…49,999; existing ones are
// kept), orders are recognised by their batches' fingerprint 'volume:<version>:<n>' and loaded again only when not all
// 200,000 of this version are there. Dates are relative to the day of loading. Every patient signs in with VOLUME_PASSWORD
// (one Argon2id hash made with identity's own hashPassword). Patients 0…999 are the frequent ones (40
// orders each, two pages of /user/orders); the others have 3 or 4. No events are published: these orders are
// history (stock, e-mails and read models are not touched).
//
// Usage: node deploy/seed/volumes.js (env: DATABASE_NAME, default medcanna). Needs the builds and the base seed.
'use strict';
const path = require('node:path');
const { Pool } = require('pg');

const ROOT = path.resolve(__dirname, '../..');
const USERS = 50_000;
const ORDERS = 200_000;
const FREQUENT_USERS = 1_000;
const EMAIL_DOMAIN = 'volume.medcanna.local';
const VOLUME_PASSWORD = 'volume-patient-1';
/** Part of the batches' fingerprint ('volume:<version>:<n>'): a change to the orders made here bumps it, so they are made again. */
const ORDERS_VERSION = 2;

const volumeEmail = (n) => `patient${n}@${EMAIL_DOMAIN}`;

const FIRST_NAMES = [
  'נועה', 'תמר', 'מאיה', 'יעל', 'שירה', 'אביגיל', 'אדל', 'רוני', 'מיכל', 'הילה', 'ליאור', 'אורית', 'רחל', 'שרה', 'דנה', 'גלית',
  'עינב', 'קרן', 'סיוון', 'אסתר', 'חנה', 'לאה', 'רבקה', 'ענבל', 'מירב', 'יונתן', 'דוד', 'משה', 'יוסף', 'אברהם', 'איתי', 'אורי',
  'עומר', 'נועם', 'איתן', 'אריאל', 'דניאל', 'יהונתן', 'עידו', 'אלון', 'רועי', 'גיא', 'אמיר', 'יואב', 'שי', 'אבי', 'יעקב', 'חיים',
  'מרדכי', 'שמעון', 'רון', 'ניר', 'עמית', 'תומר', 'אליהו', 'יצחק', 'בני', 'זאב', 'מוחמד', 'אחמד', 'סלים', 'ראמי', 'נאדיה', 'לינה',
];
const LAST_NAMES = [
  'כהן', 'לוי', 'מזרחי', 'פרץ', 'ביטון', 'דהן', 'אברהם', 'פרידמן', 'אזולאי', 'מלכה', 'כץ', 'יוסף', 'דוד', 'עמר', 'אוחיון', 'חדד',
  'גבאי', 'בן דוד', 'שפירא', 'אלון', 'רוזנברג', 'גולן', 'שלום', 'אדרי', 'וקנין', 'חזן', 'סויסה', 'נחום', 'אשכנזי', 'ברק', 'שטרן',
  'קליין', 'רביבו', 'טל', 'זילברמן', 'בכר', 'אהרון', 'יעקב', 'נגר', 'סעדה', 'חורי', 'עזרא', 'מרקוביץ', 'ששון', 'קפלן', 'הלוי',
];
/** Real streets of the address gazetteer (shipping-quote), in the cities of the demo pharmacies' districts. */
const ADDRESSES = [
  ['דיזנגוף 50, תל אביב-יפו', '50'], ['אבן גבירול 120, תל אביב-יפו', '120'], ['יפו 100, ירושלים', '100'], ['בן יהודה 12, ירושלים', '12'],
  ['הרצל 15, חיפה', '15'], ['רוטשילד 30, ראשון לציון', '30'], ['ז׳בוטינסקי 70, פתח תקווה', '70'], ['שדרות הרצל 8, אשדוד', '8'],
  ['הרצל 40, נתניה', '40'], ['שדרות רגר 21, באר שבע', '21'], ['סוקולוב 33, חולון', '33'], ['ז׳בוטינסקי 5, רמת גן', '5'],
  ['הרצל 101, רחובות', '101'], ['בלפור 18, בת ים', '18'], ['סוקולוב 60, הרצליה', '60'], ['ויצמן 44, כפר סבא', '44'],
  ['הרברט סמואל 9, חדרה', '9'], ['אחוזה 150, רעננה', '150'], ['כצנלסון 22, גבעתיים', '22'], ['העצמאות 3, קריית אתא', '3'],
];

const connect = (role, database) => new Pool({ connectionString: `postgres://${role}@127.0.0.1:5432/${database}`, max: 1 });

/** The patients, in identity (its role); answers their ids by n. */
async function loadUsers(database, log) {
  const { hashPassword } = require(path.join(ROOT, 'services/identity/dist/auth/secrets.js'));
  const db = connect('identity', database);
  try {
    const existing = await db.query(`SELECT count(*)::int AS n FROM identity.users WHERE email LIKE $1`, [`patient%@${EMAIL_DOMAIN}`]);
    if (existing.rows[0].n < USERS) {
      const passwordHash = await hashPassword(VOLUME_PASSWORD);
      const started = Date.now();
      const { rowCount } = await db.query(
        `INSERT INTO identity.users (email, first_name, last_name, phone, password_hash, status, role, auth_method, created_at)
         SELECT 'patient' || n || '@' || $1, ($2::text[])[1 + (n * 7) % cardinality($2::text[])], ($3::text[])[1 + (n * 13 / 7) % cardinality($3::text[])],
                CASE WHEN n % 3 = 0 THEN NULL ELSE '05' || (n % 10) || '-' || lpad(((n::bigint * 7919) % 10000000)::text, 7, '0') END,
                $4, 'active', 'user', 'password', date_trunc('day', now()) - interval '800 days' + n * interval '1 minute' * 1.5
         FROM generate_series(0, $5 - 1) n
         ON CONFLICT (email) DO NOTHING`,
        [EMAIL_DOMAIN, FIRST_NAMES, LAST_NAMES, passwordHash, USERS],
      );
      log(`identity: ${rowCount} patients added in ${Date.now() - started} ms`);
    } else {
      log(`identity: ${USERS} patients present`);
    }
    const { rows } = await db.query(
      `SELECT substring(email FROM '^patient([0-9]+)@')::int AS n, id, first_name, last_name, phone, email
       FROM identity.users WHERE email LIKE $1`, [`patient%@${EMAIL_DOMAIN}`]);
    const users = new Array(USERS);
    for (const r of rows) if (r.n < USERS) users[r.n] = r;
    if (users.includes(undefined)) throw new Error('identity: some volume patients are missing');
    return users;
  } finally {
    await db.end();
  }
}

/**
 * The demo pharmacies that have published offers, from pharm (its role), with the offers' product names from
 * catalog (its role: pharm's copy of them fills only once the services run).
 */
async function loadPharmacies(database) {
  const pharm = connect('pharm', database);
  const catalog = connect('catalog', database);
  try {
    const names = new Map((await catalog.query('SELECT slug, name FROM catalog.products')).rows.map((r) => [r.slug, r.name]));
    const { rows } = await pharm.query(`
      SELECT p.slug, p.name, p.phone, p.address, p.city, p.order_email, p.shipping::text <> 'no-shipping' AS ships,
             json_agg(json_build_object('id', o.id, 'slug', o.product_slug, 'price', o.price,
                                        'listPrice', coalesce(o.original_price, o.price)) ORDER BY o.id) AS offers
      FROM pharm.pharmacies p JOIN pharm.pharm_products o ON o.pharm_id = p.id AND o.published
      GROUP BY p.id ORDER BY p.id`);
    if (!rows.length) throw new Error('pharm: no pharmacy with offers (run the base seed first)');
    for (const p of rows) p.offers = p.offers.filter((o) => names.has(o.slug)).map((o) => ({ ...o, name: names.get(o.slug) }));
    return rows.filter((p) => p.offers.length);
  } finally {
    await pharm.end();
    await catalog.end();
  }
}

/** The orders, in the order schema (its role), after its migrations ran (the service's own start-up). */
async function loadOrders(database, users, pharms, log) {
  const { createServiceContext } = require('@mc/kit');
  const { orderService } = require(path.join(ROOT, 'services/order/dist/service.js'));
  await (await createServiceContext(orderService, { DATABASE_NAME: database, LOG_LEVEL: process.env.LOG_LEVEL || 'warn' })).close();

  const db = connect('order', database);
  try {
    const present = await db.query(`SELECT count(*)::int AS n FROM "order".orders o JOIN "order".batches b ON b.uid = o.batch_uid WHERE b.fingerprint LIKE $1`, [`volume:${ORDERS_VERSION}:%`]);
    if (present.rows[0].n === ORDERS) {
      log(`order: ${ORDERS} orders present`);
      return;
    }
    const started = Date.now();
    await db.query('BEGIN');
    const volume = `(SELECT o.id FROM "order".orders o JOIN "order".batches b ON b.uid = o.batch_uid WHERE b.fingerprint LIKE 'volume:%')`;
    await db.query(`DELETE FROM "order".status_history WHERE order_id IN ${volume}`);
    await db.query(`DELETE FROM "order".order_items WHERE order_id IN ${volume}`);
    await db.query(`DELETE FROM "order".orders WHERE id IN ${volume}`);
    await db.query(`DELETE FROM "order".batches WHERE fingerprint LIKE 'volume:%'`);

    await db.query(`CREATE TEMP TABLE vu ON COMMIT DROP AS
      SELECT * FROM json_to_recordset($1::json) AS u(n int, id int, first_name text, last_name text, phone text, email text)`,
    [JSON.stringify(users.map(({ id, first_name, last_name, phone, email }, n) => ({ n, id, first_name, last_name, phone, email })))]);
    await db.query(`CREATE TEMP TABLE vp ON COMMIT DROP AS
      SELECT p.i, p.slug, p.name, p.phone, p.address, p.city, p.order_email, p.ships, json_array_length(p.offers) AS offers_count, p.offers
      FROM json_to_recordset($1::json) AS p(i int, slug text, name text, phone text, address text, city text, order_email text, ships boolean, offers json)`,
    [JSON.stringify(pharms.map((p, i) => ({ i, ...p })))]);
    await db.query(`CREATE TEMP TABLE vof ON COMMIT DROP AS
      SELECT vp.i, (j - 1)::int AS j, (o->>'id')::int AS id, o->>'slug' AS slug, o->>'name' AS name, (o->>'price')::int AS price, (o->>'listPrice')::int AS list_price
      FROM vp, json_array_elements(vp.offers) WITH ORDINALITY AS x(o, j)`);
    await db.query('CREATE UNIQUE INDEX ON vof (i, j)');
    await db.query(`CREATE TEMP TABLE va ON COMMIT DROP AS
      SELECT * FROM json_to_recordset($1::json) AS a(i int, address text, house_number text)`,
    [JSON.stringify(ADDRESSES.map(([address, house_number], i) => ({ i, address, house_number })))]);

    // The orders' ids, growing with their dates (a range taken from the sequence; the service takes the next ones).
    const firstId = Number((await db.query(`SELECT nextval('"order".orders_id_seq'::regclass) AS id`)).rows[0].id);
    await db.query(`SELECT setval('"order".orders_id_seq'::regclass, $1::int)`, [firstId + ORDERS - 1]);
    // One row per order: n grows with time over two years (about 5 minutes apart). One batch in four holds two
    // orders (n, n + 1) at two pharmacies; a fifth of the batches are the frequent patients'.
    await db.query(`CREATE TEMP TABLE vo ON COMMIT DROP AS
      WITH base AS (
        SELECT n, n - CASE WHEN n % 4 = 1 THEN 1 ELSE 0 END AS b,
               -- the batch's number (three batches in every four orders)
               (n / 4) * 3 + CASE n % 4 WHEN 0 THEN 0 WHEN 1 THEN 0 WHEN 2 THEN 1 ELSE 2 END AS bi,
               ((n::bigint * 2654435761) % 4294967296)::bigint AS h
        FROM generate_series(0, $1 - 1) n
      ), timed AS (
        SELECT n, b, h,
               date_trunc('day', now()) - interval '730 days' + b * (interval '730 days' / $1) + ((b::bigint * 40503) % 180) * interval '1 second' AS created_at,
               -- every fifth batch is a frequent patient's; the others go round the rest of the patients
               CASE WHEN bi % 5 = 0 THEN (bi / 5) % $2 ELSE $2 + (bi - bi / 5 - 1) % ($3 - $2) END AS u,
               (((b::bigint * 97) + (n - b) * 37) % (SELECT count(*) FROM vp))::int AS p
        FROM base
      )
      SELECT t.n, t.b, t.h, t.created_at, vu.id AS user_id, vu.first_name, vu.last_name, coalesce(vu.phone, '052-' || lpad((t.u % 10000000)::text, 7, '0')) AS phone, vu.email,
             t.p, vp.slug, vp.name, vp.phone AS pharm_phone, vp.address AS pharm_address, vp.city AS pharm_city, vp.order_email,
             NOT vp.ships OR (t.h >> 3) % 6 = 0 AS pickup,
             least(vp.offers_count, 1 + CASE WHEN (t.h >> 5) % 10 < 4 THEN 0 WHEN (t.h >> 5) % 10 < 7 THEN 1 WHEN (t.h >> 5) % 10 < 9 THEN 2 ELSE 3 END)::int AS k,
             CASE
               WHEN t.created_at > now() - interval '2 days' THEN (ARRAY['new','open','open','pending'])[1 + (t.h >> 9) % 4]
               WHEN t.created_at > now() - interval '10 days' THEN (ARRAY['open','pending','pending','complete','complete','canceled'])[1 + (t.h >> 9) % 6]
               ELSE (ARRAY['complete','complete','complete','complete','complete','complete','complete','canceled','canceled','closed'])[1 + (t.h >> 9) % 10]
             END::"order".order_status AS status,
             (t.h >> 13) % (SELECT count(*) FROM va) AS a,
             $4::int + t.n AS id
      FROM timed t JOIN vu ON vu.n = t.u JOIN vp ON vp.i = t.p`, [ORDERS, FREQUENT_USERS, USERS, firstId]);

    // 1–4 different offers of the order's pharmacy, 1–3 of each.
    await db.query(`CREATE TEMP TABLE vi ON COMMIT DROP AS
      SELECT vo.id AS order_id, vof.id AS offer_id, vof.slug, vof.name, vof.price, vof.list_price, (1 + ((vo.h >> (15 + g)) % 5) / 3)::int AS amount
      FROM vo, generate_series(0, 3) g, vp, vof
      WHERE g < vo.k AND vp.i = vo.p AND vof.i = vo.p AND vof.j = ((vo.h >> 4) + g) % vp.offers_count`);
    await db.query(`CREATE TEMP TABLE vt ON COMMIT DROP AS
      SELECT order_id, sum(price * amount)::int AS items_total, sum(list_price * amount)::int AS list_total FROM vi GROUP BY order_id`);

    await db.query(`INSERT INTO "order".batches (uid, user_id, fingerprint, created_at)
      SELECT md5('volume-batch:' || n)::uuid, user_id, 'volume:' || $1 || ':' || n, created_at FROM vo WHERE n = b`, [ORDERS_VERSION]);
    await db.query(`INSERT INTO "order".orders (id, batch_uid, user_id, pharm_slug, pharm_name, pharm_phone, pharm_address, pharm_city, pharm_order_email,
        status, first_name, last_name, phone, email, pickup, address, house_number, floor, apartment, notes,
        items_total, list_total, discounts_total, shipping_price, total, documents, documents_delivered, id_number_key_id, id_number_purged_at,
        created_at, updated_at, final_at)
      SELECT vo.id, md5('volume-batch:' || vo.b)::uuid, vo.user_id, vo.slug, vo.name, vo.pharm_phone, vo.pharm_address, vo.pharm_city, vo.order_email,
        vo.status, vo.first_name, vo.last_name, vo.phone, vo.email, vo.pickup,
        CASE WHEN vo.pickup THEN NULL ELSE va.address END, CASE WHEN vo.pickup THEN NULL ELSE va.house_number END,
        CASE WHEN vo.pickup THEN NULL ELSE ((vo.h >> 20) % 9)::int END, CASE WHEN vo.pickup THEN NULL ELSE (1 + (vo.h >> 24) % 30)::int END,
        CASE WHEN (vo.h >> 11) % 8 = 0 THEN 'נא להתקשר לפני ההגעה' END,
        vt.items_total, vt.list_total, vt.list_total - vt.items_total, s.shipping, vt.items_total + s.shipping,
        CASE WHEN vo.status IN ('new', 'open') THEN 'none' ELSE 'delivered' END::"order".documents_state,
        CASE WHEN vo.status IN ('new', 'open') THEN '[]' ELSE '["idDocument","licenseDocument","prescriptionDocument"]' END::jsonb,
        'volume', CASE WHEN vo.status IN ('complete', 'canceled', 'closed') THEN vo.created_at + interval '3 days' END,
        vo.created_at, vo.created_at + CASE WHEN vo.status IN ('new') THEN interval '0' ELSE interval '2 days' END,
        CASE WHEN vo.status IN ('complete', 'canceled', 'closed') THEN vo.created_at + interval '2 days' END
      FROM vo JOIN vt ON vt.order_id = vo.id JOIN va ON va.i = vo.a,
        LATERAL (SELECT CASE WHEN vo.pickup OR vt.items_total >= 30000 THEN 0 ELSE 3000 END AS shipping) s`);
    await db.query(`INSERT INTO "order".order_items (order_id, pharm_product_id, product_slug, name, amount, unit_price, list_price)
      SELECT order_id, offer_id, slug, name, amount, price, list_price FROM vi ORDER BY order_id, offer_id`);
    // The way each order went: new → open → pending → complete or closed; canceled from open.
    await db.query(`INSERT INTO "order".status_history (order_id, "from", "to", at, by_user_id)
      SELECT vo.id, step.f::"order".order_status, step.t::"order".order_status, vo.created_at + step.after, CASE WHEN step.f IS NULL THEN vo.user_id END
      FROM vo CROSS JOIN LATERAL (VALUES
        (0, NULL, 'new', interval '0'), (1, 'new', 'open', interval '1 hour'), (2, 'open', 'pending', interval '1 day'),
        (3, 'pending', 'complete', interval '2 days'), (3, 'pending', 'closed', interval '2 days'), (2, 'open', 'canceled', interval '2 days')
      ) AS step(depth, f, t, after)
      WHERE step.depth <= CASE vo.status WHEN 'new' THEN 0 WHEN 'open' THEN 1 WHEN 'pending' THEN 2 WHEN 'canceled' THEN 2 ELSE 3 END
        AND (step.depth < 2 OR (vo.status = 'canceled') = (step.t = 'canceled'))
        AND (step.depth < 3 OR step.t = vo.status::text)
      ORDER BY vo.id, step.depth`);
    await db.query(`SELECT setval('"order".orders_id_seq'::regclass, greatest($1::int, (SELECT max(id) FROM "order".orders)))`, [firstId + ORDERS - 1]);
    await db.query('COMMIT');
    const counts = (await db.query(`SELECT (SELECT count(*) FROM "order".batches WHERE fingerprint LIKE 'volume:%')::int AS batches, (SELECT count(DISTINCT user_id) FROM "order".batches WHERE fingerprint LIKE 'volume:%')::int AS users,
      (SELECT count(*) FROM "order".order_items)::int AS items, (SELECT count(*) FROM "order".status_history)::int AS history`)).rows[0];
    log(`order: ${ORDERS} orders of ${counts.users} patients (${counts.batches} batches; ${counts.items} items and ${counts.history} status changes in all) in ${Date.now() - started} ms`);
    // VACUUM as well: it marks the new rows all-visible, so the dashboard's figures are read from the covering index alone
    // (orders_pharm_stats_idx) instead of visiting a heap page per order, as they would be once autovacuum has run.
    await db.query('VACUUM ANALYZE "order".batches, "order".orders, "order".order_items, "order".status_history');
  } catch (err) {
    await db.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    await db.end();
  }
}

const ALERTS_PER_USER = 2;

/**
 * Issue 31: 100,000 alerts, two per volume patient (pharm, its role), on the products with published offers: a stock
 * alert, and a price alert, one in ten on any drop and the others under 60% of the product's lowest price now (rarely
 * met); every other one near the patient's part of the country (10–50 km). Kept when present (one per patient,
 * product and kind).
 */
async function loadAlerts(database, users, log) {
  const db = connect('pharm', database);
  try {
    const started = Date.now();
    const { rowCount } = await db.query(`
      WITH products AS (SELECT product_slug AS slug, min(price) AS lowest, row_number() OVER (ORDER BY product_slug) - 1 AS i, count(*) OVER () AS n
          FROM pharm.pharm_products WHERE published GROUP BY product_slug),
        wanted AS (SELECT u.id AS user_id, u.n, k FROM unnest($1::int[], $2::int[]) AS u(id, n) CROSS JOIN generate_series(0, $3 - 1) k)
      INSERT INTO pharm.price_alerts (user_id, product_slug, kind, below, lat, lng, radius_km, sms)
      SELECT w.user_id, p.slug, CASE WHEN w.k = 0 THEN 'stock' ELSE 'price' END::pharm.alert_kind,
        CASE WHEN w.k = 1 AND w.n % 10 <> 0 THEN (p.lowest * 0.6)::int END,
        CASE WHEN w.n % 2 = 0 THEN round((31.0 + (w.n % 200) / 100.0)::numeric, 3) END,
        CASE WHEN w.n % 2 = 0 THEN round((34.75 + (w.n % 50) / 100.0)::numeric, 3) END,
        CASE WHEN w.n % 2 = 0 THEN (ARRAY[10, 25, 50])[1 + w.n % 3] END,
        w.n % 5 = 0
      FROM wanted w JOIN products p ON p.i = (w.n * 7 + w.k * 13) % p.n
      ON CONFLICT (user_id, product_slug, kind) DO NOTHING`,
    [users.map((u) => u.id), users.map((u) => u.n), ALERTS_PER_USER]);
    const { rows } = await db.query('SELECT count(*)::int AS n FROM pharm.price_alerts');
    log(`pharm: ${rowCount} alerts added in ${Date.now() - started} ms (${rows[0].n} in all)`);
  } finally {
    await db.end();
  }
}

async function main() {
  const database = process.env.DATABASE_NAME || 'medcanna';
  const log = (line) => console.log(`[seed] volumes: ${line}`);
  const started = Date.now();
  const users = await loadUsers(database, log);
  const pharms = await loadPharmacies(database);
  await loadOrders(database, users, pharms, log);
  await loadAlerts(database, users, log);
  log(`done in ${((Date.now() - started) / 1000).toFixed(1)} s (${pharms.length} pharmacies)`);
}

module.exports = { USERS, ORDERS, FREQUENT_USERS, VOLUME_PASSWORD, ADDRESSES, volumeEmail };

if (require.main === module) {
  main().catch((err) => { console.error(err); process.exit(1); });
}
