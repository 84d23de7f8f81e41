// Start-up, memory and per-request cost of catalog's product lists, on a seeded database, without the gateway:
// starts the built service (services/catalog/dist/main.js, or MAIN=...) on DATABASE (default medcanna) and the
// tests' NATS, reports its start-up time, index load time and RSS, then times REQUESTS different list queries
// (filters, sorts, pages, price ranges, search terms drawn from the real facets) at CONCURRENCY over NATS.
//   flock /tmp/mc-test.lock node services/catalog/test/list-bench.js [database] [requests] [concurrency]
// Run it under the tests' lock: the service joins the `catalog` queue group of the tests' NATS while it runs.
const { spawn } = require('node:child_process');
const { readFileSync } = require('node:fs');
const { join } = require('node:path');
const { ANONYMOUS_CALLER, Headers: RpcHeaders, parseProductListQuery, Subjects } = require('@mc/contracts');
const { connect, headers: natsHeaders, JSONCodec } = require('nats');

const [database = 'medcanna', requests = '2000', concurrency = '50'] = process.argv.slice(2);
const NATS_URL = process.env.TEST_NATS_URL ?? 'nats://127.0.0.1:4231';
const MAIN = process.env.MAIN ?? join(__dirname, '../dist/main.js');
const codec = JSONCodec();

const rssMb = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;

/** Starts the service; resolves when it answers, with how long that took and its index's load time. */
function startCatalog() {
  const startedAt = performance.now();
  const child = spawn(process.execPath, [MAIN], {
    env: { ...process.env, DATABASE_NAME: database, NATS_URL, CONSUME_EVENTS: 'false', LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let indexMs;
    let buffered = '';
    child.on('exit', (code) => reject(new Error(`catalog exited with ${code}`)));
    child.stdout.on('data', (chunk) => {
      buffered += chunk;
      const lines = buffered.split('\n');
      buffered = lines.pop();
      for (const line of lines) {
        const entry = line.startsWith('{') ? JSON.parse(line) : {};
        if (entry.msg === 'live index loaded') indexMs = entry.ms;
        if (entry.msg === 'service ready') resolve({ child, startMs: performance.now() - startedAt, indexMs });
      }
    });
  });
}

async function request(nc, subject, data) {
  const h = natsHeaders();
  h.set(RpcHeaders.caller, ANONYMOUS_CALLER);
  const reply = await nc.request(subject, codec.encode({ pattern: subject, data, id: '1' }), { timeout: 10_000, headers: h });
  const packet = codec.decode(reply.data);
  if (packet.err) throw new Error(JSON.stringify(packet.err));
  return packet.response;
}

// mulberry32: the same queries on every run.
let seed = 16;
const random = () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
};
const pick = (values) => values[Math.floor(random() * values.length)];
const someOf = (values, chance) => (random() < chance ? values.filter(() => random() < 0.3).join(',') : undefined);

/** `count` different URL queries of the product list, drawn from the real facet values, prices, pages and names. */
function queries(filtersData, total, names, count) {
  const values = (facet) => filtersData[facet].map((f) => f.value);
  const { min, max } = filtersData.priceRange;
  const seen = new Set();
  const out = [];
  for (let tries = 0; out.length < count; tries++) {
    if (tries > count * 100) throw new Error(`only ${out.length} different queries found`);
    const low = Math.floor(min + random() * (max - min));
    const query = Object.fromEntries(Object.entries({
      inStock: random() < 0.2 ? '0' : undefined,
      types: someOf(values('types'), 0.3),
      cannabisTypes: someOf(values('cannabisTypes'), 0.3),
      dosages: someOf(values('dosages'), 0.15),
      companies: someOf(values('companies'), 0.2),
      priceRange: random() < 0.4 ? `${low}-${low + Math.ceil(random() * (max - low))}` : undefined,
      search: random() < 0.1 ? pick(names) : undefined,
      sortBy: pick(['magic', 'price', 'popular', 'new']),
      page: String(1 + Math.floor(random() * Math.min(10, Math.ceil(total / 24)))),
    }).filter(([, v]) => v !== undefined && v !== ''));
    const key = JSON.stringify(query);
    if (!seen.has(key)) { seen.add(key); out.push(parseProductListQuery(query)); }
  }
  return out;
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

async function main() {
  const { child, startMs, indexMs } = await startCatalog();
  const nc = await connect({ servers: NATS_URL, ...require('../../../deploy/local/nats').natsOptions('harness') });
  try {
    const rssReady = rssMb(child.pid);
    const first = await request(nc, Subjects.catalog.productList, parseProductListQuery({ inStock: '0' }));
    const names = [...new Set(first.products.flatMap((p) => p.name.split(' ')).filter((w) => w.length > 2))];
    const list = queries(first.filtersData, first.total, names, Number(requests));
    const times = [];
    let next = 0;
    const startedAt = performance.now();
    await Promise.all(Array.from({ length: Number(concurrency) }, async () => {
      while (next < list.length) {
        const query = list[next++];
        const at = performance.now();
        await request(nc, Subjects.catalog.productList, query);
        times.push(performance.now() - at);
      }
    }));
    const seconds = (performance.now() - startedAt) / 1000;
    times.sort((a, b) => a - b);
    console.log(JSON.stringify({
      database, products: first.total, startMs: Math.round(startMs), indexLoadMs: indexMs, rssReadyMb: Math.round(rssReady),
      rssAfterMb: Math.round(rssMb(child.pid)), requests: times.length, concurrency: Number(concurrency), reqPerSec: Math.round(times.length / seconds),
      p50Ms: +percentile(times, 50).toFixed(1), p95Ms: +percentile(times, 95).toFixed(1), p99Ms: +percentile(times, 99).toFixed(1),
    }));
  } finally {
    await nc.close();
    child.removeAllListeners('exit');
    child.kill('SIGTERM');
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
