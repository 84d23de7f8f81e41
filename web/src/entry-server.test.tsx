// @vitest-environment node
import { Messages } from '@mc/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryHistory } from '@tanstack/react-router';
import { renderPage, setApiTransport, type ServerPage } from './entry-server';
import { createQueryClient } from './kit/queries/query-client';
import { landingAnswers } from './landing.test-data';
import { createAppRouter } from './router';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The API as the gateway answers the server render: the layout, an empty product list, 404 for anything else. */
function stubApi() {
  const api = vi.fn(async (input: string | URL | Request) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === '/api/layout') return json({ latestProducts: [], footerLinks: [] });
    if (url.pathname === '/api/products') return json({ products: [], filtersData: {}, total: 0, perPage: 24, currentPage: 1 });
    if (url.pathname === '/api/tags/sativa') {
      return json({ tag: { slug: 'sativa', name: 'סאטיבה', title: null, seoTitle: null, seoDescription: null }, products: [], pharms: [], total: 0, perPage: 24, pharmsTotal: 0 });
    }
    return json({ statusCode: 404, code: 'NOT_FOUND', message: Messages.productNotFound }, 404);
  });
  setApiTransport(api as typeof fetch);
  return api;
}

const keys = (page: ServerPage) => page.state.queries.map((query) => query.queryKey);

describe('the server render', () => {
  afterEach(() => setApiTransport(fetch));

  it("draws a landing page with the data its route's loader loaded, then the footer's", async () => {
    stubApi();
    const page = (await renderPage('/')) as ServerPage;
    expect(page.status).toBe(200);
    expect(page.html).toContain('id="home-title"');
    expect(keys(page)).toEqual([['products', 'list', 'page=1&sortBy=popular&inStock=1'], ['layout']]);
  });

  it('sends the answers in the order the loader asked for them: the main data first', async () => {
    stubApi();
    const queryClient = createQueryClient();
    queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, gcTime: Infinity } });
    await createAppRouter(queryClient, createMemoryHistory({ initialEntries: ['/products/no-such-product'] })).load();
    expect(queryClient.getQueryCache().getAll().map((query) => query.queryKey)).toEqual([
      ['products', 'detail', 'no-such-product'],
      ['products', 'related', 'no-such-product'],
      ['products', 'comparison', 'no-such-product', 'sortBy=price'],
    ]);
  });

  it("draws a product's page with the price history's box and the alert's section, their code loaded only in the browser (issue 31)", async () => {
    const api = stubApi();
    api.mockImplementation(async (input: string | URL | Request) => {
      const body = landingAnswers[new URL(String(input), 'http://localhost').pathname];
      return body ? json(body) : json({ statusCode: 404, code: 'NOT_FOUND', message: Messages.productNotFound }, 404);
    });
    const page = (await renderPage('/products/dr-green')) as ServerPage;
    expect(page.status).toBe(200);
    expect(page.html).toContain('id="price-history-title"');
    expect(page.html).toContain('class="price-chart-box skeleton"');
    expect(page.html).toContain('class="price-alert"');
    expect(api.mock.calls.map(([input]) => String(input))).not.toContainEqual(expect.stringContaining('price-history'));
  });

  it('answers 404 with the not-found page when the main data is not there', async () => {
    stubApi();
    const page = (await renderPage('/products/no-such-product')) as ServerPage;
    expect(page.status).toBe(404);
    expect(page.html).toContain(Messages.pageNotFound);
    expect(page.html).toContain(Messages.productNotFound);
  });

  it('answers 404 alone for a path the app has no page for, without asking the API', async () => {
    const api = stubApi();
    expect(await renderPage('/no-such-page')).toEqual({ status: 404 });
    expect(api).not.toHaveBeenCalled();
  });

  it('answers 404 alone for a tag that does not exist, and leaves a known tag to the browser', async () => {
    const api = stubApi();
    expect(await renderPage('/tags/no-such-tag')).toEqual({ status: 404 });
    expect(await renderPage('/tags/sativa')).toBeNull();
    expect(api.mock.calls.map(([input]) => new URL(String(input), 'http://localhost').pathname)).toEqual(['/api/tags/no-such-tag', '/api/tags/sativa']);
  });

  it("answers 404 alone for a pharmacy's product that does not exist or whose id is not a number", async () => {
    const api = stubApi();
    expect(await renderPage('/pharms/layla-haifa/products/99999999')).toEqual({ status: 404 });
    expect(await renderPage('/pharms/layla-haifa/products/abc')).toEqual({ status: 404 });
    expect(api.mock.calls.map(([input]) => new URL(String(input), 'http://localhost').pathname)).toEqual(['/api/pharms/layla-haifa/products/99999999']);
  });

  it("draws the error page when the page's data failed: 503 'back soon' for an unavailable service, else 500 with the message prefixed SSR", async () => {
    const api = stubApi();
    api.mockImplementation(async (input) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname === '/api/layout') return json({ latestProducts: [], footerLinks: [] });
      if (url.pathname === '/api/pharms/down') return json({ statusCode: 503, code: 'UNAVAILABLE', message: Messages.serviceUnavailable }, 503);
      return json({ statusCode: 500, code: 'INTERNAL', message: Messages.internal }, 500);
    });
    const down = (await renderPage('/pharms/down')) as ServerPage;
    expect(down.status).toBe(503);
    expect(down.html).toContain('נחזור בקרוב');
    const failed = (await renderPage('/pharms/failing')) as ServerPage;
    expect(failed.status).toBe(500);
    expect(failed.html).toContain('משהו השתבש');
    expect(failed.html).toContain(`SSR: ${Messages.internal}`);
  });

  it("leaves the other pages to the browser, without running their loaders", async () => {
    const api = stubApi();
    expect(await renderPage('/faq')).toBeNull();
    expect(await renderPage('/user')).toBeNull();
    expect(await renderPage('/products?types=flower')).toBeNull();
    expect(api).not.toHaveBeenCalled();
  });
});
