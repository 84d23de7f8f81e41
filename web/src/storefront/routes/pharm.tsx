import { Messages } from '@mc/contracts';
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { NotFoundPage } from '../../kit/ui/NotFoundPage';
import { pharmProductsApiParams, validatePharmPageSearch, type PharmPageSearch } from '../search-params/pharm-page-search';
import { pharmProductsQuery, pharmQuery, pharmSlidesQuery } from '../../kit/queries/pharms';
import { he } from '../../kit/i18n/he';
import { loadMain, loadPart, partsOfFirstScreen, type PageShell, type RouterContext } from '../../kit/queries/route-data';
import { rootRoute } from '../../kit/router/root-route';

const pharmLoading = {
  loaderDeps: ({ search }: { search: PharmPageSearch }) => ({ products: pharmProductsApiParams(search) }),
  /**
   * The pharmacy and its slides (inserted later, they would push the products down: a layout shift); the
   * products on entering the page (then they follow the filters themselves, debounced, showing the last answer).
   */
  loader: async ({ context, params: { pharmSlug }, deps, cause }: {
    context: RouterContext;
    params: { pharmSlug: string };
    deps: { products: string };
    cause: 'enter' | 'stay' | 'preload';
  }): Promise<PageShell> => {
    const pharm = loadMain(context, pharmQuery(pharmSlug));
    const slides = loadPart(context, pharmSlidesQuery(pharmSlug));
    const products = cause === 'stay' ? [] : [loadPart(context, pharmProductsQuery(pharmSlug, deps.products))];
    const [{ pharm: { tags } }] = await Promise.all([pharm, slides, partsOfFirstScreen(context, products)]);
    // Spec 2.5: the pharmacy's tags in the footer of its page.
    const links = tags.map((tag) => ({ label: tag.name, url: `/tags/${encodeURIComponent(tag.slug)}`, newWindow: false, children: [] }));
    return { footerGroups: links.length ? [{ title: he.shell.pharmTags, links }] : [] };
  },
  staticData: { ssr: true },
  notFoundComponent: () => <NotFoundPage detail={Messages.pharmNotFound} />,
};

// Landing pages from search engines, drawn by the server: the browser takes them over once the page's code has
// loaded (start-app.tsx: `router.load()` before hydration).
export const pharmRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/pharms/$pharmSlug',
  validateSearch: (raw: Record<string, unknown>) => validatePharmPageSearch(raw),
  ...pharmLoading,
  component: lazyRouteComponent(() => import('./pharm.page'), 'PharmRoutePage'),
});

/** The same page without the site's header and footer (the root layout reads `staticData.embed`). */
export const pharmEmbedRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/pharms/$pharmSlug/embed',
  validateSearch: (raw: Record<string, unknown>) => validatePharmPageSearch(raw),
  ...pharmLoading,
  staticData: { embed: true, ssr: true },
  component: lazyRouteComponent(() => import('./pharm.page'), 'PharmEmbedPage'),
});
