import { Messages } from '@mc/contracts';
import { onlineManager } from '@tanstack/react-query';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pharmProductRoute } from '../../storefront/routes/pharm-product';
import { renderRoutes } from '../../app/testing/render-routes';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let productAnswer: () => Promise<Response>;
let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  fetchMock = vi.fn(async (input: string | URL | Request) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === '/api/analytics') return new Response(null, { status: 204 });
    if (url.pathname.startsWith('/api/pharms/')) return productAnswer();
    return json({ latestProducts: [], footerLinks: [] });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  onlineManager.setOnline(true);
});

/** A public page (a pharmacy's product) whose data answers as `productAnswer` does. */
function renderProductPage(path = '/pharms/a/products/5') {
  renderRoutes([pharmProductRoute], path);
}

const analyticsEvents = () =>
  fetchMock.mock.calls.filter(([input]) => String(input) === '/api/analytics').map(([, init]) => JSON.parse(String((init as RequestInit).body)).event);

describe('the generic error page on the public pages', () => {
  it.each([502, 503, 521])("answers %i with 'back soon, we are upgrading' and a reload button", async (status) => {
    productAnswer = async () => json({ statusCode: status, code: 'UNAVAILABLE', message: Messages.serviceUnavailable }, status);
    renderProductPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'נחזור בקרוב' }, { timeout: 4000 })).toBeTruthy();
    expect(screen.getByText('אנחנו משדרגים את האתר ונחזור לפעילות בעוד מספר רגעים.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'רענון העמוד' })).toBeTruthy();
    expect(screen.queryByText(/^Client:/)).toBeNull();
    await waitFor(() => expect(analyticsEvents()).toEqual(['error_page']));
  });

  it("says 'you are offline' when the request never left the browser", async () => {
    vi.stubGlobal('navigator', { ...navigator, onLine: false });
    onlineManager.setOnline(false);
    productAnswer = () => Promise.reject(new TypeError('Failed to fetch'));
    renderProductPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'אין חיבור לאינטרנט' }, { timeout: 4000 })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'רענון העמוד' })).toBeTruthy();
  });

  it("shows any other error's message prefixed 'Client', a reload button and the contact form", async () => {
    productAnswer = async () => json({ statusCode: 500, code: 'INTERNAL', message: Messages.internal }, 500);
    renderProductPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'משהו השתבש' }, { timeout: 4000 })).toBeTruthy();
    expect(screen.getByText(`Client: ${Messages.internal}`)).toBeTruthy();
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    fireEvent.click(screen.getByRole('button', { name: 'רענון העמוד' }));
    expect(reload).toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'צרו קשר' })).toBeTruthy();
    await waitFor(() => expect(analyticsEvents()).toEqual(['error_page']));
  });

  it('counts a not-found page in the analytics', async () => {
    productAnswer = async () => json({ statusCode: 404, code: 'NOT_FOUND', message: Messages.productNotFound }, 404);
    renderProductPage();
    expect(await screen.findByRole('heading', { level: 1, name: Messages.pageNotFound }, { timeout: 4000 })).toBeTruthy();
    await waitFor(() => expect(analyticsEvents()).toEqual(['not_found_page']));
  });
});
