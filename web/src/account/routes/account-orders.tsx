import { createRoute, isNotFound, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { isApiError } from '../../kit/api/client';
import { requireSignedIn } from '../../kit/auth/route-guards';
import { forgetOrdersOnSignOut, isBatchUid, LAST_ORDER_BATCH_KEY, ordersBatchQuery, readLastOrderBatch } from '../../kit/queries/orders';
import { loadMain } from '../../kit/queries/route-data';
import { rootRoute } from '../../kit/router/root-route';

/**
 * Spec 2.2: the order-received page of a batch: the one its address names (`?batch=`, as /order and the confirmation
 * e-mail and SMS link to it: a reload or a phone that dropped the tab finds it again; the API answers it to its owner
 * alone), else the one just placed in this tab (its uid in session storage). Signed out it goes home to sign in first,
 * and with no order details to /cart.
 */
export const orderCompletedRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/order/completed',
  staticData: { minimalLayout: true },
  validateSearch: (raw: Record<string, unknown>): { batch?: string } => ({ batch: isBatchUid(raw.batch) ? raw.batch : undefined }),
  beforeLoad: async ({ context, search, location }) => {
    const { userId } = await requireSignedIn({ location });
    forgetOrdersOnSignOut(context.queryClient);
    const batchUid = search.batch ?? readLastOrderBatch();
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

/**
 * Spec 2.2: the signed-in user's orders; the search and page live in the address, and so does the order whose dialog
 * is open (`?order=`: the links of the order e-mails and texts open it; signed out, after signing in).
 */
export const userOrdersRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/user/orders',
  validateSearch: (raw: Record<string, unknown>): { search?: string; page?: number; order?: number } => {
    const search = typeof raw.search === 'string' && raw.search.trim() ? raw.search.trim().slice(0, 100) : undefined;
    const page = Number(raw.page);
    const order = Number(raw.order);
    return {
      search,
      page: Number.isInteger(page) && page > 1 ? page : undefined,
      order: Number.isInteger(order) && order > 0 && order <= 2_147_483_647 ? order : undefined,
    };
  },
  beforeLoad: async ({ context, location }) => {
    const signedIn = await requireSignedIn({ location });
    forgetOrdersOnSignOut(context.queryClient);
    return signedIn;
  },
  component: lazyRouteComponent(() => import('./user-orders.page'), 'UserOrdersPage'),
});
