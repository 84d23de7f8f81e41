'use strict';
// Shared by the load scripts (bench.js, feed-bench.js).

/**
 * Until the stack has worked off what a part left queued (slow requests the gateway already gave up on still wait at
 * the services) and its breakers have closed again: /api/health answers 200 within a second three times in a row.
 */
async function settle(baseUrl, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  for (let quick = 0; quick < 3 && Date.now() < deadline;) {
    const started = Date.now();
    const ok = await fetch(`${baseUrl}/api/health`).then((r) => r.ok, () => false);
    quick = ok && Date.now() - started < 1000 ? quick + 1 : 0;
    await new Promise((r) => setTimeout(r, 1000));
  }
}

module.exports = { settle };
