#!/usr/bin/env node
// The checkout scenarios' patients, for `make bench` (bench.js) and for k6 (k6/scenarios.js reads the file this
// writes): volume patients (deploy/seed/volumes.js; 0…999 are the ones with 40 orders) signed in through
// POST /api/auth/signin, each with a cart of 1–4 real in-stock offers from two demo pharmacies, a real address,
// delivery or pickup per pharmacy (a pharmacy whose shipping rejects the address or the cart is picked up, as
// the order page offers), the order form and an ID number encrypted under the checkout's public key.
//
// Sign-in is limited to 50 a client address in 15 minutes: the bench stack trusts the loopback proxy
// (TRUSTED_PROXIES=loopback, set by `make bench` for its own stack only) and each group of 40 patients signs
// in from its own private address (x-forwarded-for, a network of its own for each run), as distinct clients would.
//
// Usage: BENCH_URL=http://127.0.0.1:8090 BENCH_USERS=400 node deploy/load/checkout.js artifacts/bench-checkout.json
'use strict';
const { constants, createPublicKey, publicEncrypt } = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const { seededRandom } = require('../seed/generate');
const { ADDRESSES, VOLUME_PASSWORD, FREQUENT_USERS, volumeEmail } = require('../seed/volumes');
const { mapLimited } = require('./diverse');
const { asNextClient } = require('./clients');

const FIRST_NAMES = ['נועה', 'תמר', 'יונתן', 'דוד', 'מאיה', 'איתי', 'שירה', 'עומר'];
const LAST_NAMES = ['כהן', 'לוי', 'מזרחי', 'פרץ', 'ביטון', 'אברהם'];
const pick = (rand, list) => list[Math.floor(rand() * list.length)];

/** A valid Israeli ID number (8 digits and the check digit). */
function idNumber(n) {
  const body = String(10_000_000 + ((n * 7_919) % 89_999_999)).padStart(8, '0');
  let sum = 0;
  for (let i = 0; i < 8; i++) {
    const d = Number(body[i]) * (i % 2 ? 2 : 1);
    sum += d > 9 ? d - 9 : d;
  }
  return body + ((10 - (sum % 10)) % 10);
}

function encrypt(key, id) {
  const ciphertext = publicEncrypt(
    { key: createPublicKey({ key: Buffer.from(key.publicKey, 'base64'), format: 'der', type: 'spki' }), padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(JSON.stringify({ idNumber: id })),
  ).toString('base64');
  return { keyId: key.keyId, ciphertext };
}

async function call(base, headers, method, p, body, extra = {}) {
  const res = await fetch(base + p, {
    method,
    headers: { ...asNextClient(headers), ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...extra },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${p}: ${res.status} ${text.slice(0, 300)}`);
  return text ? JSON.parse(text) : undefined;
}

/** The in-stock offers of up to `count` pharmacies that have products (a page each). */
async function offersByPharmacy(base, headers, count) {
  const slugs = [];
  for (let page = 1; slugs.length < count && page <= 20; page++) {
    const { pharms } = await call(base, headers, 'GET', `/api/pharms?hasPharmProducts=1&page=${page}`);
    if (!pharms.length) break;
    slugs.push(...pharms.map((p) => p.slug));
  }
  const lists = await mapLimited(slugs.slice(0, count), 4, async (slug) => {
    const { pharmProducts } = await call(base, headers, 'GET', `/api/pharms/${slug}/products?inStock=1`);
    return { slug, offers: pharmProducts.filter((o) => o.inStock && o.published).map((o) => o.pharmProductId) };
  });
  return lists.filter((l) => l.offers.length >= 2);
}

/** Signs in `count` volume patients and gives each a server cart, its selections and its order form. */
async function prepareCheckout({ base, headers, count = 400, log = () => undefined }) {
  if (count > FREQUENT_USERS) throw new Error(`at most ${FREQUENT_USERS} bench users (the volume patients with many orders)`);
  const rand = seededRandom(14);
  const pharms = await offersByPharmacy(base, headers, 200); // all of them: orders lower stock, spread thin it lasts the run
  if (pharms.length < 2) throw new Error('fewer than two pharmacies with offers');
  const key = await call(base, headers, 'GET', '/api/checkout/public-key');

  let started = Date.now();
  const network = 16 + (Math.floor(Date.now() / 60_000) % 200); // a network of its own for each run (the limit's window is 15 minutes)
  const users = await mapLimited(Array.from({ length: count }, (_, n) => n), 8, async (n) => {
    const forwarded = `10.${network}.${Math.floor(n / 40) >> 8}.${Math.floor(n / 40) & 255}`;
    const { jwt } = await call(base, headers, 'POST', '/api/auth/signin', { email: volumeEmail(n), password: VOLUME_PASSWORD }, { 'x-forwarded-for': forwarded });
    return { n, jwt };
  });
  log(`${count} patients signed in in ${Date.now() - started} ms`);

  started = Date.now();
  for (const user of users) {
    const a = pick(rand, pharms);
    let b = pick(rand, pharms);
    while (b === a) b = pick(rand, pharms);
    const lines = 1 + Math.floor(rand() * 4);
    const cartItems = [];
    for (let i = 0; i < lines; i++) {
      const from = i % 2 === 0 || lines === 1 ? a : b;
      const id = pick(rand, from.offers);
      if (!cartItems.some((c) => c.pharmProductId === id)) cartItems.push({ pharmProductId: id, amount: 1 + Math.floor(rand() * 2) });
    }
    const [address, houseNumber] = pick(rand, ADDRESSES);
    const pharmSlugs = lines > 1 ? [a.slug, b.slug] : [a.slug];
    Object.assign(user, {
      cartItems,
      pharmSlugs,
      wantsPickup: pharmSlugs.filter(() => rand() < 0.5),
      shippingAddress: { address, houseNumber, floor: Math.floor(rand() * 8), apartment: 1 + Math.floor(rand() * 20) },
      form: {
        firstName: pick(rand, FIRST_NAMES), lastName: pick(rand, LAST_NAMES), phone: `050-${String(1_000_000 + user.n).padStart(7, '0')}`,
        email: volumeEmail(user.n), agreeTOU: true, agreeDisclaimer: true, encryptedPii: encrypt(key, idNumber(user.n)),
      },
    });
  }
  // Each cart stored, then quoted once: a pharmacy the address or the cart cannot be shipped from is picked up.
  await mapLimited(users, 8, async (user) => {
    const auth = { authorization: `Bearer ${user.jwt}` };
    await call(base, headers, 'PUT', '/api/cart', { cartItems: user.cartItems }, auth);
    const quote = await call(base, headers, 'POST', '/api/checkout/quote',
      { selectedPickup: user.wantsPickup, shippingAddress: user.shippingAddress }, auth);
    const rejected = quote.pharmsQuotes.filter((q) => q.shipping.status !== 'matched').map((q) => q.pharmSlug);
    const pickup = [...new Set([...user.wantsPickup, ...rejected])].filter((s) => user.pharmSlugs.includes(s));
    user.quote = pickup.length === user.pharmSlugs.length ? { selectedPickup: pickup } : { selectedPickup: pickup, shippingAddress: user.shippingAddress };
    delete user.wantsPickup;
  });
  const delivered = users.reduce((sum, u) => sum + u.pharmSlugs.length - u.quote.selectedPickup.length, 0);
  const orders = users.reduce((sum, u) => sum + u.pharmSlugs.length, 0);
  log(`carts stored and quoted in ${Date.now() - started} ms: ${orders} pharmacy orders a round, ${delivered} delivered, ${orders - delivered} picked up`);
  return { users };
}

module.exports = { prepareCheckout, idNumber, encrypt };

if (require.main === module) {
  const config = require('./scenarios.json');
  const out = process.argv[2] || 'artifacts/bench-checkout.json';
  prepareCheckout({
    base: process.env.BENCH_URL || 'http://127.0.0.1:8080', headers: config.headers,
    count: Number(process.env.BENCH_USERS || config.checkout.users), log: (line) => console.error(`[checkout] ${line}`),
  }).then((fixture) => {
    fs.mkdirSync(path.dirname(out), { recursive: true });
    fs.writeFileSync(out, JSON.stringify(fixture));
    console.error(`[checkout] written to ${out}`);
  }).catch((err) => { console.error(err); process.exit(1); });
}
