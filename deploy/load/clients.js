// The load tools ask as many different patients would: each request names a client address of its own in
// X-Forwarded-For, from 65,536 addresses in turn (the stacks of `make bench` trust the loopback proxy,
// TRUSTED_PROXIES=loopback), so the gateway's per-client limits (RATE_LIMIT_*, CLIENT_MAX_IN_FLIGHT) count
// each of them, as they would real visitors, and not the one machine that runs the bench.
'use strict';

let next = 0;

/** The next client's address, in 100.64.0.0/16 (shared address space: never a real visitor's). */
function nextClient() {
  next = (next + 1) % 65_536;
  return `100.64.${next >> 8}.${next & 255}`;
}

/** `headers` with the next client's X-Forwarded-For. */
const asNextClient = (headers = {}) => ({ ...headers, 'x-forwarded-for': nextClient() });

/**
 * autocannon's `requests` for one path asked by `count` clients in turn: each request is built once per connection
 * (a `setupRequest` would build every request anew, taking the load generator's CPU from the server on a small machine).
 */
const manyClients = (headers, count = 1000) => Array.from({ length: count }, () => ({ headers: asNextClient(headers) }));

module.exports = { nextClient, asNextClient, manyClients };
