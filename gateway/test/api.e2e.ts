import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Messages, SERVICES } from '@mc/contracts';
import { waitFor } from '@mc/kit/testing';
import { api, gatewayUrl } from './http';

/** The query answers a server-drawn page carries for the browser. */
const serverState = (html: string) => JSON.parse(html.match(/<script id="mc-query-state" type="application\/json">(.*?)<\/script>/s)![1]);

describe('GET /api/products/{slug}', () => {
  it('answers the seeded product with its Hebrew name', async () => {
    const res = await api('/api/products/dr-green-t20-c4');
    expect(res.status).toBe(200);
    expect(res.body.product).toMatchObject({ slug: 'dr-green-t20-c4', name: 'דוקטור גרין T20/C4', info: { hebName: 'דוקטור גרין' } });
    expect(res.body.tags).toEqual(expect.arrayContaining([{ name: 'סאטיבה', slug: 'sativa' }]));
  });

  it('answers 404 with a Hebrew message for an unknown slug', async () => {
    const res = await api('/api/products/no-such-product');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ statusCode: 404, code: 'NOT_FOUND', message: Messages.productNotFound });
  });

  it('answers 400, not 500, for a malformed slug', async () => {
    const res = await api('/api/products/Not%20A%20Slug');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ statusCode: 400, message: Messages.invalidUrl });
  });

  it("carries the caller's correlation id, a UUID, to the service and back", async () => {
    const correlationId = randomUUID();
    // A search nobody made before, so the gateway's short read cache cannot answer it.
    const res = await api(`/api/search?term=${correlationId}`, { headers: { 'x-correlation-id': correlationId } });
    expect(res.headers.get('x-correlation-id')).toBe(correlationId);
    const catalogLog = join(__dirname, '../../artifacts/logs/e2e/catalog.log');
    const line = await waitFor(`catalog's log line of ${correlationId}`, () => readFileSync(catalogLog, 'utf8').split('\n').find((l) => l.includes(correlationId)), { timeoutMs: 5000 });
    expect(JSON.parse(line!)).toMatchObject({ correlationId, subject: 'catalog.search.suggest', outcome: 'ok' });
  });

  it('makes a new correlation id for a caller\'s that is not a UUID', async () => {
    for (const sent of [`e2e-${Date.now()}`, `${randomUUID()} and more`]) {
      const res = await api(`/api/search?term=corr${Date.now()}`, { headers: { 'x-correlation-id': sent } });
      expect(res.status).toBe(200);
      expect(res.headers.get('x-correlation-id')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(res.headers.get('x-correlation-id')).not.toBe(sent);
    }
  });
});

describe('client headers', () => {
  it('answers 401 for a missing or wrong api key', async () => {
    for (const key of ['', 'wrong-key-123']) {
      const res = await api('/api/products/dr-green-t20-c4', { headers: { 'x-api-key': key } });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ statusCode: 401, code: 'UNAUTHORIZED', message: Messages.unauthorized });
    }
  });

  it('answers 400 without the app id or version', async () => {
    expect((await api('/api/products/dr-green-t20-c4', { headers: { 'x-app-id': '' } })).status).toBe(400);
    expect((await api('/api/products/dr-green-t20-c4', { headers: { 'x-app-version': '' } })).status).toBe(400);
  });
});

describe('site', () => {
  it('reports every service up at /api/health, without client headers', async () => {
    const res = await fetch(`${gatewayUrl()}/api/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok', services: Object.fromEntries(SERVICES.map((s) => [s, 'up'])) });
  });

  it('serves OpenAPI at /api/docs', async () => {
    expect((await fetch(`${gatewayUrl()}/api/docs`)).status).toBe(200);
    const doc = (await (await fetch(`${gatewayUrl()}/api/docs/json`)).json()) as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/products/{slug}', '/api/health']));
  });

  it('documents the request body of every POST, PUT and PATCH that takes one, with its fields', async () => {
    type Schema = { $ref?: string; properties?: Record<string, unknown>; required?: string[] };
    type Operation = { requestBody?: { content?: Record<string, { schema?: Schema }> } };
    const doc = (await (await fetch(`${gatewayUrl()}/api/docs/json`)).json()) as { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, Schema> } };
    const fieldsOf = (op: Operation): string[] => {
      // The document uploads take multipart, described in place by their files; a partner's feed is a CSV file.
      const multipart = op.requestBody?.content?.['multipart/form-data']?.schema?.properties;
      if (multipart) return Object.keys(multipart);
      if (op.requestBody?.content?.['text/csv']?.schema) return ['(the file)'];
      const ref = op.requestBody?.content?.['application/json']?.schema?.$ref ?? '';
      return Object.keys(doc.components.schemas[ref.split('/').pop()!]?.properties ?? {});
    };
    const operations = Object.entries(doc.paths).flatMap(([path, item]) => (['post', 'put', 'patch'] as const).flatMap((m) => (item[m] ? [{ route: `${m} ${path}`, op: item[m] }] : [])));
    expect(operations.length).toBeGreaterThan(15);
    // The routes without a body: the token and the path say it all.
    const undocumented = operations.filter(({ op }) => fieldsOf(op).length === 0).map(({ route }) => route);
    expect(undocumented.sort()).toEqual([
      'post /api/auth/refresh', 'post /api/auth/signout', 'post /api/business/{businessId}/orders/{orderId}/id-number',
      'post /api/business/{businessId}/products/{id}/bump', 'post /api/business/{businessId}/products/{id}/confirm',
      'post /api/businesses/{businessId}/access', 'post /api/manage/users/{id}/block',
      'post /api/manage/users/{id}/resend-activation', 'post /api/manage/users/{id}/unblock',
    ]);
    expect(doc.components.schemas.SignUpDto.required).toEqual(expect.arrayContaining(['email', 'password', 'agreeTOU']));
  });

  it('serves the web app for pages and the version file beside it', async () => {
    const page = await fetch(`${gatewayUrl()}/products/dr-green-t20-c4`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<html dir="rtl" lang="he">');
    const meta = await (await fetch(`${gatewayUrl()}/meta.json`)).json();
    expect(meta).toEqual(expect.objectContaining({ version: expect.any(String), build: expect.any(String) }));
  });

  it('compresses API answers and the web build, and caches hashed assets for a year', async () => {
    const list = await api('/api/products', { headers: { 'accept-encoding': 'br, gzip' } });
    expect(list.headers.get('content-encoding')).toBe('br');
    expect(list.body.products.length).toBeGreaterThan(0);
    const html = await (await fetch(`${gatewayUrl()}/`)).text();
    // The start script names the app's modules.
    const script = html.match(/"(\/assets\/[^"]+\.js)"/)![1];
    const asset = await fetch(`${gatewayUrl()}${script}`, { headers: { 'accept-encoding': 'gzip' } });
    expect(asset.headers.get('content-encoding')).toBe('gzip');
    expect(asset.headers.get('cache-control')).toContain('immutable');
  });

  it('draws the landing pages on the server, with the answers they were drawn from, compressed', async () => {
    const res = await fetch(`${gatewayUrl()}/products/dr-green-t20-c4`, { headers: { 'accept-encoding': 'br' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('br');
    const html = await res.text();
    const product = (await api('/api/products/dr-green-t20-c4')).body.product;
    expect(html).toMatch(new RegExp(`<div id="root">.*<h1[^>]*>${product.info.hebName}</h1>`, 's'));
    // React's preload of the product's image goes to <head>, before the app's scripts.
    expect(html.indexOf('rel="preload" as="image"')).toBeLessThan(html.indexOf('</head>'));
    const state = serverState(html);
    // The product, its comparison by price, the related products and the footer's links.
    expect(state.queries.map((q: { queryKey: unknown[] }) => q.queryKey)).toEqual([
      ['products', 'detail', 'dr-green-t20-c4'],
      ['products', 'related', 'dr-green-t20-c4'],
      ['products', 'comparison', 'dr-green-t20-c4', 'sortBy=price'],
      ['layout'],
    ]);
    expect(state.queries[0].state.data.product.slug).toBe('dr-green-t20-c4');
    // Of the comparison, only the offers the first screen draws (10; the browser asks for the rest), and how many there are when cut.
    const comparison = state.queries[2].state.data;
    const { offers } = (await api('/api/products/dr-green-t20-c4/pharm-products?sortBy=price')).body;
    expect(offers.length).toBeGreaterThan(0);
    expect(comparison.product.slug).toBe('dr-green-t20-c4');
    expect(comparison.offers).toEqual(offers.slice(0, 10));
    expect(comparison.offerCount).toBe(offers.length > 10 ? offers.length : undefined);
    expect(html).toContain(`href="/pharms/${offers[0].pharm.slug}/products/${offers[0].id}"`);

    for (const path of ['/', '/pharms/merkaz-tel-aviv', '/pharms/merkaz-tel-aviv/embed']) {
      const page = await (await fetch(`${gatewayUrl()}${path}`)).text();
      expect(page).toContain('<script id="mc-query-state"');
      expect(page).not.toContain('<div id="root"></div>');
    }
  });

  it("draws a pharmacy's product list on the server as the browser will (not as being fetched again)", async () => {
    const html = await (await fetch(`${gatewayUrl()}/pharms/merkaz-tel-aviv?sortBy=price`)).text();
    const keys = serverState(html).queries.map((q: { queryKey: unknown[] }) => q.queryKey);
    expect(keys).toContainEqual(['pharms', 'products', 'merkaz-tel-aviv', expect.stringContaining('sortBy=price')]);
    expect(html).toMatch(/<div class="list-main" aria-busy="false">.*class="card-list/s);
  });

  it('answers a landing page whose product does not exist with 404 (the app then shows its not-found page)', async () => {
    const res = await fetch(`${gatewayUrl()}/products/no-such-product`);
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('<html dir="rtl" lang="he">');
  });

  it('answers a tag page whose tag does not exist with 404, like an unknown product (the app draws the not-found page)', async () => {
    const missing = await fetch(`${gatewayUrl()}/tags/no-such-tag`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('<html dir="rtl" lang="he">');
    const known = await fetch(`${gatewayUrl()}/tags/sativa`);
    expect(known.status).toBe(200);
    expect(await known.text()).toContain('<div id="root"></div>');
  });

  it('sends other pages as the bare app, which draws them in the browser', async () => {
    const res = await fetch(`${gatewayUrl()}/faq`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<div id="root"></div>');
    expect(html).not.toContain('mc-query-state');
  });

  it('answers a missing file of the build with 404, not the web app', async () => {
    expect((await fetch(`${gatewayUrl()}/assets/no-such-file.js`)).status).toBe(404);
  });

  it('answers an unknown API path with JSON 404, not the web app', async () => {
    const res = await api('/api/no-such-thing');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
  });

  it('redirects a path starting with // to its single-slash form', async () => {
    const res = await fetch(`${gatewayUrl()}//products/dr-green-t20-c4?x=1`, { redirect: 'manual' });
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe('/products/dr-green-t20-c4?x=1');
  });
});
