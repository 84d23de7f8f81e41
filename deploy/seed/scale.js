#!/usr/bin/env node
// The demo catalogue at SCALE times its volume (default 10: 8,000 products and 400,000 pharm products at the 200
// pharmacies), in a database of its own (default medcanna_x10), to measure what catalog and pharm need as the data
// grows (deploy/load/footprint.js). The base demo data is loaded through the services' own seeds and copied into the
// read models by the services themselves (catalog and pharm run on a NATS server of this run's own until both
// copies have settled); then each base product gets SCALE − 1 copies ("batches" 2…SCALE: slug `<slug>-b<n>`, name
// `<name> B<n>`, its own family, popularity and launch date), and each base offer one offer of each copy at the
// same pharmacy, its price moved by up to ±10%. The copies are made in SQL (INSERT … SELECT over generate_series),
// each schema by its own service's role, with the read models as the projections would write them: pharm's
// products_view and catalog's offers and product_stats (the same price formula on both sides). They publish no
// events: they are there when the services start, as after a long history.
//
// Idempotent: a database that already holds the copies is left as it is.
// Usage: node deploy/seed/scale.js (env: SCALE, SCALE_DATABASE). Needs the builds.
'use strict';
const { execFileSync } = require('node:child_process');
const path = require('node:path');
const { Pool } = require('pg');
const { startProcess, stopProcess } = require('../local/stack');
const { startPrivateNats } = require('../load/private-nats');

const ROOT = path.resolve(__dirname, '../..');
const SCALE = Number(process.env.SCALE || 10);
/** A database of its own: never the stack's (medcanna), whose data the copies would change. */
const DATABASE = process.env.SCALE_DATABASE || `medcanna_x${SCALE}`;
/** A copy's pharm product id: the base offer's id + batch × ID_STRIDE (base ids are below it). */
const ID_STRIDE = 1_000_000;

const connect = (role, database = DATABASE) => new Pool({ connectionString: `postgres://${role}@127.0.0.1:5432/${database}`, max: 1 });
const log = (line) => console.log(`[seed] scale ×${SCALE} (${DATABASE}): ${line}`);
const count = async (db, query) => Number((await db.query(query)).rows[0].n);

/**
 * The copy's price in agorot from the base offer's (`o`) and the batch `k`, in both schemas alike: the base price
 * times 0.90–1.10, to whole shekels.
 */
const copyPrice = (column) => `(round(${column} * (0.9 + ((o.id_base * 31 + k * 17) % 21) / 100.0) / 100) * 100)::int`;

/** catalog: the products' copies with their tags, their offers (catalog's copy of pharm's), then every product's statistics. */
async function scaleCatalog(db) {
  await db.query('BEGIN');
  try {
    await db.query(`INSERT INTO catalog.products (slug, name, short_name, type, heb_name, eng_name, company, company_slug, cannabis_type, thc_cbd_dosage, thc, cbd,
        family, image_url, media, size_quantity, size_unit, effects, tastes, terpenes, origin_country, sterilization_method, growing_facility,
        origin_specie, pesticide_method, microbial_load, moisture_test, estimated_price, popularity, is_popular, is_new, launched_at, search_text,
        source_hash, created_at, updated_at)
      SELECT p.slug || '-b' || k, p.name || ' B' || k, p.short_name, p.type, p.heb_name, p.eng_name, p.company, p.company_slug, p.cannabis_type, p.thc_cbd_dosage,
        p.thc, p.cbd, p.family || '-b' || k, p.image_url, p.media, p.size_quantity, p.size_unit, p.effects, p.tastes, p.terpenes, p.origin_country,
        p.sterilization_method, p.growing_facility, p.origin_specie, p.pesticide_method, p.microbial_load, p.moisture_test, p.estimated_price,
        (p.popularity + k * 37) % 101, p.is_popular AND k = 2, false, p.launched_at - k * interval '17 days', p.search_text || ' | b' || k,
        NULL, p.created_at, p.updated_at
      FROM catalog.products p CROSS JOIN generate_series(2, $1::int) k
      WHERE p.slug !~ '-b[0-9]+$'
      ORDER BY k, p.id`, [SCALE]);
    await db.query(`INSERT INTO catalog.product_tags (product_id, tag_id)
      SELECT c.id, t.tag_id FROM catalog.product_tags t JOIN catalog.products p ON p.id = t.product_id
        CROSS JOIN generate_series(2, $1::int) k JOIN catalog.products c ON c.slug = p.slug || '-b' || k`, [SCALE]);
    await db.query(`INSERT INTO catalog.offers (pharm_product_id, product_slug, pharm_slug, price, original_price, in_stock, published, expires_at,
        deleted, source_at, updated_at)
      SELECT o.id_base + k * ${ID_STRIDE}, o.product_slug || '-b' || k, o.pharm_slug, ${copyPrice('o.price')},
        CASE WHEN o.original_price IS NOT NULL THEN ${copyPrice('o.original_price')} END, o.in_stock, o.published,
        o.expires_at + k * interval '3 days', o.deleted, o.source_at, o.updated_at
      FROM (SELECT pharm_product_id AS id_base, * FROM catalog.offers WHERE pharm_product_id < ${ID_STRIDE}) o CROSS JOIN generate_series(2, $1::int) k
      ORDER BY k, o.id_base`, [SCALE]);
    // The statistics of every product, as refreshProductStats (services/catalog/src/events/offers.projection.ts) counts them.
    await db.query(`INSERT INTO catalog.product_stats (product_slug, min_price, max_price, pharm_count, max_expires_at, best_discount_pct, updated_at)
      SELECT p.slug, min(o.price), max(o.price), count(DISTINCT o.pharm_slug)::int, max(o.expires_at),
        coalesce(max(CASE WHEN o.original_price > o.price THEN round(100 * (1 - o.price::numeric / o.original_price)) END), 0)::int, now()
      FROM catalog.products p
      LEFT JOIN catalog.offers o ON o.product_slug = p.slug AND o.published AND o.in_stock AND NOT o.deleted
        AND NOT EXISTS (SELECT 1 FROM catalog.pharms_view v WHERE v.slug = o.pharm_slug AND v.deleted)
      GROUP BY p.slug
      ON CONFLICT (product_slug) DO UPDATE SET min_price = excluded.min_price, max_price = excluded.max_price, pharm_count = excluded.pharm_count,
        max_expires_at = excluded.max_expires_at, best_discount_pct = excluded.best_discount_pct, updated_at = now()`);
    await db.query('COMMIT');
  } catch (err) {
    await db.query('ROLLBACK');
    throw err;
  }
  await db.query('VACUUM ANALYZE catalog.products, catalog.product_tags, catalog.offers, catalog.product_stats');
}

/** pharm: the offers of the copies at the base offers' pharmacies, and its copy of the products (products_view). */
async function scalePharm(db) {
  await db.query('BEGIN');
  try {
    await db.query(`INSERT INTO pharm.pharm_products (id, pharm_id, product_slug, price, original_price, in_stock, amount, always_in_stock, published,
        expires_at, is_popular, is_new, is_promoted, catalog_price, is_yarpa_locked, bumped_at, created_at, updated_at)
      SELECT o.id_base + k * ${ID_STRIDE}, o.pharm_id, o.product_slug || '-b' || k, ${copyPrice('o.price')},
        CASE WHEN o.original_price IS NOT NULL THEN ${copyPrice('o.original_price')} END, o.in_stock, o.amount, o.always_in_stock, o.published,
        o.expires_at + k * interval '3 days', o.is_popular AND k = 2, false, o.is_promoted AND k = 2, false, false, NULL, o.created_at, o.updated_at
      FROM (SELECT id AS id_base, * FROM pharm.pharm_products WHERE id < ${ID_STRIDE}) o CROSS JOIN generate_series(2, $1::int) k
      ORDER BY k, o.id_base`, [SCALE]);
    await db.query(`SELECT setval(pg_get_serial_sequence('pharm.pharm_products', 'id'), (SELECT max(id) FROM pharm.pharm_products))`);
    await db.query(`INSERT INTO pharm.products_view (slug, name, short_name, type, image_url, heb_name, eng_name, company, company_slug, cannabis_type, dosage, thc, cbd,
        family, estimated_price, is_popular, is_new, tags, search_text, deleted, source_at, updated_at)
      SELECT v.slug || '-b' || k, v.name || ' B' || k, v.short_name, v.type, v.image_url, v.heb_name, v.eng_name, v.company, v.company_slug, v.cannabis_type, v.dosage,
        v.thc, v.cbd, v.family || '-b' || k, v.estimated_price, v.is_popular AND k = 2, false, v.tags, v.search_text || ' | b' || k, v.deleted,
        v.source_at, v.updated_at
      FROM pharm.products_view v CROSS JOIN generate_series(2, $1::int) k
      WHERE v.slug !~ '-b[0-9]+$'`, [SCALE]);
    // The copies' two years of daily stock snapshots (issue 29): the base product's, prices moved as the offers' are.
    await db.query(`INSERT INTO pharm.stock_days (product_slug, day, pharmacies_in_stock, pharmacies_offering, units, lowest, median, highest)
      SELECT d.product_slug || '-b' || k, d.day, d.pharmacies_in_stock, d.pharmacies_offering, d.units,
        ${copyDayPrice('d.lowest')}, ${copyDayPrice('d.median')}, ${copyDayPrice('d.highest')}
      FROM pharm.stock_days d CROSS JOIN generate_series(2, $1::int) k
      WHERE d.product_slug !~ '-b[0-9]+$'
      ON CONFLICT (product_slug, day) DO NOTHING`, [SCALE]);
    await db.query('COMMIT');
  } catch (err) {
    await db.query('ROLLBACK');
    throw err;
  }
  await db.query('VACUUM ANALYZE pharm.pharm_products, pharm.products_view, pharm.stock_days');
}

/** A copy's day price: the base product's times 0.90–1.10 by the batch, to whole shekels. */
const copyDayPrice = (column) => `(round(${column} * (0.9 + (k * 17 % 21) / 100.0) / 100) * 100)::int`;

/**
 * pharm's copies learn their catalogue ids (products_view.product_id, the company screens' key of products) once
 * catalog made the copies: as its product events would carry them.
 */
async function linkProductIds(catalog, pharm) {
  const { rows } = await catalog.query(`SELECT id, slug FROM catalog.products WHERE slug ~ '-b[0-9]+$'`);
  await pharm.query(`UPDATE pharm.products_view v SET product_id = u.id FROM unnest($1::int[], $2::text[]) AS u(id, slug) WHERE v.slug = u.slug`,
    [rows.map((r) => r.id), rows.map((r) => r.slug)]);
}

/** Until catalog and pharm have copied each other's data (and published all they had to). */
async function waitForCopies(catalog, pharm, timeoutMs = 300_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [products, offers, viewed, copied, unsent] = await Promise.all([
      count(catalog, 'SELECT count(*) AS n FROM catalog.products'),
      count(pharm, 'SELECT count(*) AS n FROM pharm.pharm_products'),
      count(pharm, 'SELECT count(*) AS n FROM pharm.products_view'),
      count(catalog, 'SELECT count(*) AS n FROM catalog.offers'),
      Promise.all([count(catalog, 'SELECT count(*) AS n FROM catalog.outbox WHERE sent_at IS NULL'), count(pharm, 'SELECT count(*) AS n FROM pharm.outbox WHERE sent_at IS NULL')])
        .then(([a, b]) => a + b),
    ]);
    if (products > 0 && viewed === products && copied === offers && unsent === 0) return { products, offers };
    if (Date.now() > deadline) throw new Error(`the read models did not settle: products ${viewed}/${products}, offers ${copied}/${offers}, ${unsent} events unsent`);
    await new Promise((r) => setTimeout(r, 1000));
  }
}

/**
 * Runs catalog and pharm on `database` (with `env`: a NATS server of the caller's own) until each has published its
 * events and copied the other's. They are the only consumers of each other's events, so no other service misses one.
 */
async function settleReadModels(database, env) {
  const catalog = connect('catalog', database);
  const pharm = connect('pharm', database);
  const logDir = path.join(ROOT, 'artifacts/logs', database);
  const procs = ['catalog', 'pharm'].map((name) => startProcess(name, { env: { ...env, DATABASE_NAME: database }, logDir }));
  try {
    return await waitForCopies(catalog, pharm);
  } finally {
    await Promise.all(procs.map((p) => stopProcess(p)));
    await catalog.end();
    await pharm.end();
  }
}

async function main() {
  if (!Number.isInteger(SCALE) || SCALE < 2 || SCALE > 20) throw new Error('SCALE: a whole number from 2 to 20');
  if (['medcanna', 'medcanna_test', 'medcanna_e2e'].includes(DATABASE)) throw new Error(`SCALE_DATABASE: not ${DATABASE}, a database of its own`);
  const started = Date.now();
  execFileSync(path.join(ROOT, 'deploy/local/infra.sh'), ['--databases-only'], { env: { ...process.env, DATABASES: DATABASE }, stdio: 'inherit' });
  const catalog = connect('catalog');
  const pharm = connect('pharm');
  const nats = await startPrivateNats();
  try {
    const present = await count(catalog, `SELECT count(*) AS n FROM pg_tables WHERE schemaname = 'catalog' AND tablename = 'products'`)
      && await count(catalog, `SELECT count(*) AS n FROM catalog.products WHERE slug ~ '-b[0-9]+$'`);
    if (present) {
      log(`present (${present} copies of products)`);
      return;
    }
    // The base demo data through the services' own seeds, copied into both read models by catalog and pharm themselves.
    const env = { ...process.env, APP_ENV: process.env.APP_ENV || 'development', DATABASE_NAME: DATABASE, NATS_URL: nats.url, LOG_LEVEL: 'warn' };
    execFileSync(path.join(ROOT, 'deploy/local/seed.sh'), ['demo'], { cwd: ROOT, env, stdio: 'inherit' });
    const base = await settleReadModels(DATABASE, env);
    log(`base data in both read models (${base.products} products, ${base.offers} offers)`);
    await scalePharm(pharm);
    await scaleCatalog(catalog);
    await linkProductIds(catalog, pharm);
    const totals = await Promise.all([
      count(catalog, 'SELECT count(*) AS n FROM catalog.products'), count(pharm, 'SELECT count(*) AS n FROM pharm.pharm_products'),
      count(catalog, 'SELECT count(*) AS n FROM catalog.offers'), count(pharm, 'SELECT count(*) AS n FROM pharm.products_view'),
    ]);
    log(`${totals[0]} products, ${totals[1]} pharm products (catalog's copies: ${totals[2]} offers; pharm's: ${totals[3]} products) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    await nats.stop();
    await catalog.end();
    await pharm.end();
  }
}

module.exports = { settleReadModels };

if (require.main === module) {
  main().catch((err) => { console.error(err); process.exit(1); });
}
