// The server render of the landing pages (home, a product, a pharmacy), run by the gateway: the page's first
// screen as HTML with the data it was drawn from, so the browser paints it before the app's JavaScript has run.
import { dehydrate, QueryClientProvider, type DehydratedState } from '@tanstack/react-query';
import { createMemoryHistory, rootRouteId, RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { setApiTransport } from './kit/api/client';
import { errorPageStatus } from './kit/ui/ErrorPage';
import { comparisonsCutToFirstScreen } from './storefront/queries/products';
import { createQueryClient } from './kit/queries/query-client';
import { SERVER_STATE_FRESH_MS } from './kit/queries/server-state';
import { layoutQuery } from './kit/queries/site';
import { createAppRouter } from './router';

export interface ServerPage {
  /** The markup of `#root`. */
  html: string;
  /** Elements for `<head>`: React's preloads of the page's first images (it writes them before the markup). */
  head: string;
  /** The answers the page was drawn from, for the browser's query cache. */
  state: DehydratedState;
  /**
   * The status of the page: 404 when its main data was not found; 503 or 500 when loading it failed (the page is
   * the error page, its message prefixed 'SSR', and is not kept for other visitors).
   */
  status: number;
}

/** `GET /api…` answered by the gateway itself (no network). */
export { setApiTransport };

/** React leaves this mark where a part of the page failed to draw on the server (and would be drawn in the browser). */
const FAILED_PART = '<!--$!-->';
const LEADING_LINKS = /^(?:<link\b[^>]*>)+/;

/**
 * The page at `url` drawn as HTML, with the data its routes' loaders loaded; `{ status: 404 }` for a path the app
 * has no page for (the browser draws the not-found page); `null` for a page that is not drawn on the server (no
 * `staticData.ssr`: its loaders are not run here, unless `staticData.statusFromLoader` asks for them to learn
 * whether the page's main data exists: `{ status: 404 }` when it does not).
 */
export async function renderPage(url: string): Promise<ServerPage | { status: 404 } | null> {
  const queryClient = createQueryClient();
  // Kept until the render is done (the browser's cache drops an unwatched answer at once), and as fresh as the
  // browser will take them (a stale answer would be drawn as being fetched again: `aria-busy` on its list).
  queryClient.setDefaultOptions({
    queries: { ...queryClient.getDefaultOptions().queries, gcTime: Infinity, staleTime: SERVER_STATE_FRESH_MS },
  });
  const router = createAppRouter(queryClient, createMemoryHistory({ initialEntries: [url] }));
  const matched = router.matchRoutes(router.latestLocation);
  // Only the root matched: no route has this path.
  if (matched.every((match) => match.routeId === rootRouteId)) return { status: 404 };
  if (!matched.some((match) => match.staticData.ssr)) {
    if (!matched.some((match) => match.staticData.statusFromLoader)) return null;
    await router.load();
    return router.state.matches.some((match) => match.status === 'notFound') ? { status: 404 } : null;
  }
  // The footer's links and new products, on every page but the embed (which has no footer): asked for alongside
  // the page's own data, and put in the cache after it.
  const footer = matched.some((match) => match.staticData.embed) ? undefined : createQueryClient().fetchQuery(layoutQuery());
  await router.load();
  const layout = await footer?.catch(() => undefined);
  if (layout) queryClient.setQueryData(layoutQuery().queryKey, layout);
  // A loader threw `notFound()`: the page's main data is not there; or it failed: the error page.
  const notFound = router.state.matches.some((match) => match.status === 'notFound');
  const failed = router.state.matches.find((match) => match.status === 'error');
  const html = renderToString(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  );
  if (html.includes(FAILED_PART)) throw new Error(`part of ${url} failed to render on the server`);
  const head = LEADING_LINKS.exec(html)?.[0] ?? '';
  return { html: html.slice(head.length), head, state: comparisonsCutToFirstScreen(dehydrate(queryClient)), status: failed ? errorPageStatus(failed.error) : notFound ? 404 : 200 };
}
