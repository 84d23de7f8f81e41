import { DOCUMENT_KINDS, Messages, type CustomerOrder, type OrdersBatch, type UserOrdersResponse } from '@mc/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authDialog } from '../../kit/auth/auth-dialog';
import { sessions } from '../../kit/auth/session';
import { customerOrder } from '../components/order-fixtures.test-data';
import { LAST_ORDER_BATCH_KEY, ordersKeys } from '../../kit/queries/orders';
import { orderCompletedRoute, userOrdersRoute } from './account-orders';
import { userRoute } from './account';
import { renderRoutes } from '../../app/testing/render-routes';

const b64 = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
const JWT = `${b64({ alg: 'ES256' })}.${b64({ sub: '7', typ: 'user', role: 'user', ver: 0 })}.sig`;
const UID = '5b0c3a4e-8f7d-4c1e-9a2b-3c4d5e6f7a8b';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The API as these pages meet it; `calls` lists what was asked (method, path and query). */
let calls: string[];
let orders: CustomerOrder[];
let batchAnswer: () => Response;
beforeEach(() => {
  calls = [];
  orders = [];
  batchAnswer = () => json({ uid: UID, createdAt: '2026-11-20T10:05:00Z', orders: [] } satisfies OrdersBatch);
  vi.stubGlobal('fetch', vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    calls.push(`${init?.method ?? 'GET'} ${url.pathname}${url.search}`);
    if (url.pathname === `/api/orders/batches/${UID}`) return batchAnswer();
    if (url.pathname === '/api/user/orders') {
      const search = url.searchParams.get('search') ?? '';
      const page = Number(url.searchParams.get('page') ?? 1);
      const one = url.searchParams.get('order');
      const found = orders.filter((o) => (!search || String(o.id) === search || o.pharm.name.includes(search)) && (!one || String(o.id) === one));
      const body: UserOrdersResponse = { orders: found.slice((page - 1) * 20, page * 20), total: found.length, perPage: 20, currentPage: page };
      return json(body);
    }
    if (/^\/api\/user\/orders\/\d+\/documents$/.test(url.pathname)) return new Response(null, { status: 204 });
    if (url.pathname === '/api/user/favorites') {
      return json({ favorites: [{ productSlug: 'dr-green-t20-c4', product: { name: 'ד״ר גרין T20/C4', slug: 'dr-green-t20-c4' } }] });
    }
    if (url.pathname === '/api/user') {
      return json({ user: { firstName: 'דנה', lastName: 'כהן', email: 'dana@example.com', phone: null, subscribed: true, lastSignedAt: null, createdAt: '2026-01-01T00:00:00Z', authMethod: 'password' }, addresses: [] });
    }
    return json({ latestProducts: [], footerLinks: [], items: [], updatedAt: null });
  }));
  sessions.signIn({ jwt: JWT });
});
afterEach(() => {
  authDialog.close();
  vi.unstubAllGlobals();
  sessionStorage.clear();
  sessions.signOut();
});

function renderAt(path: string) {
  return renderRoutes([orderCompletedRoute, userOrdersRoute, userRoute], path, { placeholders: ['/', '/cart', '/products'] });
}

describe('/order/completed', () => {
  it('goes to /cart when this tab placed no order', async () => {
    const router = renderAt('/order/completed');
    await waitFor(() => expect(router.state.location.pathname).toBe('/cart'));
    expect(calls.some((c) => c.includes('/orders/batches'))).toBe(false);
  });

  it('goes home when signed out', async () => {
    sessions.signOut();
    sessionStorage.setItem(LAST_ORDER_BATCH_KEY, UID);
    const router = renderAt('/order/completed');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('shows the batch its address names, without this tab’s storage (a reload after the phone dropped the tab, a message’s link)', async () => {
    batchAnswer = () => json({ uid: UID, createdAt: '2026-11-20T10:05:00Z', orders: [customerOrder(101)] } satisfies OrdersBatch);
    renderAt(`/order/completed?batch=${UID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'ההזמנה התקבלה' }, { timeout: 4000 })).toBeTruthy();
    expect(calls).toContain(`GET /api/orders/batches/${UID}`);
    // The upload says plainly that it is optional and takes all three documents.
    expect(screen.getByText(/שליחת המסמכים אינה חובה\. מי ששולח אותם שולח את שלושתם יחד/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'שליחת המסמכים' })).toBeTruthy();
  });

  it('goes to /cart when the batch is not this user’s', async () => {
    sessionStorage.setItem(LAST_ORDER_BATCH_KEY, UID);
    batchAnswer = () => json({ statusCode: 404, code: 'NOT_FOUND', message: 'not found' }, 404);
    const router = renderAt('/order/completed');
    await waitFor(() => expect(router.state.location.pathname).toBe('/cart'));
    expect(sessionStorage.getItem(LAST_ORDER_BATCH_KEY)).toBeNull();
  });

  it('shows each pharmacy’s order, that the pharmacy still has to confirm it, and the documents upload for the batch', async () => {
    sessionStorage.setItem(LAST_ORDER_BATCH_KEY, UID);
    batchAnswer = () => json({
      uid: UID,
      createdAt: '2026-11-20T10:05:00Z',
      orders: [
        customerOrder(101),
        customerOrder(102, { pickup: false, address: { address: 'שדרות רוטשילד, תל אביב', houseNumber: '5', floor: 2, apartment: 7 }, shippingCostTotalPrice: 30, totalPrice: 330, discounts: [] }),
      ],
    } satisfies OrdersBatch);
    renderAt('/order/completed');
    expect(await screen.findByRole('heading', { level: 1, name: 'ההזמנה התקבלה' }, { timeout: 4000 })).toBeTruthy();
    expect(screen.getByRole('note').textContent).toContain('בית המרקחת יבדוק אותה ויאשר אותה');
    const first = screen.getByRole('article', { name: 'הזמנה מספר 101' });
    expect(within(first).getByRole('heading', { name: 'בית מרקחת 101' })).toBeTruthy();
    expect(within(first).getByText('הרצל 1, חיפה')).toBeTruthy();
    expect(within(first).getByRole('link', { name: '03-5551234' }).getAttribute('href')).toBe('tel:035551234');
    expect(within(first).getByText('איסוף עצמי מבית המרקחת')).toBeTruthy();
    expect(within(first).getByText('חדשה')).toBeTruthy();
    expect(within(first).getByRole('rowheader', { name: 'אלסקה T20/C4' })).toBeTruthy();
    expect(within(first).getByText('הנחת הצטרפות', { exact: false })).toBeTruthy();
    const second = screen.getByRole('article', { name: 'הזמנה מספר 102' });
    expect(within(second).getByText('משלוח לכתובת: שדרות רוטשילד 5, תל אביב, קומה 2, דירה 7')).toBeTruthy();
    expect(within(second).getByText('₪30')).toBeTruthy();
    expect(screen.getByText('₪630')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'צירוף מסמכים (לא חובה)' })).toBeTruthy();
    for (const label of ['תעודת זהות', 'רישיון קנאביס', 'מרשם בתוקף']) expect(screen.getByLabelText(label)).toBeTruthy();
  });

  it('forgets the batch and its answer when the user signs out', async () => {
    sessionStorage.setItem(LAST_ORDER_BATCH_KEY, UID);
    batchAnswer = () => json({ uid: UID, createdAt: '2026-11-20T10:05:00Z', orders: [customerOrder(101)] } satisfies OrdersBatch);
    const router = renderAt('/order/completed');
    await screen.findByRole('heading', { level: 1, name: 'ההזמנה התקבלה' }, { timeout: 4000 });
    const { queryClient } = router.options.context;
    expect(queryClient.getQueryData(ordersKeys.batch('7', UID))).toBeTruthy();
    act(() => sessions.signOut());
    expect(sessionStorage.getItem(LAST_ORDER_BATCH_KEY)).toBeNull();
    expect(queryClient.getQueriesData({ queryKey: ordersKeys.all('7') })).toEqual([]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(screen.queryByText('בית מרקחת 101')).toBeNull();
  });
});

describe('/user/orders', () => {
  const rowOf = (id: number) => screen.getByRole('rowheader', { name: String(id) }).closest('tr') as HTMLElement;

  beforeEach(() => {
    orders = [
      customerOrder(1, { status: 'new' }),
      customerOrder(2, { status: 'open' }),
      customerOrder(3, { status: 'pending', documents: 'failed' }),
      customerOrder(4, { status: 'open', documents: 'delivered', identification: { idDocument: true, licenseDocument: true, prescriptionDocument: true } }),
      customerOrder(5, { status: 'complete' }),
      customerOrder(6, { status: 'pending', documents: 'sending' }),
    ];
  });

  it('lists the orders, and offers documents only for open or pending orders without them', async () => {
    renderAt('/user/orders');
    expect(await screen.findByRole('rowheader', { name: '1' }, { timeout: 4000 })).toBeTruthy();
    expect(screen.getByText('6 הזמנות')).toBeTruthy();
    const row = within(rowOf(2));
    expect(row.getByText('בית מרקחת 2')).toBeTruthy();
    expect(row.getByText('20/11/2026 12:05')).toBeTruthy();
    expect(row.getByText('₪300')).toBeTruthy();
    expect(row.getByText('פתוחה')).toBeTruthy();
    expect(row.getByText('לא צורפו')).toBeTruthy();
    const attachable = orders.filter((o) => screen.queryByRole('button', { name: `צירוף מסמכים להזמנה ${o.id}` })).map((o) => o.id);
    expect(attachable).toEqual([2, 3]);
    expect(within(rowOf(4)).getByText('נשלחו לבית המרקחת')).toBeTruthy();
  });

  it('searches after a pause in typing', async () => {
    const router = renderAt('/user/orders');
    await screen.findByRole('rowheader', { name: '1' }, { timeout: 4000 });
    fireEvent.change(screen.getByRole('searchbox', { name: 'חיפוש הזמנה' }), { target: { value: 'בית מרקחת 3' } });
    await waitFor(() => expect(router.state.location.search).toEqual({ search: 'בית מרקחת 3' }), { timeout: 2000 });
    await waitFor(() => expect(screen.queryByRole('rowheader', { name: '1' })).toBeNull());
    expect(screen.getByRole('rowheader', { name: '3' })).toBeTruthy();
    expect(calls).toContain(`GET /api/user/orders?search=${encodeURIComponent('בית מרקחת 3').replace(/%20/g, '+')}`);
    fireEvent.change(screen.getByRole('searchbox', { name: 'חיפוש הזמנה' }), { target: { value: 'nothing' } });
    expect(await screen.findByText('לא נמצאו הזמנות עבור "nothing".', undefined, { timeout: 2000 })).toBeTruthy();
  });

  it('shows an order in a dialog', async () => {
    renderAt('/user/orders');
    fireEvent.click(await screen.findByRole('button', { name: 'צפייה בהזמנה 2' }, { timeout: 4000 }));
    const dialog = await screen.findByRole('dialog', { name: 'הזמנה מספר 2' });
    expect(within(dialog).getByRole('rowheader', { name: 'אלסקה T20/C4' })).toBeTruthy();
    expect(within(dialog).getByText('איסוף עצמי מבית המרקחת')).toBeTruthy();
    expect(within(dialog).getByText('₪400')).toBeTruthy(); // before discounts
    // What the status means for this pickup order, with the pharmacy's phone.
    expect(within(dialog).getByText(/עדיין אין להגיע לאיסוף.*טלפון בית המרקחת: 03-5551234/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'סגירה' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('opens the order a link names (?order=), also one that is not on the first page', async () => {
    orders.push(...Array.from({ length: 30 }, (_, i) => customerOrder(100 + i)));
    renderAt('/user/orders?order=5');
    const listed = await screen.findByRole('dialog', { name: 'הזמנה מספר 5' }, { timeout: 4000 });
    expect(await within(listed).findByText(/אפשר להגיע לאסוף אותה/)).toBeTruthy();
    fireEvent.click(within(listed).getByRole('button', { name: 'סגירה' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const router = renderAt('/user/orders?order=129');
    expect(await screen.findByRole('dialog', { name: 'הזמנה מספר 129' }, { timeout: 4000 })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'בית מרקחת 129' })).toBeTruthy();
    expect(calls).toContain('GET /api/user/orders?order=129');
    expect(router.state.location.search).toEqual({ order: 129 });
  });

  it("says so when the link's order is not this account's", async () => {
    renderAt('/user/orders?order=999');
    const dialog = await screen.findByRole('dialog', { name: 'הזמנה מספר 999' }, { timeout: 4000 });
    expect(await within(dialog).findByText('ההזמנה לא נמצאה בחשבון הזה. אם היא בחשבון אחר, יש להתחבר אליו.')).toBeTruthy();
  });

  it('signed out, a link to an order goes home to sign in, and then opens the order', async () => {
    sessions.signOut();
    const router = renderAt('/user/orders?order=3');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(router.state.location.search).toEqual({ next: '/user/orders?order=3' });
    expect(await screen.findByRole('dialog', { name: 'התחברות' }, { timeout: 4000 })).toBeTruthy();
    act(() => sessions.signIn({ jwt: JWT }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/orders'));
    expect(await screen.findByRole('dialog', { name: 'הזמנה מספר 3' }, { timeout: 4000 })).toBeTruthy();
  });

  it('uploads one order’s documents from its dialog and then reloads the list', async () => {
    renderAt('/user/orders');
    fireEvent.click(await screen.findByRole('button', { name: 'צירוף מסמכים להזמנה 2' }, { timeout: 4000 }));
    const dialog = screen.getByRole('dialog', { name: 'צירוף מסמכים להזמנה 2' });
    const listCalls = () => calls.filter((c) => c.startsWith('GET /api/user/orders')).length;
    const before = listCalls();
    orders[1] = { ...orders[1], documents: 'sending' };
    for (const [kind, label] of [['idDocument', 'תעודת זהות'], ['licenseDocument', 'רישיון קנאביס'], ['prescriptionDocument', 'מרשם בתוקף']] as const) {
      fireEvent.change(within(dialog).getByLabelText(label), { target: { files: [new File(['%PDF-1.4'], `${kind}.pdf`, { type: 'application/pdf' })] } });
    }
    expect(DOCUMENT_KINDS).toHaveLength(3);
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'שליחת המסמכים' }));
    });
    expect(await within(dialog).findByText(Messages.documentsSubmitted)).toBeTruthy();
    expect(calls).toContain('POST /api/user/orders/2/documents');
    await waitFor(() => expect(listCalls()).toBeGreaterThan(before));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'צירוף מסמכים להזמנה 2' })).toBeNull());
  });

  it('says so when there are no orders', async () => {
    orders = [];
    renderAt('/user/orders');
    expect(await screen.findByText('עוד לא ביצעת הזמנות.', undefined, { timeout: 4000 })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'למוצרים' })).toBeTruthy();
  });
});

describe('/user', () => {
  it('shows the latest orders with a link to all of them', async () => {
    orders = Array.from({ length: 7 }, (_, i) => customerOrder(i + 1));
    renderAt('/user');
    expect(await screen.findByRole('heading', { name: 'הזמנות אחרונות' }, { timeout: 4000 })).toBeTruthy();
    expect(await screen.findByText('הזמנה מספר 1')).toBeTruthy();
    expect(screen.getByText('הזמנה מספר 5')).toBeTruthy();
    expect(screen.queryByText('הזמנה מספר 6')).toBeNull();
    expect(screen.getByRole('link', { name: 'לכל ההזמנות' }).getAttribute('href')).toBe('/user/orders');
  });

  it('shows the favourite products, each linked to its page', async () => {
    renderAt('/user');
    expect(await screen.findByRole('heading', { name: 'המוצרים המועדפים' }, { timeout: 4000 })).toBeTruthy();
    const link = await screen.findByRole('link', { name: 'ד״ר גרין T20/C4' });
    expect(link.getAttribute('href')).toBe('/products/dr-green-t20-c4');
  });
});
