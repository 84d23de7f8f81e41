#!/usr/bin/env node
// The "diverse" variant of `make bench`: for each catalogue scenario of scenarios.json, a list of distinct request
// paths drawn from the running stack's real data, as many different patients would ask them: the real filter values
// and price ranges of the lists' filtersData, sort orders, pages within each list's total, positions around ~50 real
// Israeli cities (jittered), products for the comparison, pharmacies for the one-pharmacy list, what patients type
// into search (prefixes of product, company, pharmacy and city names) and the pages of every tag (but the first,
// which discovery asked). Deterministic for a seed and a data set. Each list is written to
// artifacts/bench-lists/<scenario id>.json, which k6 reads as well.
//
// Paths are built in one canonical form (every parameter in a fixed order, defaults spelled out), so two different
// paths are two different questions to the gateway's and the services' answer caches; the paths discovery asked are
// left out. Only known slugs and values the API accepts are used, so every answer is a 200. A page beyond the first
// is asked only where the list's total is known (one facet's values, a pharmacy count within a distance), and
// within it; some combinations of filters match nothing, as they do for patients.
//
// Usage: BENCH_URL=http://127.0.0.1:8090 node deploy/load/diverse.js [count per scenario, default 2000]
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { LIST_SORTS, PER_PAGE, SEARCH_LIMIT } = require('@mc/contracts');
const { shuffle } = require('../seed/catalog-data');
const { seededRandom } = require('../seed/generate');
const config = require('./scenarios.json');
const { asNextClient } = require('./clients');

const LISTS_DIR = path.resolve(__dirname, '../../artifacts/bench-lists');
const MIN_COUNT = 2000;

/** Real Israeli cities and towns (lat, lng), where patients ask from. */
const CITIES = [
  [32.0853, 34.7818], [31.7683, 35.2137], [32.7940, 34.9896], [31.9730, 34.7925], [32.0840, 34.8878], [31.8014, 34.6435],
  [32.3215, 34.8532], [31.2518, 34.7913], [32.0158, 34.7874], [32.0684, 34.8248], [31.8928, 34.8113], [32.0171, 34.7454],
  [32.1663, 34.8436], [32.1782, 34.9076], [32.4340, 34.9196], [32.1848, 34.8713], [32.0722, 34.8089], [32.8345, 35.0800],
  [31.6688, 34.5743], [31.9282, 34.8656], [32.0929, 34.8636], [32.7922, 35.5312], [32.9646, 35.4960], [32.9212, 35.0908],
  [32.6996, 35.3035], [32.6072, 35.2890], [32.5007, 35.4995], [29.5577, 34.9519], [31.5257, 34.5954], [31.3151, 34.6237],
  [31.0689, 35.0329], [30.9877, 34.9300], [31.7470, 34.9886], [31.8969, 35.0105], [32.1094, 34.8553], [32.1532, 34.8912],
  [32.1470, 34.8397], [32.2737, 34.9119], [32.4550, 35.0466], [32.5155, 34.9051], [32.5714, 34.9546], [32.7019, 35.3033],
  [32.8410, 35.1040], [32.8667, 35.0966], [33.2082, 35.5695], [32.7057, 35.5839], [31.7770, 35.2960], [31.9544, 34.8965],
  [32.1781, 34.9357], [32.0540, 34.8540],
];

/** One path in canonical form: the parameters in the order given, undefined ones left out, each value encoded. */
function pathOf(route, params) {
  const query = Object.entries(params)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k}=${Array.isArray(v) ? v.map(encodeURIComponent).join(',') : encodeURIComponent(String(v))}`)
    .join('&');
  return query ? `${route}?${query}` : route;
}

async function getJson(base, headers, p) {
  const res = await fetch(base + p, { headers: asNextClient(headers) });
  if (!res.ok) throw new Error(`${p}: ${res.status} ${(await res.text()).slice(0, 200)}`);
  return res.json();
}

/** `fn` over `items`, `concurrency` at a time, answers in order. */
async function mapLimited(items, concurrency, fn) {
  const out = new Array(items.length);
  let next = 0;
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i], i);
    }
  }));
  return out;
}

/** Every page of a paged list (`key` holds the items). */
async function allPages(get, route, params, key) {
  const first = await get(pathOf(route, { ...params, page: 1 }));
  const pages = Math.ceil(first.total / first.perPage);
  const rest = await mapLimited(Array.from({ length: Math.max(0, pages - 1) }, (_, i) => i + 2), 4, (page) => get(pathOf(route, { ...params, page })));
  return [first, ...rest].flatMap((r) => r[key]);
}

/**
 * What the lists are drawn from, read through the public API: the product list's filtersData (in stock and all),
 * every product, every pharmacy (with its position), each selling pharmacy's own filtersData, and each tag's totals.
 * Returns the data and the paths it asked (which the lists leave out).
 */
async function discover(base, headers) {
  const asked = new Set();
  const get = (p) => { asked.add(p); return getJson(base, headers, p); };
  const sitemap = await (await fetch(`${base}/sitemap.xml`)).text();
  const tagSlugs = [...new Set([...sitemap.matchAll(/\/tags\/([a-z0-9-]+)</g)].map((m) => m[1]))];
  const productLists = {};
  for (const inStock of [1, 0]) productLists[inStock] = await get(pathOf('/api/products', { sortBy: 'new', inStock, page: 1 }));
  const products = await allPages(get, '/api/products', { sortBy: 'new', inStock: 0 }, 'products');
  const pharms = await allPages(get, '/api/pharms', {}, 'pharms');
  const selling = new Set((await allPages(get, '/api/pharms', { hasPharmProducts: 1 }, 'pharms')).map((p) => p.slug));
  const pharmLists = new Map(await mapLimited([...selling], 8, async (slug) =>
    [slug, await get(pathOf(`/api/pharms/${slug}/products`, { sortBy: 'magic', inStock: 1, page: 1 }))]));
  const tags = await mapLimited(tagSlugs, 8, async (slug) => {
    const t = await get(pathOf(`/api/tags/${slug}`, { page: 1 }));
    return { slug, pages: Math.max(Math.ceil(t.total / PER_PAGE.tagProducts), Math.ceil(t.pharmsTotal / PER_PAGE.tagPharms)) };
  });
  return { asked, productLists, products, pharms: pharms.map((p) => ({ ...p, selling: selling.has(p.slug) })), pharmLists, tags };
}

const pick = (rand, list) => list[Math.floor(rand() * list.length)];

/** 1 or 2 different values of a facet (those with products), or undefined. */
function facetValues(rand, facet) {
  const values = facet.filter((f) => f.count > 0).map((f) => f.value);
  if (!values.length) return undefined;
  const first = pick(rand, values);
  const second = rand() < 0.3 ? pick(rand, values) : first;
  return first === second ? [first] : [first, second];
}

/** A price range (whole shekels) within the real one, at least a fifth of it wide. */
function priceRangeWithin(rand, range) {
  const [min, max] = [Math.floor(range.min), Math.ceil(range.max)];
  const width = max - min;
  if (!(width > 0)) return undefined;
  const lo = min + Math.floor(rand() * width * 0.7);
  const hi = Math.min(max, lo + Math.ceil(width * (0.2 + rand() * 0.6)));
  return `${lo}-${hi}`;
}

/** A page from 1 to `pages`, the first ones more often (as patients page). */
const pageOf = (rand, pages) => 1 + Math.floor(rand() * rand() * Math.max(1, pages));

/** A position near a city: within about 2 km of it, to 4 decimals (about 10 m). */
function position(rand) {
  const [lat, lng] = pick(rand, CITIES);
  const jitter = () => (rand() - 0.5) * 0.04;
  return { lat: (lat + jitter()).toFixed(4), lng: (lng + jitter()).toFixed(4) };
}

/**
 * Filters as a patient sets them on a product list with these filtersData: some facets (1–2 values each) and/or a
 * price range. The page is within the total when the total is known: one facet alone counts the products
 * of its values (each product has one value of a facet); otherwise the first page.
 */
function filtersFor(rand, filtersData, total, perPage, { requireFilter }) {
  const facets = {};
  for (const [name, chance] of [['types', 0.3], ['cannabisTypes', 0.5], ['dosages', 0.25], ['companies', 0.25]]) {
    if (rand() < chance) facets[name] = facetValues(rand, filtersData[name]);
  }
  const priceRange = rand() < 0.5 && filtersData.priceRange ? priceRangeWithin(rand, filtersData.priceRange) : undefined;
  const used = Object.entries(facets).filter(([, v]) => v);
  if (requireFilter && !used.length && !priceRange) return undefined;
  let known = used.length === 0 && !priceRange ? total : undefined;
  if (used.length === 1 && !priceRange) {
    const [name, values] = used[0];
    known = filtersData[name].filter((f) => values.includes(f.value)).reduce((n, f) => n + f.count, 0);
  }
  if (known === 0) return undefined;
  return { ...facets, priceRange, page: known === undefined ? 1 : pageOf(rand, Math.ceil(known / perPage)) };
}

const filterParams = (f) => ({
  types: f.types, cannabisTypes: f.cannabisTypes, dosages: f.dosages, companies: f.companies, priceRange: f.priceRange,
});

/** Haversine distance in km. */
function km(a, b) {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 12742 * Math.asin(Math.sqrt(h));
}

/** Words and names patients type: every prefix (2 letters on) of product, company, pharmacy and city names. */
function typedTerms(data) {
  const sources = new Set();
  for (const p of data.products) for (const s of [p.name, p.info.hebName, p.info.engName, p.info.company]) if (s) sources.add(s);
  for (const p of data.pharms) { sources.add(p.name); sources.add(p.city); }
  const terms = new Set();
  for (const source of sources) {
    const s = source.replace(/\s+/g, ' ').trim();
    for (let k = 2; k <= Math.min(s.length, 30); k++) if (s[k - 1] !== ' ') terms.add(s.slice(0, k));
    for (const word of s.split(' ')) if (word.length >= 2) terms.add(word);
  }
  return [...terms].sort();
}

/**
 * Scenario id → `draw` (one candidate path, undefined when the draw is impossible) or `all` (every distinct path the
 * data holds, in the order to ask them, for the scenarios whose questions are few).
 */
function generators(data) {
  const inStockProducts = data.products.filter((p) => p.pharmProductsCount > 0);
  const sellingPharms = data.pharms.filter((p) => p.selling);
  return {
    products: { draw: (rand) => {
      const inStock = rand() < 0.8 ? 1 : 0;
      const list = data.productLists[inStock];
      const f = filtersFor(rand, list.filtersData, list.total, PER_PAGE.products, { requireFilter: true });
      return f && pathOf('/api/products', { sortBy: pick(rand, LIST_SORTS), ...filterParams(f), inStock, page: f.page });
    } },
    comparison: { draw: (rand) => {
      const sortBy = rand() < 0.6 ? 'nearby' : 'price';
      const at = sortBy === 'nearby' || rand() < 0.5 ? position(rand) : {};
      return pathOf(`/api/products/${pick(rand, inStockProducts).slug}/pharm-products`, {
        sortBy, lat: at.lat, lng: at.lng, isOpen: rand() < 0.2 ? 1 : undefined, hasDelivery: rand() < 0.2 ? 1 : undefined,
      });
    } },
    pharms: { draw: (rand) => {
      const at = position(rand);
      const distance = rand() < 0.5 ? pick(rand, [5, 10, 15, 20, 30, 50]) : 2 + Math.floor(rand() * 60);
      const open = rand() < 0.15 ? 1 : undefined;
      const delivery = rand() < 0.15 ? pick(rand, ['yes', 'free']) : undefined;
      const hasPharmProducts = rand() < 0.3 ? 1 : undefined;
      const within = (hasPharmProducts ? sellingPharms : data.pharms).filter((p) => km(at, p) <= distance).length;
      if (!within) return undefined;
      // Opening hours and delivery narrow the list in ways not known here: their first page only.
      const page = open || delivery ? 1 : pageOf(rand, Math.ceil(within / PER_PAGE.pharms));
      return pathOf('/api/pharms', { lat: at.lat, lng: at.lng, distance, open, delivery, hasPharmProducts, page });
    } },
    pharmProducts: { draw: (rand) => {
      const pharm = pick(rand, sellingPharms);
      const list = data.pharmLists.get(pharm.slug);
      const inStock = rand() < 0.85 ? 1 : 0;
      // The pharmacy's own facets were counted in stock; all its offers have no known total, so the first page.
      const f = inStock
        ? filtersFor(rand, list.filtersData, list.total, PER_PAGE.pharmProducts, { requireFilter: false })
        : { page: 1, priceRange: rand() < 0.5 && list.filtersData.priceRange ? priceRangeWithin(rand, list.filtersData.priceRange) : undefined };
      return f && pathOf(`/api/pharms/${pharm.slug}/products`, { sortBy: pick(rand, LIST_SORTS), ...filterParams(f), inStock, page: f.page });
    } },
    search: {
      all: (rand) => {
        const terms = typedTerms(data);
        // The storefront asks SEARCH_LIMIT suggestions; smaller limits only once every term has been asked.
        return [SEARCH_LIMIT, 3, 1].flatMap((limit) => shuffle(rand, terms).map((term) => pathOf('/api/search', { term, limit })));
      },
    },
    tag: {
      // Every page of every tag (but the first: discovery asked it), the early pages of all tags before the later ones.
      all: (rand) => shuffle(rand, data.tags.flatMap((t) => Array.from({ length: t.pages }, (_, i) => ({ slug: t.slug, page: i + 1 }))))
        .sort((a, b) => a.page - b.page)
        .map(({ slug, page }) => pathOf(`/api/tags/${slug}`, { page })),
    },
  };
}

/**
 * Up to `count` distinct paths for the scenario `id` (fewer only when the data holds fewer distinct questions,
 * e.g. the tag pages). Deterministic for a seed and a data set.
 */
function generate(data, id, count, seed = 1) {
  const generator = generators(data)[id];
  if (!generator) throw new Error(`no diverse generator for scenario '${id}'`);
  const rand = seededRandom(seed * 7919 + [...id].reduce((h, c) => (h * 31 + c.charCodeAt(0)) >>> 0, 0));
  const paths = new Set();
  const take = (p) => { if (p && !data.asked.has(p)) paths.add(p); };
  if (generator.all) {
    for (const p of generator.all(rand)) { if (paths.size >= count) break; take(p); }
  } else {
    // Draws until `count` distinct, or until many draws in a row have found nothing new (the data holds no more).
    for (let misses = 0; paths.size < count && misses < 10_000;) {
      const before = paths.size;
      take(generator.draw(rand));
      misses = paths.size > before ? 0 : misses + 1;
    }
  }
  return [...paths];
}

/** Writes the list of `id` where k6 reads it. */
function writeList(id, scenario, paths) {
  fs.mkdirSync(LISTS_DIR, { recursive: true });
  const file = path.join(LISTS_DIR, `${id}.json`);
  fs.writeFileSync(file, JSON.stringify({ scenario, distinct: new Set(paths).size, paths }));
  return file;
}

async function main() {
  const base = process.env.BENCH_URL || 'http://127.0.0.1:8080';
  const count = Math.max(MIN_COUNT, Number(process.argv[2] || MIN_COUNT));
  const data = await discover(base, config.headers);
  for (const scenario of config.scenarios) {
    const paths = generate(data, scenario.id, count);
    console.error(`[bench] diverse ${scenario.name}: ${paths.length} distinct paths → ${writeList(scenario.id, scenario.name, paths)}`);
  }
}

module.exports = { discover, generate, writeList, mapLimited, MIN_COUNT };

if (require.main === module) {
  main().catch((err) => { console.error(err); process.exit(1); });
}
