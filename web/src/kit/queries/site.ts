import type { LayoutResponse, SearchResponse } from '@mc/contracts';
import { SEARCH_LIMIT } from '@mc/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../api/client';

/** `GET /api/layout`: the footer's latest products and links. Rarely changes. */
export function layoutQuery() {
  return queryOptions({
    queryKey: ['layout'] as const,
    queryFn: ({ signal }) => apiFetch<LayoutResponse>('/layout', { signal }),
    staleTime: 10 * 60 * 1000,
  });
}

/** `GET /api/search?term&limit=5`: the suggestions of the search box. */
export function searchSuggestionsQuery(term: string) {
  return queryOptions({
    queryKey: ['search', term] as const,
    queryFn: ({ signal }) =>
      apiFetch<SearchResponse>(`/search?${new URLSearchParams({ term, limit: String(SEARCH_LIMIT) })}`, { signal }),
    enabled: term.length > 0,
  });
}
