import { Messages, parsePharmProductId } from '@mc/contracts';
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { NotFoundPage } from '../components/NotFoundPage';
import { pharmProductQuery } from '../queries/pharms';
import { loadMain } from '../queries/route-data';
import { rootRoute } from './root';

export const pharmProductRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/pharms/$pharmSlug/products/$pharmProductId',
  // A non-numeric id loads nothing: the page says the address is not valid.
  loader: async ({ context, params: { pharmSlug, pharmProductId } }) => {
    const id = parsePharmProductId(pharmProductId);
    if (id !== undefined) await loadMain(context, pharmProductQuery(pharmSlug, id));
  },
  notFoundComponent: () => <NotFoundPage detail={Messages.productNotFound} />,
  component: lazyRouteComponent(() => import('./pharm-product.page'), 'PharmProductPage'),
});
