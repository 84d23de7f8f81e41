import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { Messages } from '@mc/contracts';
import { NotFoundPage } from '../../kit/ui/NotFoundPage';
import { ProductSkeleton } from '../components/product/ProductSkeleton';
import { comparisonParams, validateComparisonSearch } from '../search-params/comparison-search';
import { comparisonQuery, comparisonSearch, productQuery, relatedProductsQuery } from '../queries/products';
import { loadMain, loadPart, partsOfFirstScreen } from '../../kit/queries/route-data';
import { rootRoute } from '../../kit/router/root-route';

// A landing page from search engines, drawn by the server: the browser takes it over once its page's code has
// loaded (start-app.tsx: `router.load()` before hydration). The skeleton stays in the first load, as it shows while
// that code and the product load on a move from another page.
export const productRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/products/$productSlug',
  validateSearch: (raw: Record<string, unknown>) => validateComparisonSearch(raw),
  // The comparison by price; by distance it waits for the browser's position.
  loaderDeps: ({ search }) => ({ comparison: search.sortBy === 'nearby' ? undefined : comparisonParams(search) }),
  loader: async ({ context, params: { productSlug }, deps }) => {
    // Asked for in this order (the server sends its answers in it).
    const product = loadMain(context, productQuery(productSlug));
    // The unfiltered comparison by price gives the lowest price beside the name, whatever the comparison's own state.
    const lowest = comparisonParams({});
    const parts = [
      loadPart(context, relatedProductsQuery(productSlug)),
      loadPart(context, comparisonQuery(productSlug, lowest)),
      ...(deps.comparison && comparisonSearch(deps.comparison) !== comparisonSearch(lowest)
        ? [loadPart(context, comparisonQuery(productSlug, deps.comparison))]
        : []),
    ];
    await Promise.all([product, partsOfFirstScreen(context, parts)]);
  },
  staticData: { ssr: true },
  pendingComponent: ProductSkeleton,
  notFoundComponent: () => <NotFoundPage detail={Messages.productNotFound} />,
  component: lazyRouteComponent(() => import('./product.page'), 'ProductPage'),
});
