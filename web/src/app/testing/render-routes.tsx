import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRoute, createRouter, RouterProvider, type AnyRoute } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { CartStore } from '../../kit/cart/cart-store';
import { CartContext } from '../../kit/cart/use-cart';
import { createQueryClient } from '../../kit/queries/query-client';
import { rootRoute } from '../root';

interface RenderRoutesOptions {
  /** Paths answered by a bare page (`<h1>page {path}</h1>`), for the routes' links and redirects to land on. */
  placeholders?: string[];
  /** A cart the pages read, when they read one. */
  cart?: CartStore;
}

/** Renders the routes under the app's root route (its layout: header, dialogs, footer) at `path`, with a query client of their own; answers the router. */
export function renderRoutes(routes: AnyRoute[], path: string, { placeholders = [], cart }: RenderRoutesOptions = {}) {
  const pages = placeholders.map((p) => createRoute({ getParentRoute: () => rootRoute, path: p, component: () => <h1>{`page ${p}`}</h1> }));
  const queryClient = createQueryClient();
  const router = createRouter({
    routeTree: rootRoute.addChildren([...routes, ...pages]),
    context: { queryClient },
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  let tree: ReactNode = (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
  if (cart) tree = <CartContext.Provider value={cart}>{tree}</CartContext.Provider>;
  render(tree);
  return router;
}
