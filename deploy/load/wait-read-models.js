// Waits until catalog has caught up with pharm's offer events (its in-stock total stops changing).
'use strict';
const config = require('./scenarios.json');
const BASE = process.env.BENCH_URL || 'http://127.0.0.1:8080';
(async () => {
  let last = -1;
  for (let i = 0; i < 240; i++) {
    const res = await fetch(`${BASE}/api/products?inStock=1`, { headers: config.headers }).catch(() => undefined);
    const total = res?.ok ? (await res.json()).total : -1;
    if (total > 0 && total === last) return console.error(`[bench] catalog lists ${total} products in stock`);
    last = total;
    await new Promise((r) => setTimeout(r, 1000));
  }
  console.error('[bench] catalog never settled'); process.exit(1);
})();
