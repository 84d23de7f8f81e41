// How the routes' loaders fill the query cache before their page is drawn (and the server render waits for them).
import type { FooterLink } from '@mc/contracts';
import type { EnsureQueryDataOptions, FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query';
import { notFound } from '@tanstack/react-router';
import { isApiError } from '../api/client';

/** What every route's loader gets from the router. */
export interface RouterContext {
  queryClient: QueryClient;
  /** The server render: it draws the page once, so a loader waits for all of the first screen's data. */
  server?: boolean;
}

/** A group of links a page adds to the site's footer (spec 2.5: per-page footer links). */
export interface PageFooterGroup {
  title: string;
  links: FooterLink[];
}

/** What a route's loader may answer for the site's shell (the root layout reads it from the matches). */
export interface PageShell {
  footerGroups?: PageFooterGroup[];
}

/** The footer groups of the matched routes' loaders, outermost first. */
export const pageFooterGroups = (matches: readonly { loaderData?: unknown }[]): PageFooterGroup[] =>
  matches.flatMap((match) => (match.loaderData as PageShell | undefined)?.footerGroups ?? []);

/**
 * How long an answer a loader asked for counts as fresh (the page drawing from it does not ask again), and how
 * long it is kept while no part of the page watches it (the cache is otherwise off: spec). The server render
 * keeps everything until it is done, and an answer the server drew from keeps its own (longer) freshness.
 */
const LOADED_FRESH_MS = 1_000;
const LOADED_KEPT_MS = 30_000;

function keepForThePage(context: RouterContext, queryKey: QueryKey) {
  if (context.server || context.queryClient.getQueryDefaults(queryKey).staleTime !== undefined) return;
  context.queryClient.setQueryDefaults(queryKey, { staleTime: LOADED_FRESH_MS, gcTime: LOADED_KEPT_MS });
}

/**
 * The page's main data: in the cache (asked for when it is not), or the loader fails, so the route draws its
 * error screen; a 404 from the API draws the route's not-found screen (and the server answers 404).
 */
export async function loadMain<TQueryFnData, TError, TData, TQueryKey extends QueryKey>(
  context: RouterContext,
  options: EnsureQueryDataOptions<TQueryFnData, TError, TData, TQueryKey>,
): Promise<TData> {
  keepForThePage(context, options.queryKey);
  try {
    return await context.queryClient.ensureQueryData(options);
  } catch (error) {
    if (isApiError(error) && error.status === 404) throw notFound();
    throw error;
  }
}

/**
 * Data the page shows its own loading and failure for (a list, the comparison, the slides): asked for at once;
 * the promise never fails. A loader awaits it when the page is drawn with it (a list's first page), or leaves it
 * to the server alone (`partsOfFirstScreen`).
 */
export function loadPart<TQueryFnData, TError, TData, TQueryKey extends QueryKey>(
  context: RouterContext,
  options: FetchQueryOptions<TQueryFnData, TError, TData, TQueryKey>,
): Promise<void> {
  keepForThePage(context, options.queryKey);
  return context.queryClient.prefetchQuery(options);
}

/** Waits for parts on the server only: the browser draws the page at once and the parts as they arrive. */
export async function partsOfFirstScreen(context: RouterContext, parts: Promise<void>[]): Promise<void> {
  if (context.server) await Promise.all(parts);
}
