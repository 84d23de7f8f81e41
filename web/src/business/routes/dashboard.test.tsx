import { OFFER_UNCONFIRMED_LABEL, type BusinessInfo, type BusinessStaleProduct } from '@mc/contracts';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../kit/queries/query-client';
import { AwaitingConfirm, DashboardPage } from './dashboard.page';
import { heDashboard } from '../i18n/he-dashboard';
import { heProducts } from '../i18n/he-products';
import { businessInfoQuery } from '../queries/business';

const HOUR = 3_600_000;
const ago = (hours: number) => new Date(Date.now() - hours * HOUR).toISOString();
const offer = (id: number, name: string, hoursAgo: number, fields: Partial<BusinessStaleProduct> = {}): BusinessStaleProduct => ({
  id, price: 120, totalPrice: 120, originalPrice: null, inStock: true, alwaysInStock: false, amount: 3, expiresAt: null, published: true,
  isNewByDefault: false, isPopularByDefault: false, isYarpaLocked: false, bumpedAt: null, confirmedAt: ago(hoursAgo), stale: hoursAgo > 72,
  product: { slug: `p${id}`, name, shortName: null, imageUrl: null, estimatedPrice: null, yarpaProductId: null, info: { hebName: name, engName: '', company: null, cannabisType: null, thccbdDosage: null } },
  ...fields,
});

/** The dashboard's info as the gateway answers it, with `staleProducts` read from `due()` at each request. */
function serve(due: () => BusinessStaleProduct[], confirm: (id: number) => Response = () => Response.json({ pharmProduct: {} })) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const confirmed = /\/products\/(\d+)\/confirm$/.exec(url);
    if (confirmed && init?.method === 'POST') return confirm(Number(confirmed[1]));
    return Response.json({ staleProducts: due() } as Partial<BusinessInfo>);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderSection() {
  function Section() {
    const info = useQuery(businessInfoQuery('merkaz-tel-aviv'));
    return info.data ? <AwaitingConfirm businessId="merkaz-tel-aviv" products={info.data.staleProducts} /> : null;
  }
  const router = createRouter({ routeTree: createRootRoute({ component: Section }), history: createMemoryHistory({ initialEntries: ['/'] }) });
  render(<QueryClientProvider client={createQueryClient()}><RouterProvider router={router} /></QueryClientProvider>);
}

afterEach(() => vi.unstubAllGlobals());

describe('the dashboard’s offers waiting for a confirm (issue 17)', () => {
  it('lists each offer under its heading with its freshness, stale ones as not confirmed lately', async () => {
    serve(() => [offer(1, 'קוש ישן', 100), offer(2, 'פרח טרי', 50)]);
    renderSection();
    expect(await screen.findByRole('heading', { level: 2, name: heDashboard.awaitingConfirm.heading })).toBeTruthy();
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[0]).getByText(OFFER_UNCONFIRMED_LABEL).className).toContain('is-stale');
    expect(within(rows[1]).getByText('עודכן לפני יומיים').className).not.toContain('is-stale');
    expect(within(rows[0]).getByRole('button', { name: heDashboard.awaitingConfirm.confirmFor('קוש ישן') }).textContent).toBe(heProducts.confirm);
  });

  it('confirms a row through the products page’s call, and the row leaves as the dashboard is read again', async () => {
    let due = [offer(1, 'קוש ישן', 100), offer(2, 'פרח טרי', 50)];
    const fetchMock = serve(() => due, (id) => {
      due = due.filter((o) => o.id !== id);
      return Response.json({ pharmProduct: {} });
    });
    renderSection();
    fireEvent.click(await screen.findByRole('button', { name: heDashboard.awaitingConfirm.confirmFor('קוש ישן') }));
    expect(await screen.findByRole('status')).toHaveProperty('textContent', heProducts.confirmedMessage);
    await waitFor(() => expect(screen.queryByText('קוש ישן')).toBeNull());
    expect(screen.getByText('פרח טרי')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledWith('/api/business/merkaz-tel-aviv/products/1/confirm', expect.objectContaining({ method: 'POST' }));
  });

  it('says so when a confirm fails, and keeps the row', async () => {
    serve(() => [offer(1, 'קוש ישן', 100)], () => Response.json({ statusCode: 404, message: 'המוצר לא נמצא' }, { status: 404 }));
    renderSection();
    fireEvent.click(await screen.findByRole('button', { name: heDashboard.awaitingConfirm.confirmFor('קוש ישן') }));
    expect((await screen.findByRole('alert')).textContent).toBe('המוצר לא נמצא');
    expect(screen.getByText('קוש ישן')).toBeTruthy();
  });

  it('offers no confirm for a partner-synced offer (the feed confirms it)', async () => {
    serve(() => [offer(3, 'מהשותף', 90, { isYarpaLocked: true })]);
    renderSection();
    expect(await screen.findByText(heDashboard.awaitingConfirm.locked)).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('shows an empty state when nothing is due', async () => {
    serve(() => []);
    renderSection();
    expect(await screen.findByText(heDashboard.awaitingConfirm.empty)).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});

describe('the dashboard’s partner sync (issue 28)', () => {
  const totals = { count: 0, totalPrice: 0 };
  const info = (partner: Pick<BusinessInfo, 'partnerCode' | 'partnerFeedAt'>): BusinessInfo => ({
    business: { slug: 'yam-eilat', name: 'פארם הים', address: 'שדרות התמרים 10', city: 'אילת', logoUrl: null, phoneNumber: '08-6372215', whatsappNumber: null, wazeAddress: null },
    openingHours: {}, openOrders: [], stockoutProducts: [], staleProducts: [], state: 'live',
    stats: { ordersTotals: { today: totals, week: totals, month: totals, all: totals }, customersTotals: { totalCount: 0 }, productsTotals: { totalCount: 3 } },
    ...partner,
  });

  function renderDashboard(answer: BusinessInfo) {
    vi.stubGlobal('fetch', vi.fn(async (url: string) => (url.includes('/shipments')
      ? Response.json({ shipments: [], total: 0, perPage: 20, currentPage: 1 })
      : Response.json(answer))));
    const root = createRootRoute();
    const page = createRoute({ getParentRoute: () => root, path: '/business/$businessId', component: DashboardPage });
    const router = createRouter({ routeTree: root.addChildren([page]), history: createMemoryHistory({ initialEntries: ['/business/yam-eilat'] }) });
    render(<QueryClientProvider client={createQueryClient()}><RouterProvider router={router} /></QueryClientProvider>);
  }

  it('shows a synced pharmacy’s partner code and the time the partner’s feed last changed it', async () => {
    renderDashboard(info({ partnerCode: 'PH-1800', partnerFeedAt: '2026-11-28T08:05:00.000Z' }));
    const section = (await screen.findByRole('heading', { level: 2, name: heDashboard.partner.heading })).closest('section')!;
    expect(section.getAttribute('aria-describedby')).toBe('bo-partner-intro');
    expect(within(section).getByText('PH-1800').tagName).toBe('BDI');
    const fed = within(section).getByText('28/11/2026 10:05');
    expect(fed.tagName).toBe('TIME');
    expect(fed.getAttribute('datetime')).toBe('2026-11-28T08:05:00.000Z');
    expect(within(section).getByText(heDashboard.partner.lastFeed)).toBeTruthy();
  });

  it('says no feed came yet to a synced pharmacy the partner has not changed', async () => {
    renderDashboard(info({ partnerCode: 'PH-5341', partnerFeedAt: null }));
    expect(await screen.findByText(heDashboard.partner.noFeed)).toBeTruthy();
    expect(screen.getByText('PH-5341')).toBeTruthy();
  });

  it('shows nothing of a partner to a pharmacy that is not synced', async () => {
    renderDashboard(info({ partnerCode: null, partnerFeedAt: null }));
    expect(await screen.findByRole('heading', { level: 2, name: heDashboard.stats.heading })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: heDashboard.partner.heading })).toBeNull();
  });
});
