import { AlertMessages, type PriceAlert } from '@mc/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { authDialog } from '../../../kit/auth/auth-dialog';
import { sessions } from '../../../kit/auth/session';
import { heAlerts } from '../../../kit/i18n/he-alerts';
import { resetGeolocationCache } from '../../../kit/lib/geolocation';
import { createQueryClient } from '../../../kit/queries/query-client';
import { PriceAlertSection } from './PriceAlertSection';

const text = heAlerts.form;
const b64 = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
const JWT = `${b64({ alg: 'ES256' })}.${b64({ sub: '7', typ: 'user', role: 'user', ver: 0 })}.sig`;
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const saved: PriceAlert = {
  id: 3, productSlug: 'dr-green-t20-c4', productName: 'דוקטור גרין', kind: 'price', below: 200, near: false, radiusKm: null, sms: true,
  createdAt: '2026-11-20T10:00:00Z', lowestNow: 219,
};

/** What the form posted (path and body), and what the API answers it. */
let posted: { path: string; body: unknown }[];
let answer: () => Response;
/** What `GET /api/user` answers (the saved addresses). */
let userInfo: unknown;
// The form's code loads on opening it: loaded once here, so the first test does not wait for its compilation.
beforeAll(async () => {
  await import('./AlertForm');
}, 30_000);
beforeEach(() => {
  posted = [];
  answer = () => json(saved);
  userInfo = {};
  resetGeolocationCache();
  vi.stubGlobal('fetch', vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    if (init?.method === 'POST') {
      posted.push({ path: url.pathname, body: JSON.parse(String(init.body)) });
      return answer();
    }
    return json(url.pathname === '/api/user' ? userInfo : {});
  }));
});
afterEach(() => {
  vi.unstubAllGlobals();
  authDialog.close();
  sessions.signOut();
});

function renderSection() {
  const root = createRootRoute({ component: () => <PriceAlertSection productSlug="dr-green-t20-c4" productName="דוקטור גרין" /> });
  const router = createRouter({ routeTree: root, history: createMemoryHistory({ initialEntries: ['/'] }) });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

/** Signed in, the form opened. */
async function openForm() {
  sessions.signIn({ jwt: JWT });
  renderSection();
  const open = await screen.findByRole('button', { name: new RegExp(text.open) });
  expect(open.getAttribute('aria-expanded')).toBe('false');
  fireEvent.click(open);
  expect(open.getAttribute('aria-expanded')).toBe('true');
  return screen.findByRole('button', { name: text.submit }, { timeout: 4000 });
}

describe('PriceAlertSection', () => {
  it('offers the way to sign in when signed out', async () => {
    renderSection();
    expect(await screen.findByText(text.signedOut)).toBeTruthy();
    expect(screen.queryByRole('button', { name: new RegExp(text.open) })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: text.signIn }));
    expect(authDialog.get()).toBe('signIn');
  });

  it('posts a price alert with its price in shekels and the text message, then says it was saved and links to the alerts', async () => {
    const submit = await openForm();
    expect((screen.getByRole('radio', { name: heAlerts.kinds.price }) as HTMLInputElement).checked).toBe(true);
    fireEvent.change(screen.getByRole('textbox', { name: text.below }), { target: { value: '199.9' } });
    fireEvent.click(screen.getByRole('checkbox', { name: text.sms }));
    fireEvent.click(submit);
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toEqual({ path: '/api/user/alerts', body: { productSlug: 'dr-green-t20-c4', kind: 'price', sms: true, below: 199.9 } });
    expect((await screen.findByRole('status')).textContent).toContain(AlertMessages.created);
    expect(screen.getByRole('link', { name: text.toMyAlerts }).getAttribute('href')).toBe('/user/alerts');
  });

  it('posts any drop without a price, and a stock alert without one', async () => {
    const submit = await openForm();
    fireEvent.click(submit);
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0].body).toEqual({ productSlug: 'dr-green-t20-c4', kind: 'price', sms: false });

    fireEvent.click(await screen.findByRole('button', { name: new RegExp(text.close) }));
    fireEvent.click(screen.getByRole('button', { name: new RegExp(text.open) }));
    fireEvent.click(await screen.findByRole('radio', { name: heAlerts.kinds.stock }));
    expect(screen.queryByRole('textbox', { name: text.below })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: text.submit }));
    await waitFor(() => expect(posted).toHaveLength(2));
    expect(posted[1].body).toEqual({ productSlug: 'dr-green-t20-c4', kind: 'stock', sms: false });
  });

  it('shows a wrong price by its field, checked as the API checks it, and sends nothing', async () => {
    const submit = await openForm();
    const below = screen.getByRole('textbox', { name: text.below });
    fireEvent.change(below, { target: { value: '0' } });
    fireEvent.click(submit);
    const error = await screen.findByText(AlertMessages.invalidBelow);
    expect(below.getAttribute('aria-invalid')).toBe('true');
    expect(below.getAttribute('aria-describedby')).toContain(error.id);
    expect(posted).toHaveLength(0);
  });

  it('shows the API’s 400 by its field, or on the form when it is about no field', async () => {
    answer = () => json({ statusCode: 400, code: 'BAD_REQUEST', message: AlertMessages.invalidBelow }, 400);
    const submit = await openForm();
    const below = screen.getByRole('textbox', { name: text.below });
    fireEvent.change(below, { target: { value: '150' } });
    fireEvent.click(submit);
    const error = await screen.findByText(AlertMessages.invalidBelow);
    expect(below.getAttribute('aria-describedby')).toContain(error.id);

    answer = () => json({ statusCode: 400, code: 'BAD_REQUEST', message: AlertMessages.tooMany }, 400);
    fireEvent.click(submit);
    expect((await screen.findByRole('alert')).textContent).toBe(AlertMessages.tooMany);
    expect(screen.queryByText(AlertMessages.invalidBelow)).toBeNull();
  });

  it('sends where the patient is, rounded, with the distance chosen', async () => {
    const getCurrentPosition = (ok: PositionCallback) => ok({ coords: { latitude: 32.08531, longitude: 34.78177 } } as GeolocationPosition);
    vi.stubGlobal('navigator', { geolocation: { getCurrentPosition } });
    const submit = await openForm();
    fireEvent.click(screen.getByRole('radio', { name: text.nearMe }));
    expect(await screen.findByText(text.located)).toBeTruthy();
    expect((screen.getByRole('radio', { name: text.km(10) }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: text.km(25) }));
    fireEvent.click(submit);
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0].body).toEqual({ productSlug: 'dr-green-t20-c4', kind: 'price', sms: false, lat: 32.085, lng: 34.782, radiusKm: 25 });
  });

  it('sends a saved address by its id, with the distance, for the service to place', async () => {
    userInfo = { user: {}, addresses: [{ id: 5, address: 'דיזנגוף, תל אביב-יפו', houseNumber: '50', floor: null, apartment: null, isDefault: true }] };
    const submit = await openForm();
    fireEvent.click(await screen.findByRole('radio', { name: text.nearAddress('דיזנגוף 50') }));
    fireEvent.click(screen.getByRole('radio', { name: text.km(5) }));
    fireEvent.click(submit);
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0].body).toEqual({ productSlug: 'dr-green-t20-c4', kind: 'price', sms: false, addressId: 5, radiusKm: 5 });
  });

  it('says why when the position cannot be had, and sends nothing near no place', async () => {
    const getCurrentPosition = (_: PositionCallback, fail: PositionErrorCallback) => fail({ code: 1 } as GeolocationPositionError);
    vi.stubGlobal('navigator', { geolocation: { getCurrentPosition } });
    const submit = await openForm();
    fireEvent.click(screen.getByRole('radio', { name: text.nearMe }));
    expect(await screen.findByText(text.locateFailed)).toBeTruthy();
    fireEvent.click(submit);
    expect(await screen.findByText(AlertMessages.invalidPlace)).toBeTruthy();
    expect(posted).toHaveLength(0);
  });
});
