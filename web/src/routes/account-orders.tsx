import { createRoute, isNotFound, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { isApiError } from '../api/client';
import { requireSignedIn } from '../auth/route-guards';
import { forgetOrdersOnSignOut, LAST_ORDER_BATCH_KEY, ordersBatchQuery, readLastOrderBatch } from '../queries/orders';
import { loadMain } from '../queries/route-data';
import { rootRoute } from './root';

/**
 * Spec 2.2: the order-received page of the batch just placed in this tab (its uid left in session storage by
 * /order); signed out it goes home, and with no order details to /cart.
 */
export const orderCompletedRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/order/completed',
  staticData: { minimalLayout: true },
  beforeLoad: async ({ context }) => {
    const { userId } = await requireSignedIn();
    forgetOrdersOnSignOut(context.queryClient);
    const batchUid = readLastOrderBatch();
    if (!batchUid) throw redirect({ to: '/cart' });
    return { userId, batchUid };
  },
  loader: async ({ context }) => {
    try {
      return await loadMain(context, ordersBatchQuery(context.userId, context.batchUid));
    } catch (error) {
      // Not this user's batch (or no longer there): there are no order details to show.
      if (isNotFound(error) || (isApiError(error) && error.status === 403)) {
        sessionStorage.removeItem(LAST_ORDER_BATCH_KEY);
        throw redirect({ to: '/cart' });
      }
      throw error;
    }
  },
  component: lazyRouteComponent(() => import('./order-completed.page'), 'OrderCompletedPage'),
});

/** Spec 2.2: the signed-in user's orders; the search and page live in the address. */
export const userOrdersRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/user/orders',
  validateSearch: (raw: Record<string, unknown>): { search?: string; page?: number } => {
    const search = typeof raw.search === 'string' && raw.search.trim() ? raw.search.trim().slice(0, 100) : undefined;
    const page = Number(raw.page);
    return { search, page: Number.isInteger(page) && page > 1 ? page : undefined };
  },
  beforeLoad: async ({ context }) => {
    const signedIn = await requireSignedIn();
    forgetOrdersOnSignOut(context.queryClient);
    return signedIn;
  },
  component: lazyRouteComponent(() => import('./user-orders.page'), 'UserOrdersPage'),
});
