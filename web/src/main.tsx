import '@fontsource/heebo/400.css';
import '@fontsource/heebo/500.css';
import '@fontsource/heebo/700.css';
import './styles/tokens.css';
import './styles/base.css';
import './styles/components.css';

import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { normalizePath } from './lib/normalize-path';
import { createQueryClient } from './queries/query-client';
import { createAppRouter } from './router';

// `//products/x` becomes `/products/x` before the router reads the location.
const normalized = normalizePath(window.location.pathname);
if (normalized !== window.location.pathname) {
  window.history.replaceState(window.history.state, '', normalized + window.location.search + window.location.hash);
}

const queryClient = createQueryClient();
const router = createAppRouter(queryClient);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
