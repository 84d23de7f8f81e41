import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { requireManager } from '../../kit/auth/route-guards';
import { loadPart } from '../../kit/queries/route-data';
import { idParam, listSearch, pageParam, searchParam } from '../../kit/router/list-search';
import { rootRoute } from '../../kit/router/root-route';

// The back office's loaders ask for the page's data (the query options the page reads, from ../queries) as the
// route is entered, alongside the page's code; each page draws its own loading and failure, so no loader holds
// its page. The query modules are imported when a loader first needs one (`await import()`), as the pages are:
// nothing of the back office but these definitions is in the storefront's first load.
const businessQueries = () => import('../queries/business');
const ordersQueries = () => import('../queries/orders');
const productsQueries = () => import('../queries/products');
const discountsQueries = () => import('../queries/discounts');
const shipmentsQueries = () => import('../queries/shipments');
const announcementsQueries = () => import('../queries/announcements');

/** /business/{businessId}: the shared header card and navigation around every back-office page. */
const businessRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/business/$businessId',
  beforeLoad: () => requireManager(),
  loader: async ({ context, params }) => void loadPart(context, (await businessQueries()).businessInfoQuery(params.businessId)),
  component: lazyRouteComponent(() => import('./BusinessLayout'), 'BusinessLayout'),
});

/** The dashboard (profile screen), and the shipments list of spec 2 (page, editPharmShipment). */
const businessDashboardRoute = createRoute({
  getParentRoute: () => businessRoute,
  path: '/',
  validateSearch: (raw: Record<string, unknown>): { page?: number; editPharmShipment?: number } => ({
    page: pageParam(raw.page), editPharmShipment: idParam(raw.editPharmShipment),
  }),
  loaderDeps: ({ search }) => ({ page: search.page ?? 1 }),
  loader: async ({ context, params, deps }) => {
    const [{ businessInfoQuery }, { shipmentsQuery }] = await Promise.all([businessQueries(), shipmentsQueries()]);
    void loadPart(context, businessInfoQuery(params.businessId));
    void loadPart(context, shipmentsQuery(params.businessId, deps.page));
  },
  component: lazyRouteComponent(() => import('./dashboard.page'), 'DashboardPage'),
});

const businessOrdersRoute = createRoute({
  getParentRoute: () => businessRoute,
  path: '/orders',
  validateSearch: listSearch,
  loaderDeps: ({ search }) => ({ page: search.page ?? 1, search: search.search }),
  loader: async ({ context, params, deps }) => void loadPart(context, (await ordersQueries()).businessOrdersQuery(params.businessId, deps.page, deps.search)),
  component: lazyRouteComponent(() => import('./orders.page'), 'OrdersPage'),
});

const businessProductsRoute = createRoute({
  getParentRoute: () => businessRoute,
  path: '/products',
  validateSearch: (raw: Record<string, unknown>) => ({
    ...listSearch(raw),
    editPharmProduct: idParam(raw.editPharmProduct),
    createSearch: searchParam(raw.createSearch),
    createPage: pageParam(raw.createPage),
  }),
  loaderDeps: ({ search }) => ({ page: search.page ?? 1, search: search.search }),
  loader: async ({ context, params, deps }) => void loadPart(context, (await productsQueries()).businessProductsQuery(params.businessId, deps.page, deps.search)),
  component: lazyRouteComponent(() => import('./products.page'), 'ProductsPage'),
});

const businessDiscountsRoute = createRoute({
  getParentRoute: () => businessRoute,
  path: '/discounts',
  validateSearch: (raw: Record<string, unknown>) => ({
    ...listSearch(raw),
    editPharmDiscount: typeof raw.editPharmDiscount === 'string' && /^[A-Za-z0-9_]{1,40}$/.test(raw.editPharmDiscount) ? raw.editPharmDiscount : undefined,
  }),
  loaderDeps: ({ search }) => ({ page: search.page ?? 1 }),
  loader: async ({ context, params, deps }) => void loadPart(context, (await discountsQueries()).discountsQuery(params.businessId, deps.page)),
  component: lazyRouteComponent(() => import('./discounts.page'), 'DiscountsPage'),
});

const businessShipmentsRoute = createRoute({
  getParentRoute: () => businessRoute,
  path: '/shipments',
  validateSearch: (raw: Record<string, unknown>) => ({ page: pageParam(raw.page), editPharmShipment: idParam(raw.editPharmShipment) }),
  loaderDeps: ({ search }) => ({ page: search.page ?? 1 }),
  loader: async ({ context, params, deps }) => void loadPart(context, (await shipmentsQueries()).shipmentsQuery(params.businessId, deps.page)),
  component: lazyRouteComponent(() => import('./shipments.page'), 'ShipmentsPage'),
});

const businessAnnouncementsRoute = createRoute({
  getParentRoute: () => businessRoute,
  path: '/announcements',
  validateSearch: (raw: Record<string, unknown>) => ({ page: pageParam(raw.page), editPharmAnnouncement: idParam(raw.editPharmAnnouncement) }),
  loaderDeps: ({ search }) => ({ page: search.page ?? 1 }),
  loader: async ({ context, params, deps }) => void loadPart(context, (await announcementsQueries()).announcementsQuery(params.businessId, deps.page)),
  component: lazyRouteComponent(() => import('./announcements.page'), 'AnnouncementsPage'),
});

export const businessRouteTree = businessRoute.addChildren([
  businessDashboardRoute, businessOrdersRoute, businessProductsRoute, businessDiscountsRoute, businessShipmentsRoute, businessAnnouncementsRoute,
]);
