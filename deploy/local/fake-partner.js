#!/usr/bin/env node
// A local stand-in for the licensed-data partner (issue 28; docs/API.md "Partner stock feed"), for `make dev`, the
// tests and the bench. Plain Node, no dependencies.
//
// The server: GET /feeds/stock.csv?rows=N&gzip=0|1&at=<ISO>&priceShift=<agorot> streams a deterministic feed of N
// rows (a million rows are never held: they are made a thousand at a time as the socket takes them), plain CSV or its
// gzip file (Content-Type application/gzip, the bytes the feed id is taken over). The same parameters give the same
// bytes, so the answer has an ETag (a hash of the parameters, the universe and CONTENT_VERSION) and Last-Modified (`at`)
// and answers 304 to If-None-Match / If-Modified-Since. `at` left out is the current minute.
//
// The rows cycle over the universe of partner-synced pharmacy codes × partner product ids (deploy/seed/partner.js's
// `partnerUniverse(volume)`), every product of one pharmacy, then the next pharmacy. When a feed has more rows than the
// universe, each further pass gets a later updated_at (a second each, the last pass at `at`), so every row of a pair
// is newer than the one before it, and its price moves by 10 agorot a pass.
//
// The client: signedPush (a body, a file, a stream, or generated rows: signed in a first pass, sent in a second, so that
// nothing is held) and signedStatus, signing as the gateway checks (hex HMAC-SHA256 of `{timestamp}.{body}`).
//
// The command line:
//   node deploy/local/fake-partner.js serve [--port 8097] [--volume demo]
//   node deploy/local/fake-partner.js push --rows 40000 [--url http://localhost:8080] [--gzip] [--at ISO] [--price-shift 0]
//                                         [--volume demo] [--partner id --secret s] [--wait]
// The partner is --partner/--secret, else the first of FEED_PARTNERS, else the development partner.
'use strict';
const { createHash, createHmac } = require('node:crypto');
const fs = require('node:fs');
const http = require('node:http');
const https = require('node:https');
const os = require('node:os');
const path = require('node:path');
const { Readable } = require('node:stream');
const { pipeline } = require('node:stream/promises');
const zlib = require('node:zlib');

/** Bump when the rows' make-up changes: every ETag changes with it. */
const CONTENT_VERSION = 1;
const HEADER = 'pharmacy_code,partner_product_id,amount,price,updated_at\n';
const ROWS_PER_CHUNK = 1000;
const MAX_ROWS = 50_000_000;
const FEED_PATH = '/feeds/stock.csv';

/** The universe of a seed volume ('demo', 'fixtures'), from the seed's own module. */
function loadUniverse(volume = 'demo') {
  return requireBuilt('../seed/partner', 'deploy/seed/partner.js (partnerUniverse)').partnerUniverse(volume);
}

/** A module of the repository, with a plain message when it is missing. */
function requireBuilt(id, what) {
  try {
    return require(id);
  } catch (err) {
    if (err.code === 'MODULE_NOT_FOUND' && String(err.message).includes(id.replace(/^(\.\.\/)+/, ''))) throw new Error(`${what} is missing`);
    throw err;
  }
}

const bad = (message) => Object.assign(new Error(message), { badRequest: true });

/** The current minute (the default `at`), in ms. */
const currentMinute = (nowMs = Date.now()) => Math.floor(nowMs / 60_000) * 60_000;

/**
 * A feed's parameters, checked and normalised: `rows` (0 to 50 million), `gzip`, `at` (an ISO date or ms; whole
 * seconds; default the current minute), `priceShift` (agorot added to every price).
 */
function feedParams({ rows = 1000, gzip = false, at, priceShift = 0 } = {}) {
  const count = Number(rows);
  if (!Number.isInteger(count) || count < 0 || count > MAX_ROWS) throw bad(`rows must be a whole number from 0 to ${MAX_ROWS}`);
  const atMs = at === undefined || at === '' ? currentMinute() : typeof at === 'number' ? at : Date.parse(String(at));
  if (!Number.isFinite(atMs)) throw bad('at must be an ISO 8601 date');
  const shift = Number(priceShift);
  if (!Number.isInteger(shift) || Math.abs(shift) > 1_000_000) throw bad('priceShift must be a whole number of agorot');
  const zipped = gzip === true || gzip === '1' || gzip === 1 || gzip === 'true';
  if (!zipped && ![false, '0', 0, 'false', undefined].includes(gzip)) throw bad('gzip must be 0 or 1');
  return { rows: count, gzip: zipped, atMs: Math.floor(atMs / 1000) * 1000, priceShift: shift };
}

/** ISO 8601 with an explicit offset, whole seconds: 2026-11-28T10:00:00+00:00. */
const isoWithOffset = (ms) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, '+00:00');

const agorotAsShekels = (agorot) => (agorot / 100).toFixed(2);

/**
 * Row `i` of a feed of `params` over `universe`: which pharmacy and product, and what the partner says of it. The
 * universe's product `price` is in agorot.
 */
function feedRow(universe, params, i) {
  const { pharmacies, products } = universe;
  const size = pharmacies.length * products.length;
  const pass = Math.floor(i / size);
  const k = i % size;
  const p = Math.floor(k / products.length);
  const q = k % products.length;
  const lastPass = Math.floor((params.rows - 1) / size);
  const pharmacy = pharmacies[p];
  const product = products[q];
  const amount = (p * 7 + q * 13 + pass * 3) % 40;
  // About one row in ten leaves the price as it is (an empty price).
  const keepsPrice = (p * 3 + q * 7 + pass) % 10 === 9;
  const agorot = Math.max(100, Math.round(product.price) + (((p * 37 + q * 11) % 21) - 10) * 100 + pass * 10 + params.priceShift);
  return {
    pharmacy, product, amount,
    price: keepsPrice ? null : agorot,
    updatedAtMs: params.atMs - (lastPass - pass) * 1000,
  };
}

const rowLine = (row) => `${row.pharmacy.code},${row.product.id},${row.amount},${row.price === null ? '' : agorotAsShekels(row.price)},${isoWithOffset(row.updatedAtMs)}\n`;

/** Whether row `i` is the last of its pharmacy and product in a feed of `rows` rows (no later pass names them again). */
const isLastOfItsPair = (universe, rows, i) => i + universe.pharmacies.length * universe.products.length >= rows;

/** The feed's bytes as a stream (the CSV, or its gzip file), made as they are read. */
function feedStream(universe, params) {
  if (params.rows > 0 && (!universe.pharmacies.length || !universe.products.length)) throw new Error('the partner universe is empty');
  let next = -1;
  const csv = new Readable({
    read() {
      if (next === -1) {
        next = 0;
        this.push(HEADER);
        return;
      }
      if (next >= params.rows) {
        this.push(null);
        return;
      }
      const end = Math.min(params.rows, next + ROWS_PER_CHUNK);
      let chunk = '';
      for (let i = next; i < end; i++) chunk += rowLine(feedRow(universe, params, i));
      next = end;
      this.push(chunk);
    },
  });
  if (!params.gzip) return csv;
  const gzip = zlib.createGzip({ level: 6 });
  csv.on('error', (err) => gzip.destroy(err));
  return csv.pipe(gzip);
}

/** A hash of the universe (its ETag part), kept per universe object. */
const fingerprints = new WeakMap();
function universeFingerprint(universe) {
  if (!fingerprints.has(universe)) fingerprints.set(universe, createHash('sha256').update(JSON.stringify(universe)).digest('hex'));
  return fingerprints.get(universe);
}

/** The feed's ETag: the same for the same bytes, without making them. */
function feedEtag(universe, params) {
  const key = JSON.stringify({ v: CONTENT_VERSION, universe: universeFingerprint(universe), ...params });
  return `"${createHash('sha256').update(key).digest('hex').slice(0, 32)}"`;
}

/** Whether a request's If-None-Match names `etag` (weak or strong, or *). */
function matchesEtag(header, etag) {
  if (!header) return false;
  return header.split(',').map((t) => t.trim().replace(/^W\//, '')).some((t) => t === '*' || t === etag);
}

/** Starts the fake partner's feed server on 127.0.0.1 (`port` 0: any free one). `universe` defaults to `volume`'s. */
function startFakePartner({ port = 0, volume = 'demo', universe } = {}) {
  const feedUniverse = universe ?? loadUniverse(volume);
  const served = { full: 0, notModified: 0 };
  const server = http.createServer((request, response) => {
    const url = new URL(request.url || '/', 'http://localhost');
    if (url.pathname !== FEED_PATH || !['GET', 'HEAD'].includes(request.method)) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
      return;
    }
    let params;
    try {
      params = feedParams(Object.fromEntries(url.searchParams));
    } catch (err) {
      response.writeHead(400, { 'content-type': 'text/plain' }).end(`${err.message}\n`);
      return;
    }
    const etag = feedEtag(feedUniverse, params);
    const lastModified = new Date(params.atMs).toUTCString();
    const headers = { etag, 'last-modified': lastModified, 'cache-control': 'no-cache' };
    const noneMatch = request.headers['if-none-match'];
    const modifiedSince = Date.parse(request.headers['if-modified-since'] ?? '');
    // If-None-Match decides when it is sent (RFC 9110 §13.2.2); else If-Modified-Since.
    if (noneMatch ? matchesEtag(noneMatch, etag) : Number.isFinite(modifiedSince) && params.atMs <= modifiedSince) {
      served.notModified++;
      response.writeHead(304, headers).end();
      return;
    }
    served.full++;
    response.writeHead(200, { ...headers, 'content-type': params.gzip ? 'application/gzip' : 'text/csv; charset=utf-8' });
    if (request.method === 'HEAD') {
      response.end();
      return;
    }
    pipeline(feedStream(feedUniverse, params), response).catch(() => response.destroy());
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      const base = `http://127.0.0.1:${server.address().port}`;
      resolve({
        url: base,
        feedUrl: (query = {}) => `${base}${FEED_PATH}?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`,
        universe: feedUniverse,
        served,
        close: () => new Promise((done) => { server.closeAllConnections(); server.close(() => done()); }),
      });
    });
  });
}

// ── the client ──────────────────────────────────────────────────────────────────────────────────────────────────────

/** The hex HMAC-SHA256 of `{timestamp}.{body}` with the secret: what the gateway checks. */
const feedSignature = (secret, timestamp, body = '') => createHmac('sha256', secret).update(`${timestamp}.`).update(body).digest('hex');

/** Reads a stream to its end, signing (as at `timestamp`) and hashing it. */
async function signStream(stream, secret, timestamp) {
  const hmac = createHmac('sha256', secret).update(`${timestamp}.`);
  const sha = createHash('sha256');
  let bytes = 0;
  let head = null;
  for await (const chunk of stream) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
    if (!head) head = buffer.subarray(0, 2);
    hmac.update(buffer);
    sha.update(buffer);
    bytes += buffer.length;
  }
  return { signature: hmac.digest('hex'), feedId: sha.digest('hex'), bytes, gzip: isGzip(head) };
}

const isGzip = (head) => Boolean(head && head.length >= 2 && head[0] === 0x1f && head[1] === 0x8b);

/** The default partner: the first of FEED_PARTNERS, else the development partner of the kit. */
function defaultPartner() {
  const configured = process.env.FEED_PARTNERS?.trim();
  if (configured) {
    const [first] = JSON.parse(configured);
    if (first) return { partner: first.id, secret: first.secret };
  }
  const { DEVELOPMENT_FEED_PARTNER } = requireBuilt('../../services/kit/dist/feeds/feed-partners', "the kit's build (services/kit/dist: make build)");
  return { partner: DEVELOPMENT_FEED_PARTNER.id, secret: DEVELOPMENT_FEED_PARTNER.secret };
}

/** One HTTP request; a body stream is piped. An answer that comes before the body is all sent is still the answer. */
function send(url, { method = 'GET', headers = {}, body, stream }) {
  const target = new URL(url);
  const lib = target.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = lib.request(target, { method, headers });
    let answered = false;
    request.once('response', (response) => {
      answered = true;
      if (stream) {
        stream.unpipe(request);
        stream.destroy();
      }
      const chunks = [];
      response.on('data', (c) => chunks.push(c));
      response.once('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let json;
        try { json = JSON.parse(text); } catch { json = undefined; }
        resolve({ status: response.statusCode, headers: response.headers, text, body: json ?? text });
      });
      response.once('error', reject);
    });
    request.once('error', (err) => { if (!answered) reject(err); });
    if (stream) {
      stream.once('error', (err) => request.destroy(err));
      stream.pipe(request);
    } else {
      request.end(body);
    }
  });
}

/**
 * Pushes a feed to the gateway (`POST {baseUrl}/api/feeds/stock`), signed as `partner` with `secret` (default: see
 * defaultPartner). The feed is one of: `body` (a string or Buffer), `file` (a path), `stream` (spooled to a temporary
 * file first: it is read twice), or `rows` (generated from `universe` or `volume` with `gzip`, `at`, `priceShift`: made
 * once to sign and once to send). `timestamp` (Unix seconds) defaults to now.
 * Answers { status, body, feedId, bytes, signature, timestamp, sentAt (ms, when the upload started) }.
 */
async function signedPush(options) {
  const { baseUrl, timestamp = Math.floor(Date.now() / 1000), headers: extra = {} } = options;
  const { partner, secret } = options.partner ? options : defaultPartner();
  let open;
  let temporary;
  if (options.body !== undefined) {
    const body = Buffer.isBuffer(options.body) ? options.body : Buffer.from(String(options.body), 'utf8');
    open = () => Readable.from([body]);
  } else if (options.file) {
    open = () => fs.createReadStream(options.file);
  } else if (options.stream) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fake-partner-'));
    temporary = path.join(dir, 'feed');
    await pipeline(options.stream, fs.createWriteStream(temporary));
    open = () => fs.createReadStream(temporary);
  } else if (options.rows !== undefined) {
    const universe = options.universe ?? loadUniverse(options.volume);
    const params = feedParams(options);
    open = () => feedStream(universe, params);
  } else {
    throw new Error('signedPush needs a body, a file, a stream or rows');
  }
  try {
    const signed = await signStream(open(), secret, timestamp);
    const sentAt = Date.now();
    const answer = await send(`${baseUrl}/api/feeds/stock`, {
      method: 'POST',
      headers: {
        'content-type': signed.gzip ? 'application/gzip' : 'text/csv; charset=utf-8',
        'content-length': String(signed.bytes),
        'x-feed-partner': partner,
        'x-feed-timestamp': String(timestamp),
        'x-feed-signature': signed.signature,
        ...extra,
      },
      stream: open(),
    });
    return { ...answer, feedId: signed.feedId, bytes: signed.bytes, signature: signed.signature, timestamp, sentAt };
  } finally {
    if (temporary) fs.rmSync(path.dirname(temporary), { recursive: true, force: true });
  }
}

/**
 * A feed's status (`GET {baseUrl}/api/feeds/stock/{jobId}`), signed over `{timestamp}.`; `csv: true` asks for the CSV
 * of every rejection. Answers { status, body, text, headers }.
 */
function signedStatus({ baseUrl, jobId, csv = false, timestamp = Math.floor(Date.now() / 1000), ...rest }) {
  const { partner, secret } = rest.partner ? rest : defaultPartner();
  return send(`${baseUrl}/api/feeds/stock/${jobId}${csv ? '?format=csv' : ''}`, {
    headers: { 'x-feed-partner': partner, 'x-feed-timestamp': String(timestamp), 'x-feed-signature': feedSignature(secret, timestamp) },
  });
}

/** Polls a feed's status until it is done, refused or paused (or `timeoutMs` passes). */
async function waitForFeed({ timeoutMs = 600_000, intervalMs = 250, ...options }) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const answer = await signedStatus(options);
    if (answer.status !== 200) throw new Error(`status of ${options.jobId}: ${answer.status} ${answer.text}`);
    if (['done', 'refused', 'paused'].includes(answer.body.state)) return answer.body;
    if (Date.now() > deadline) throw new Error(`feed ${options.jobId} still ${answer.body.state} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}

module.exports = {
  CONTENT_VERSION, FEED_PATH, startFakePartner, feedParams, feedRow, feedStream, feedEtag, isLastOfItsPair, rowLine,
  feedSignature, signedPush, signedStatus, waitForFeed, loadUniverse, defaultPartner,
};

// ── the command line ────────────────────────────────────────────────────────────────────────────────────────────────

function parseArgs(argv) {
  const args = {};
  for (let i = 0; i < argv.length; i++) {
    const name = argv[i].replace(/^--/, '');
    if (argv[i + 1] === undefined || argv[i + 1].startsWith('--')) args[name] = true;
    else args[name] = argv[++i];
  }
  return args;
}

async function main([command, ...rest]) {
  const args = parseArgs(rest);
  if (command === 'serve') {
    const fake = await startFakePartner({ port: Number(args.port ?? 8097), volume: args.volume ?? 'demo' });
    console.log(`fake partner: ${fake.feedUrl({ rows: 40000 })} (rows, gzip=0|1, at, priceShift)`);
    const stop = () => fake.close().then(() => process.exit(0));
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
    return;
  }
  if (command === 'push') {
    const baseUrl = args.url ?? 'http://localhost:8080';
    const partner = args.partner ? { partner: args.partner, secret: args.secret } : defaultPartner();
    const pushed = await signedPush({
      baseUrl, ...partner, rows: Number(args.rows ?? 1000), gzip: args.gzip === true || args.gzip === '1', at: args.at,
      priceShift: Number(args['price-shift'] ?? 0), volume: args.volume ?? 'demo',
    });
    console.log(`${pushed.status} ${pushed.text} (${pushed.bytes} bytes, feed ${pushed.feedId})`);
    if (pushed.status !== 202) process.exit(1);
    if (args.wait) console.log(JSON.stringify(await waitForFeed({ baseUrl, ...partner, jobId: pushed.body.jobId }), null, 2));
    return;
  }
  console.error('usage: fake-partner.js serve [--port 8097] [--volume demo]\n       fake-partner.js push --rows N [--url http://localhost:8080] [--gzip] [--at ISO] [--price-shift agorot] [--partner id --secret s] [--wait]');
  process.exit(2);
}

if (require.main === module) main(process.argv.slice(2)).catch((err) => { console.error(err.message); process.exit(1); });
