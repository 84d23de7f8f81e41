import '@fontsource/heebo/400.css';
import '@fontsource/heebo/500.css';
import '@fontsource/heebo/700.css';
import './kit/styles/tokens.css';
import './kit/styles/base.css';
import './kit/styles/components.css';

import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { normalizePath } from './kit/lib/normalize-path';
import { createQueryClient } from './kit/queries/query-client';
import { adoptServerState } from './kit/queries/server-state';
import { createAppRouter } from './router';

/** Draws the app into `#root`, taking over the page the server drew when there is one; answers its React root. */
export async function startApp(): Promise<Root> {
  // `//products/x` becomes `/products/x` before the router reads the location.
  const normalized = normalizePath(window.location.pathname);
  if (normalized !== window.location.pathname) {
    window.history.replaceState(window.history.state, '', normalized + window.location.search + window.location.hash);
  }

  const queryClient = createQueryClient();
  const drawnByServer = adoptServerState(queryClient);
  const router = createAppRouter(queryClient);

  const app = (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>
  );
  // Both as a transition: React then works in slices of a few milliseconds, so a tap or a scroll on a slow phone
  // is answered while the page starts (instead of one long task).
  const container = document.getElementById('root')!;
  if (drawnByServer) {
    // A page the server drew (signed out, with an empty cart) is taken over as it is, then updated to this
    // visitor. The router renders as on the server (no suspense boundary at the top) and has its matches ready,
    // the code of their pages too (a landing page's component loads with its route): no pending screen replaces it.
    router.ssr = { manifest: undefined };
    await router.load();
    let hydrated: Root | undefined;
    startTransition(() => void (hydrated = hydrateRoot(container, app)));
    return hydrated!;
  }
  const root = createRoot(container);
  startTransition(() => root.render(app));
  return root;
}
