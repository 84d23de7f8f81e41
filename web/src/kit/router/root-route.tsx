import { createRootRouteWithContext } from '@tanstack/react-router';
import type { RouterContext } from '../queries/route-data';
import { RouteErrorPage } from '../ui/ErrorPage';
import { NotFoundPage } from '../ui/NotFoundPage';

/**
 * The root of every area's routes. Its component, the site's shell, is the app's (`app/root.tsx` sets it), so
 * an area's route can name its parent without importing the shell.
 */
export const rootRoute = createRootRouteWithContext<RouterContext>()({
  // The error boundary (spec 2.5): the generic error page, its message and a reload button.
  errorComponent: RouteErrorPage,
  notFoundComponent: () => <NotFoundPage />,
});

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** The page is shown without the site's header and footer (the pharmacy embed). */
    embed?: boolean;
    /** Spec 2.5: cart and order pages get a minimal header and no footer. */
    minimalLayout?: boolean;
    /** Spec 2.5's per-page background: 'surface' (the lists, whose white cards stand on it); white otherwise. */
    background?: 'surface';
    /**
     * The server draws the page (a landing page from search engines), with the data its loaders load; other pages
     * are drawn in the browser.
     */
    ssr?: boolean;
    /**
     * A page drawn in the browser whose address names something that may not exist (a tag): the server runs its
     * loaders only to answer 404 when the main data is not found.
     */
    statusFromLoader?: boolean;
  }
}
