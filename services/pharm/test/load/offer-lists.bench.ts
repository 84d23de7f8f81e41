/*
 * Per-request cost of pharm's offer lists over NATS: `count` different list queries (one pharmacy's list, the
 * discounts page; filters, price ranges, pages, sorts and positions drawn at random from the database's values),
 * `concurrency` in flight at once, against a pharm service already running on `NATS_URL` and `DATABASE`.
 * Prints p50/p95/p99 and the rate, and the service's RSS when its pid is given.
 *
 *   NATS_URL=nats://127.0.0.1:4299 DATABASE=medcanna PHARM_PID=1234 npx tsx services/pharm/test/load/offer-lists.bench.ts [count] [concurrency]
 */
import { readFileSync } from 'node:fs';
import { parsePharmProductListQuery, Subjects, type GeoSort, type PharmProductListQuery } from '@mc/contracts';
import { rpc } from '@mc/kit/testing';
import { loadEnv, natsConnectionOptions, NatsEnv } from '@mc/kit';
import { connect } from 'nats';
import { Client } from 'pg';

const count = Number(process.argv[2] ?? 2000);
const concurrency = Number(process.argv[3] ?? 50);
const SORTS: GeoSort[] = ['magic', 'price', 'popular', 'new', 'nearby'];

async function valuesOf(database: string) {
  const db = new Client({ connectionString: `postgres://postgres@127.0.0.1:5432/${database}` });
  await db.connect();
  const column = async (sql: string) => (await db.query<{ v: string }>(sql)).rows.map((r) => r.v);
  const values = {
    pharms: await column('SELECT slug AS v FROM pharm.pharmacies'),
    types: await column('SELECT DISTINCT type AS v FROM pharm.products_view') as PharmProductListQuery['types'],
    cannabisTypes: await column('SELECT DISTINCT cannabis_type AS v FROM pharm.products_view WHERE cannabis_type IS NOT NULL') as PharmProductListQuery['cannabisTypes'],
    dosages: await column('SELECT DISTINCT dosage AS v FROM pharm.products_view WHERE dosage IS NOT NULL LIMIT 40'),
    companies: await column('SELECT DISTINCT company AS v FROM pharm.products_view WHERE company IS NOT NULL LIMIT 40'),
    words: await column("SELECT split_part(heb_name, ' ', 1) AS v FROM pharm.products_view LIMIT 200"),
  };
  await db.end();
  return values;
}

function rssMb(pid: string | undefined): number | undefined {
  if (!pid) return undefined;
  const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return kb ? Math.round(Number(kb) / 1024) : undefined;
}

async function main(): Promise<void> {
  const values = await valuesOf(process.env.DATABASE ?? 'medcanna');
  const nc = await connect(natsConnectionOptions('gateway', loadEnv(NatsEnv, { APP_ENV: 'development', ...process.env })));
  let seed = 7;
  const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  const pick = <T>(list: T[]): T => list[Math.floor(random() * list.length)];
  const some = <T>(list: T[], chance: number): T[] => list.filter(() => random() < chance);
  const query = (i: number): PharmProductListQuery => ({
    ...parsePharmProductListQuery({}),
    types: some(values.types, 0.2),
    cannabisTypes: some(values.cannabisTypes, 0.2),
    dosages: random() < 0.2 ? [pick(values.dosages)] : [],
    companies: random() < 0.2 ? [pick(values.companies)] : [],
    priceRange: random() < 0.4 ? { min: 50 + (i % 100), max: 200 + (i % 250) } : undefined,
    inStock: random() < 0.7,
    search: random() < 0.1 ? pick(values.words) : undefined,
    sortBy: pick(SORTS),
    page: 1 + Math.floor(random() * 4),
    location: { lat: 31 + random() * 2, lng: 34.5 + random() * 0.7 },
  });
  const requests = Array.from({ length: count }, (_, i) => {
    const q = query(i);
    const fail = (err: unknown) => { throw new Error(`${JSON.stringify(q)}: ${JSON.stringify(err)}`); };
    // One pharmacy's list sorts without `nearby` (the discounts page has it).
    return i % 3 === 0
      ? () => rpc(nc, Subjects.pharm.discountList, q).catch(fail)
      : () => rpc(nc, Subjects.pharm.pharmProductList, { ...q, sortBy: q.sortBy === 'nearby' ? 'magic' : q.sortBy, slug: pick(values.pharms) }).catch(fail);
  });

  // A few warm-up requests (the JIT, the connections), not counted.
  for (const request of requests.slice(0, 50)) await request();
  const rssBefore = rssMb(process.env.PHARM_PID);
  const times: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (next < requests.length) {
      const request = requests[next++];
      const at = performance.now();
      await request();
      times.push(performance.now() - at);
    }
  }));
  const seconds = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  const at = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))].toFixed(1);
  console.log(JSON.stringify({
    requests: times.length, concurrency, p50: at(0.5), p95: at(0.95), p99: at(0.99), max: at(1), perSecond: Math.round(times.length / seconds),
    rssMbBefore: rssBefore, rssMbAfter: rssMb(process.env.PHARM_PID),
  }));
  await nc.close();
}

void main();
