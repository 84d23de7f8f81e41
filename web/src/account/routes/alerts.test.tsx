import { AlertMessages, type PriceAlert } from '@mc/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessions } from '../../kit/auth/session';
import { heAuth } from '../../kit/i18n/he';
import { heAlerts } from '../../kit/i18n/he-alerts';
import { renderRoutes } from '../../app/testing/render-routes';
import { alertUnsubscribeRoute, userAlertsRoute } from './alerts';

const b64 = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
const JWT = `${b64({ alg: 'ES256' })}.${b64({ sub: '7', typ: 'user', role: 'user', ver: 0 })}.sig`;
const TOKEN = '12.abcdefghijklmnopqrstuvwxyz_-0123456789';
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const alert = (id: number, fields: Partial<PriceAlert> = {}): PriceAlert => ({
  id, productSlug: `product-${id}`, productName: `מוצר ${id}`, kind: 'price', below: null, near: false, radiusKm: null, sms: false,
  createdAt: '2026-11-20T10:00:00Z', lowestNow: 219, ...fields,
});

/** The API as these pages meet it; `calls` lists what was asked (method and path). */
let calls: string[];
let alerts: PriceAlert[];
let unsubscribeAnswer: () => Response;
beforeEach(() => {
  calls = [];
  alerts = [];
  unsubscribeAnswer = () => json({ ok: true });
  vi.stubGlobal('fetch', vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    calls.push(`${method} ${url.pathname}`);
    if (url.pathname === '/api/user/alerts') return json({ alerts });
    const removed = /^\/api\/user\/alerts\/(\d+)$/.exec(url.pathname);
    if (removed && method === 'DELETE') {
      alerts = alerts.filter((a) => a.id !== Number(removed[1]));
      return json({ ok: true });
    }
    if (url.pathname === '/api/alerts/unsubscribe') return unsubscribeAnswer();
    if (url.pathname === '/api/user') {
      return json({ user: { firstName: 'דנה', lastName: 'כהן', email: 'dana@example.com', phone: null, subscribed: true, lastSignedAt: null, createdAt: '2026-01-01T00:00:00Z', authMethod: 'password' }, addresses: [] });
    }
    return json({ latestProducts: [], footerLinks: [], items: [], updatedAt: null });
  }));
});
afterEach(() => {
  vi.unstubAllGlobals();
  sessions.signOut();
});

const renderAt = (path: string) => renderRoutes([userAlertsRoute, alertUnsubscribeRoute], path, { placeholders: ['/', '/products', '/products/$productSlug'] });

describe('/user/alerts', () => {
  it('lists each alert with its product, kind, price, place, channels and the lowest price now', async () => {
    sessions.signIn({ jwt: JWT });
    alerts = [
      alert(1, { below: 200, near: true, radiusKm: 10, sms: true, lowestNow: 219.5 }),
      alert(2, { kind: 'stock', lowestNow: null }),
    ];
    renderAt('/user/alerts');
    expect(await screen.findByRole('heading', { level: 1, name: /ההתראות שלי/ }, { timeout: 4000 })).toBeTruthy();
    const first = screen.getByRole('article', { name: 'מוצר 1' });
    expect(within(first).getByRole('link', { name: 'מוצר 1' }).getAttribute('href')).toBe('/products/product-1');
    const facts = (item: HTMLElement) => within(item).getAllByRole('definition').map((dd) => dd.textContent);
    expect(facts(first)).toEqual(['ירידת מחיר', 'עד ₪200', 'עד 10 ק״מ מהמיקום שבחרת', 'דוא״ל ו-SMS', '₪219.50']);
    expect(facts(screen.getByRole('article', { name: 'מוצר 2' }))).toEqual(['חזרה למלאי', 'בכל בית מרקחת', 'דוא״ל', 'לא במלאי']);
  });

  it('removes an alert at a press, and says so', async () => {
    sessions.signIn({ jwt: JWT });
    alerts = [alert(1), alert(2, { below: 150 })];
    renderAt('/user/alerts');
    const second = await screen.findByRole('article', { name: 'מוצר 2' }, { timeout: 4000 });
    expect(within(screen.getByRole('article', { name: 'מוצר 1' })).getByText(heAlerts.list.anyDrop)).toBeTruthy();
    fireEvent.click(within(second).getByRole('button', { name: `${heAlerts.list.remove} ${heAlerts.list.removeOf('מוצר 2')}` }));
    expect(await screen.findByText(AlertMessages.removed)).toBeTruthy();
    expect(calls).toContain('DELETE /api/user/alerts/2');
    await waitFor(() => expect(screen.queryByRole('article', { name: 'מוצר 2' })).toBeNull());
    expect(screen.getByRole('article', { name: 'מוצר 1' })).toBeTruthy();
  });

  it('says there are none yet, and where they are made', async () => {
    sessions.signIn({ jwt: JWT });
    renderAt('/user/alerts');
    expect(await screen.findByText(heAlerts.list.empty, {}, { timeout: 4000 })).toBeTruthy();
    expect(screen.getByRole('link', { name: heAlerts.list.toProducts }).getAttribute('href')).toBe('/products');
  });

  it('is linked from the account menu, beside the favourites', async () => {
    sessions.signIn({ jwt: JWT });
    renderAt('/user/alerts');
    await screen.findByRole('heading', { level: 1, name: /ההתראות שלי/ }, { timeout: 4000 });
    fireEvent.click(screen.getByRole('button', { name: heAuth.accountMenu }));
    const lists = await screen.findByRole('region', { name: heAuth.personalArea });
    expect(within(lists).getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      [heAuth.favoritesTitle, '/user/favorites'],
      [heAuth.alertsLink, '/user/alerts'],
    ]);
  });

  it('goes home signed out', async () => {
    const router = renderAt('/user/alerts');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(calls).not.toContain('GET /api/user/alerts');
  });
});

describe('/alerts/unsubscribe', () => {
  it('sends the token only when the button is pressed, then says the alert was removed', async () => {
    const router = renderAt(`/alerts/unsubscribe?token=${TOKEN}`);
    const button = await screen.findByRole('button', { name: heAlerts.unsubscribe.action }, { timeout: 4000 });
    // Opening the link (a mail scanner does) removes nothing; the token leaves the address bar.
    await waitFor(() => expect(router.state.location.search).toEqual({}));
    expect(calls.filter((c) => c.includes('/alerts/unsubscribe'))).toEqual([]);
    fireEvent.click(button);
    expect((await screen.findByText(AlertMessages.removed)).closest('[role="status"]')).toBeTruthy();
    const posts = (vi.mocked(fetch).mock.calls as [string, RequestInit][]).filter(([url]) => String(url).endsWith('/api/alerts/unsubscribe'));
    expect(posts).toHaveLength(1);
    expect(posts[0][1].method).toBe('POST');
    expect(JSON.parse(String(posts[0][1].body))).toEqual({ token: TOKEN });
  });

  it('shows the API’s word for a refused link', async () => {
    unsubscribeAnswer = () => json({ statusCode: 403, code: 'FORBIDDEN', message: AlertMessages.invalidLink }, 403);
    renderAt(`/alerts/unsubscribe?token=${TOKEN}`);
    fireEvent.click(await screen.findByRole('button', { name: heAlerts.unsubscribe.action }, { timeout: 4000 }));
    expect((await screen.findByRole('alert')).textContent).toBe(AlertMessages.invalidLink);
    expect(screen.queryByRole('button', { name: heAlerts.unsubscribe.action })).toBeNull();
  });

  it('says a link without a valid token is not valid, and sends nothing', async () => {
    renderAt('/alerts/unsubscribe?token=nonsense');
    expect((await screen.findByRole('alert', {}, { timeout: 4000 })).textContent).toBe(AlertMessages.invalidLink);
    expect(screen.queryByRole('button', { name: heAlerts.unsubscribe.action })).toBeNull();
    expect(calls.filter((c) => c.includes('/alerts/unsubscribe'))).toEqual([]);
  });
});
