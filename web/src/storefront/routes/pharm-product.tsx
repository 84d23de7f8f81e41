import { Messages, parsePharmProductId } from '@mc/contracts';
import { createRoute, lazyRouteComponent, notFound, useParams } from '@tanstack/react-router';
import { NotFoundPage } from '../../kit/ui/NotFoundPage';
import { pharmProductQuery } from '../../kit/queries/pharms';
import { loadMain } from '../../kit/queries/route-data';
import { rootRoute } from '../../kit/router/root-route';

export const pharmProductRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/pharms/$pharmSlug/products/$pharmProductId',
  // A non-numeric id loads nothing: the not-found page says the address is not valid (spec 2.1), and the server
  // answers 404 as for an id no offer has.
  loader: async ({ context, params: { pharmSlug, pharmProductId } }) => {
    const id = parsePharmProductId(pharmProductId);
    if (id === undefined) throw notFound();
    await loadMain(context, pharmProductQuery(pharmSlug, id));
  },
  staticData: { statusFromLoader: true },
  notFoundComponent: PharmProductNotFound,
  component: lazyRouteComponent(() => import('./pharm-product.page'), 'PharmProductPage'),
});

function PharmProductNotFound() {
  const { pharmProductId } = useParams({ strict: false });
  const valid = parsePharmProductId(pharmProductId ?? '') !== undefined;
  return <NotFoundPage detail={valid ? Messages.productNotFound : Messages.invalidUrl} />;
}
