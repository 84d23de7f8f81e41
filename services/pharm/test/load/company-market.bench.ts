/*
 * The company screens' reads (issue 29) for the company with the most products in `DATABASE` (e.g. the volume seed's
 * medcanna_x10, deploy/seed/scale.js: two years of stock_days): figures, the stock page's market of 20 products, the
 * stock report's and the stock-outs' pages (first, deep, searched, a download page), stock history (90 days, two
 * years) and the prices report. In-process, through CompaniesReader: the database's cost, without NATS. Prints
 * p50/p95 of `count` runs each.
 *
 *   DATABASE=medcanna_x10 APP_ENV=development npx tsx services/pharm/test/load/company-market.bench.ts [count]   (after the build)
 */
import 'reflect-metadata';
import { createServiceContext } from '@mc/kit';
import { Client } from 'pg';

// The service's build (make build; tsx's esbuild does not run Nest's parameter decorators), typed by its sources.
/* eslint-disable @typescript-eslint/no-require-imports */
const { CompaniesModule } = require('../../dist/companies/companies.module') as typeof import('../../src/companies/companies.module');
const { CompaniesReader } = require('../../dist/companies/companies.reader') as typeof import('../../src/companies/companies.reader');
const { israelDay } = require('../../dist/companies/market-sql') as typeof import('../../src/companies/market-sql');
const { pharmService } = require('../../dist/service') as typeof import('../../src/service');
/* eslint-enable @typescript-eslint/no-require-imports */

const count = Number(process.argv[2] ?? 40);
const DAY_MS = 24 * 60 * 60 * 1000;

async function main(): Promise<void> {
  const database = process.env.DATABASE ?? 'medcanna';
  const db = new Client({ connectionString: `postgres://postgres@127.0.0.1:5432/${database}` });
  await db.connect();
  const { rows: [largest] } = await db.query<{ slug: string; n: number }>(`SELECT company_slug AS slug, count(*)::int AS n FROM pharm.products_view
    WHERE company_slug IS NOT NULL AND product_id IS NOT NULL AND NOT deleted GROUP BY company_slug ORDER BY n DESC LIMIT 1`);
  if (!largest) throw new Error(`no company's products in ${database}`);
  const ids = (await db.query<{ id: number }>(`SELECT product_id AS id FROM pharm.products_view WHERE company_slug = $1 AND product_id IS NOT NULL AND NOT deleted ORDER BY name`,
    [largest.slug])).rows.map((r) => r.id);
  const { rows: [{ offers }] } = await db.query<{ offers: number }>(`SELECT count(*)::int AS offers FROM pharm.pharm_products pp JOIN pharm.products_view pv ON pv.slug = pp.product_slug
    WHERE pv.company_slug = $1 AND pp.published`, [largest.slug]);
  await db.end();

  const app = await createServiceContext({ ...pharmService, imports: [CompaniesModule] },
    { DATABASE_NAME: database, CONSUME_EVENTS: 'false', STOCK_REPORT_COMPANIES: largest.slug, LOG_LEVEL: 'warn' });
  const reader = app.get(CompaniesReader);
  const slug = largest.slug;
  const day = (ago: number) => israelDay(new Date(Date.now() - ago * DAY_MS));
  const deepPage = Math.max(1, Math.floor(offers / 100 / 2));
  const cases: Record<string, (i: number) => Promise<unknown>> = {
    figures: () => reader.figures({ slug }),
    'market (20 products)': (i) => reader.market({ slug, productIds: ids.slice((i * 20) % Math.max(1, ids.length - 20), ((i * 20) % Math.max(1, ids.length - 20)) + 20) }),
    'report page 1': () => reader.stockReport({ slug }),
    [`report page ${deepPage}`]: () => reader.stockReport({ slug, page: deepPage }),
    'report searched': () => reader.stockReport({ slug, search: 'תל' }),
    'report download page': () => reader.stockReport({ slug, download: true }),
    'stock-outs page 1': () => reader.stockOuts({ slug }),
    'history 90 days': () => reader.stockHistory({ slug, from: day(89), to: day(0) }),
    'history 2 years': () => reader.stockHistory({ slug, from: day(729), to: day(0) }),
    'history of a product': (i) => reader.stockHistory({ slug, from: day(729), to: day(0), productId: ids[i % ids.length] }),
    'prices report (30 days)': () => reader.pricesReport({ from: day(29), to: day(0), company: slug }),
  };
  console.log(`${database}: ${slug}, ${ids.length} products, ${offers} published offers; ${count} runs each`);
  for (const [name, run] of Object.entries(cases)) {
    const ms: number[] = [];
    for (let i = 0; i < count; i++) {
      const started = process.hrtime.bigint();
      await run(i);
      ms.push(Number(process.hrtime.bigint() - started) / 1e6);
    }
    ms.sort((a, b) => a - b);
    const at = (q: number) => ms[Math.min(ms.length - 1, Math.floor(q * ms.length))].toFixed(1);
    console.log(`${name.padEnd(26)} p50 ${at(0.5).padStart(7)} ms   p95 ${at(0.95).padStart(7)} ms`);
  }
  await app.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
