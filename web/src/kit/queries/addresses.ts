import { ADDRESS_SEARCH_MIN_LENGTH, type AddressSearchResponse } from '@mc/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../api/client';

/** `GET /api/addresses/search?text=…` (signed in): street-and-city suggestions for the address field. */
export function addressSearchQuery(text: string) {
  return queryOptions({
    queryKey: ['address-search', text] as const,
    queryFn: ({ signal }) => apiFetch<AddressSearchResponse>(`/addresses/search?${new URLSearchParams({ text })}`, { signal }),
    enabled: text.length >= ADDRESS_SEARCH_MIN_LENGTH,
    // Streets do not move: going back to a text typed a minute ago asks again no sooner than that.
    staleTime: 60_000,
    retry: false,
  });
}
