#!/usr/bin/env node
// Writes the demo or fixture data set, deterministically, as one JSON file per service:
//   node deploy/seed/generate.js <fixtures|demo> <outDir>
// Each part draws from its own seeded generator, so a change in one part never shifts another's data.
// The licensed-data partner's identities (every product's `yarpaProductId`, the synced pharmacies' `partnerCode` and
// their offers' `isYarpaLocked`) are drawn from no generator at all; partner.js gives a fake partner the same view.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { generateCatalog } = require('./catalog-data');
const { generatePharm } = require('./pharm-data');
const { generateShipping } = require('./shipping-data');

/** mulberry32: a small, fast, seeded PRNG returning [0, 1). */
function seededRandom(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function generate(volume) {
  const catalog = generateCatalog(volume, seededRandom(1001));
  const pharm = generatePharm(volume, seededRandom(2002), catalog);
  const shipping = generateShipping(volume, seededRandom(3003), pharm);
  return { catalog, pharm, 'shipping-quote': shipping };
}

if (require.main === module) {
  const volume = process.argv[2] === 'fixtures' ? 'fixtures' : 'demo';
  const outDir = path.resolve(process.argv[3] || path.join(__dirname, '../../artifacts/seed', volume));
  fs.mkdirSync(outDir, { recursive: true });
  for (const [service, data] of Object.entries(generate(volume))) {
    fs.writeFileSync(path.join(outDir, `${service}.json`), JSON.stringify(data));
  }
  console.error(`[seed] ${volume} data written to ${outDir}`);
}

module.exports = { generate, seededRandom };
