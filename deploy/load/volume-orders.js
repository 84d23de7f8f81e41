// `make bench`'s worst case of the back office: one pharmacy with 200,000 orders (the volume the design names), made in
// SQL for the run under a reserved range of user ids and removed afterwards, so make dev's demo data stays as it was.
// Names repeat, each order's phone and e-mail are its own; dates spread over the last 200,000 minutes (about 4½ months).
'use strict';
const { Pool } = require('pg');

const FIRST_USER = 1_900_000_000;
const USERS = 1000;
const FIRST = ['דנה', 'יוסי', 'מיכל', 'אבי', 'נועה', 'רון', 'שירה', 'עמית', 'טל', 'ליאור', 'Dana', 'Oren'];
const LAST = ['כהן', 'לוי', 'מזרחי', 'פרץ', 'ביטון', 'אברהם', 'פרידמן', 'שלום', 'אזולאי', 'דהן', 'Smith', 'Katz'];

async function remove(db) {
  await db.query('DELETE FROM "order".orders WHERE user_id >= $1 AND user_id < $2', [FIRST_USER, FIRST_USER + USERS]);
  await db.query('DELETE FROM "order".batches WHERE user_id >= $1 AND user_id < $2', [FIRST_USER, FIRST_USER + USERS]);
}

/** Adds `count` orders to the pharmacy `slug`; answers a function that removes them. */
async function addVolumeOrders(slug, count) {
  const db = new Pool({ connectionString: `postgres://postgres@127.0.0.1:5432/${process.env.DATABASE_NAME || 'medcanna'}`, max: 1 });
  try {
    await remove(db);
    const started = Date.now();
    await db.query(`
      INSERT INTO "order".batches (uid, user_id, fingerprint, created_at)
      SELECT gen_random_uuid(), $1 + u, md5('bench' || u), now() FROM generate_series(0, $2 - 1) u`, [FIRST_USER, USERS]);
    await db.query(`
      INSERT INTO "order".orders (batch_uid, user_id, pharm_slug, pharm_name, status, first_name, last_name, phone, email, pickup,
        items_total, list_total, discounts_total, shipping_price, total, created_at, updated_at)
      SELECT b.uid, b.user_id, $2, coalesce((SELECT pharm_name FROM "order".orders WHERE pharm_slug = $2 LIMIT 1), $2),
        (ARRAY['new', 'open', 'pending', 'complete', 'canceled'])[1 + n % 5]::"order".order_status,
        ($4::text[])[1 + n % 12], ($5::text[])[1 + (n / 12) % 12],
        '05' || (n % 10) || '-' || lpad(n::text, 7, '0'), 'bench' || n || '@example.com', n % 3 = 0,
        10000 + n % 50000, 10000 + n % 50000, 0, 0, 10000 + n % 50000, now() - make_interval(mins => n), now() - make_interval(mins => n)
      FROM generate_series(0, $3 - 1) n JOIN "order".batches b ON b.user_id = $1 + (n % $6)`, [FIRST_USER, slug, count, FIRST, LAST, USERS]);
    // As autovacuum leaves a table after a bulk of inserts (it is off here): statistics and the visibility map.
    await db.query('VACUUM (ANALYZE) "order".orders, "order".batches');
    console.error(`[bench] ${count} orders added to ${slug} in ${Date.now() - started} ms`);
  } catch (err) {
    await db.end();
    throw err;
  }
  return async () => {
    try {
      await remove(db);
      await db.query('VACUUM (ANALYZE) "order".orders, "order".batches');
    } finally {
      await db.end();
    }
  };
}

module.exports = { addVolumeOrders };
