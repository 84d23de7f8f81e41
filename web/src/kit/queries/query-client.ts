import { QueryClient } from '@tanstack/react-query';

/**
 * Spec: the default query cache is off, with no retry. A query is asked for even when the browser says it is offline
 * (by default it would wait for the network, and the page would load forever): it fails, and the page says 'you are
 * offline' (the error page).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, gcTime: 0, staleTime: 0, refetchOnWindowFocus: false, networkMode: 'always' },
    },
  });
}
