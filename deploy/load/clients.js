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
 * An autocannon `setupRequest` giving each request the next of `count` clients, from header sets made once (autocannon's
 * prebuilt `requests` would not do: every connection walks the same list in step, so the 50 connections would ask as
 * one client at a time, past its in-flight cap). All 65,536 by default: with 1,000, a fast machine's repeated reads
 * (7,500 req/s) reached the per-client limits (60 lists per 10 s each) and were held at them with 429s.
 */
function manyClients(headers, count = 65_536) {
  const sets = Array.from({ length: count }, () => asNextClient(headers));
  let turn = 0;
  return (request) => {
    request.headers = sets[turn++ % count];
    return request;
  };
}

module.exports = { nextClient, asNextClient, manyClients };
