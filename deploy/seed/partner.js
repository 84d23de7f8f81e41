// What the licensed-data partner knows of the data set (issue 28): the partner-synced pharmacies by their partner code,
// and every catalogue product by its partner id with its estimated price. Computed from the same deterministic
// generator as the seed (generate.js), without a database, so a fake partner can build feeds of the seeded data:
//   const { partnerUniverse } = require('./deploy/seed/partner');
//   partnerUniverse('fixtures') → { pharmacies: [{ code: 'PH-1800', slug: 'yam-eilat' }, …],
//                                   products: [{ id: 'YRP-204729', slug: 'dr-green-t20-c4', price: 29900 }, …] }
// Prices are in agorot (the catalogue's estimated price of a pack). `node deploy/seed/partner.js [fixtures|demo]`
// prints the counts.
'use strict';
const { generate } = require('./generate');

/** The partner's view of a volume ('demo' or 'fixtures'): its synced pharmacies and every product, in the data set's order. */
function partnerUniverse(volume) {
  if (volume !== 'demo' && volume !== 'fixtures') throw new Error(`partner: unknown volume '${volume}' (demo or fixtures)`);
  const data = generate(volume);
  return {
    pharmacies: data.pharm.pharmacies.filter((p) => p.partnerCode).map((p) => ({ code: p.partnerCode, slug: p.slug })),
    products: data.catalog.products.map((p) => ({ id: p.yarpaProductId, slug: p.slug, price: p.estimatedPrice })),
  };
}

if (require.main === module) {
  const volume = process.argv[2] === 'fixtures' ? 'fixtures' : 'demo';
  const { pharmacies, products } = partnerUniverse(volume);
  console.log(`[partner] ${volume}: ${pharmacies.length} synced pharmacies, ${products.length} products`);
}

module.exports = { partnerUniverse };
