// Waits until catalog and pharm have copied each other's seeded data from events.
'use strict';
const { waitForReadModels } = require('../local/stack');
const BASE = process.env.BENCH_URL || 'http://127.0.0.1:8080';
waitForReadModels(BASE)
  .then((totals) => console.error(`[bench] read models settled (products in stock / pharmacies with products: ${totals})`))
  .catch((err) => { console.error(`[bench] ${err.message}`); process.exit(1); });
