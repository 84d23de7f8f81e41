import { hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';

/** The id of the `<script type="application/json">` in which the gateway sends a server-rendered page's API answers. */
const SERVER_STATE_ID = 'mc-query-state';

/** How long those answers count as fresh: the app draws the page from them without asking the API again. */
export const SERVER_STATE_FRESH_MS = 60_000;

/**
 * Starts the query cache with the answers a server-rendered page was drawn from, so the app's first render
 * is the page the server drew; false for a page the server did not draw (or a malformed script).
 */
export function adoptServerState(queryClient: QueryClient, element = document.getElementById(SERVER_STATE_ID)): boolean {
  if (!element?.textContent) return false;
  let state: DehydratedState;
  try {
    state = JSON.parse(element.textContent) as DehydratedState;
  } catch {
    return false;
  }
  if (!Array.isArray(state?.queries)) return false;
  const fresh = { staleTime: SERVER_STATE_FRESH_MS, gcTime: SERVER_STATE_FRESH_MS };
  for (const query of state.queries) queryClient.setQueryDefaults(query.queryKey, fresh);
  hydrate(queryClient, state, { defaultOptions: { queries: { gcTime: SERVER_STATE_FRESH_MS } } });
  return true;
}
